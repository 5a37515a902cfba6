import { describe, expect, it } from 'vitest';
import { zOptionalText, zRequiredText } from './field-schemas';
import { hasControlCharacters, validateRequiredText } from './text';

const controlMessage = 'This text contains invisible control characters. Please remove them';

describe('control characters in text', () => {
  it.each([
    '\u0000',
    '\u0001',
    '\u0007',
    '\u0008',
    '\u000b',
    '\u000c',
    '\u001b',
    '\u007f',
    '\u009b',
  ])('finds %j', (character) => {
    expect(hasControlCharacters(`Hello${character}world`)).toBe(true);
  });

  it('lets tabs, line breaks and every script through', () => {
    expect(hasControlCharacters('Line one\r\nLine two\tend')).toBe(false);
    expect(hasControlCharacters('안녕하세요 Zoë — 😀 «ok» ½')).toBe(false);
  });

  it('refuses them in a required text, on the server and in the browser, with one message', () => {
    const schema = zRequiredText('Description required');
    expect(schema.safeParse('Hello\u0000world').error?.issues.map((i) => i.message)).toEqual([
      controlMessage,
    ]);
    expect(schema.safeParse('  Two\nlines\t ').data).toBe('Two\nlines');
    expect(validateRequiredText('Hello\u0000world', 'Description required')).toBe(controlMessage);
    expect(validateRequiredText(' \u0000 ', 'Description required')).toBe(controlMessage);
    expect(validateRequiredText('  ', 'Description required')).toBe('Description required');
    expect(validateRequiredText('Fine', 'Description required')).toBeNull();
  });

  it('refuses them in an optional text, which is empty when absent', () => {
    const schema = zOptionalText(50);
    expect(schema.parse(undefined)).toBe('');
    expect(schema.parse(' VAT 123 ')).toBe('VAT 123');
    expect(schema.safeParse('VAT\u0000').error?.issues[0]?.message).toBe(controlMessage);
    expect(schema.safeParse('x'.repeat(51)).error?.issues[0]?.message).toBe(
      'Use at most 50 characters',
    );
  });
});
