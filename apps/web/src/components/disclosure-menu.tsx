import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import classes from './disclosure-menu.module.css';

type Props = {
  /** The button's visible content. */
  label: ReactNode;
  /** Its accessible name when the visible content is not enough (it must contain the visible text). */
  ariaLabel?: string;
  leftSection?: ReactNode;
  /** Which edge of the button the panel lines up with. */
  align?: 'start' | 'end';
  /** The panel's items; call `close` after acting on one. */
  children: (close: () => void) => ReactNode;
  buttonClassName?: string;
};

const ITEM_SELECTORS = ['a[href]', 'button:not([disabled])'];

/**
 * A button that shows and hides a small panel of links or actions: the WAI-ARIA "disclosure"
 * pattern for site navigation. It closes on Escape (focus returns to the button), on a click or
 * focus outside, and after an item is used; arrow keys move between the items.
 */
export function DisclosureMenu({
  label,
  ariaLabel,
  leftSection,
  align = 'start',
  children,
  buttonClassName,
}: Props) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setIsOpen(false), []);

  useEffect(() => {
    if (!isOpen) return;
    const handlePointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [isOpen]);

  const getItems = () => {
    const panel = `#${CSS.escape(panelId)}`;
    const selector = ITEM_SELECTORS.map((item) => `${panel} ${item}`).join(', ');
    return Array.from(rootRef.current?.querySelectorAll<HTMLElement>(selector) ?? []);
  };

  const focusItem = (position: 'first' | 'last' | 'next' | 'previous') => {
    const items = getItems();
    if (items.length === 0) return;
    const current = items.indexOf(document.activeElement as HTMLElement);
    const index =
      position === 'first'
        ? 0
        : position === 'last'
          ? items.length - 1
          : position === 'next'
            ? (current + 1) % items.length
            : (current - 1 + items.length) % items.length;
    items[index]?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && isOpen) {
      event.stopPropagation();
      setIsOpen(false);
      buttonRef.current?.focus();
      return;
    }
    const moves: Record<string, 'first' | 'last' | 'next' | 'previous'> = {
      ArrowDown: 'next',
      ArrowUp: 'previous',
      Home: 'first',
      End: 'last',
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    if (!isOpen) {
      setIsOpen(true);
      requestAnimationFrame(() =>
        focusItem(move === 'previous' || move === 'last' ? 'last' : 'first'),
      );
      return;
    }
    focusItem(document.activeElement === buttonRef.current && move === 'next' ? 'first' : move);
  };

  return (
    <div
      ref={rootRef}
      className={classes.root}
      onKeyDown={handleKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsOpen(false);
      }}
    >
      <UnstyledButton
        ref={buttonRef}
        className={`${classes.button} ${buttonClassName ?? ''}`}
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={ariaLabel}
        onClick={() => setIsOpen((open) => !open)}
      >
        {leftSection}
        {label}
        <IconChevronDown
          size={14}
          aria-hidden
          className={classes.chevron}
          data-open={isOpen || undefined}
        />
      </UnstyledButton>
      <div id={panelId} className={classes.panel} data-align={align} hidden={!isOpen}>
        {children(close)}
      </div>
    </div>
  );
}

/** Class names for the panel's list and its items, so every menu looks the same. */
export const disclosureMenuClassNames = { list: classes.list, item: classes.item } as const;
