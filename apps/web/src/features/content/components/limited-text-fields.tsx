import { Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import type { TextareaProps, TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countCharacters } from './character-count';

const DESCRIPTION_BELOW = ['label', 'input', 'description', 'error'] as (
  'label' | 'input' | 'description' | 'error'
)[];

type Limited = { maxLength: number; value?: string };

/** "123 / 5000" under the box, read as "123 of 5000 characters used", and told at the limit. */
function CharacterCounter({ value, max }: { value: string; max: number }) {
  const { t } = useTranslation('content');
  const { count, isAtLimit } = countCharacters(value, max);
  return (
    <span style={{ display: 'block', textAlign: 'end' }}>
      <Text
        span
        inherit
        c={isAtLimit ? 'red.8' : undefined}
        fw={isAtLimit ? 600 : undefined}
        aria-hidden
      >
        {t('forms.characterCount', { count, max })}
      </Text>
      <VisuallyHidden component="span">
        {t('forms.characterCountLabel', { count, max })}
      </VisuallyHidden>
      <VisuallyHidden component="span" role="status">
        {isAtLimit ? t('forms.characterLimitReached', { max }) : ''}
      </VisuallyHidden>
    </span>
  );
}

/**
 * A multi-line free-text box with the contract's limit: typing stops at it, and the count shows
 * as the visitor types (issue 9: a 6,000-character message was accepted and refused on Send).
 */
export function LimitedTextarea({ maxLength, value = '', ...props }: TextareaProps & Limited) {
  return (
    <Textarea
      maxLength={maxLength}
      value={value}
      description={<CharacterCounter value={value} max={maxLength} />}
      inputWrapperOrder={DESCRIPTION_BELOW}
      {...props}
    />
  );
}

/** A single-line box with the contract's limit: typing stops at it; the count shows near it. */
export function LimitedTextInput({
  maxLength,
  value = '',
  description,
  ...props
}: TextInputProps & Limited) {
  const isNearLimit = countCharacters(value, maxLength).isNearLimit;
  return (
    <TextInput
      maxLength={maxLength}
      value={value}
      description={isNearLimit ? <CharacterCounter value={value} max={maxLength} /> : description}
      inputWrapperOrder={DESCRIPTION_BELOW}
      {...props}
    />
  );
}
