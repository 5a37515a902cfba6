import { useState, type ReactNode } from 'react';
import { Box, Collapse, Group, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import classes from './collapsible-section.module.css';

type Props = {
  /** Prefix of the heading's and the panel's ids; unique on the page. */
  id: string;
  title: string;
  children: ReactNode;
};

/**
 * A marketplace section (portal.md §2): its heading (h2) is the toggle that shows or hides the
 * section, announced as expanded or collapsed.
 */
export function CollapsibleSection({ id, title, children }: Props) {
  const [isExpanded, setIsExpanded] = useState(true);
  const headingId = `${id}-heading`;
  const panelId = `${id}-panel`;

  return (
    <Box component="section" aria-labelledby={headingId} data-testid={`section-${id}`}>
      <Title order={2} id={headingId} fz={{ base: 22, md: 26 }} mb="md">
        <UnstyledButton
          className={classes.toggle}
          aria-expanded={isExpanded}
          aria-controls={panelId}
          onClick={() => setIsExpanded((expanded) => !expanded)}
        >
          <Group component="span" gap="xs" wrap="nowrap">
            <IconChevronDown
              size={24}
              aria-hidden
              className={classes.chevron}
              data-expanded={isExpanded || undefined}
            />
            <span>{title}</span>
          </Group>
        </UnstyledButton>
      </Title>
      <Collapse expanded={isExpanded} id={panelId}>
        {children}
      </Collapse>
    </Box>
  );
}
