import { describe, expect, it } from 'vitest';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import en from '../../../i18n/marketplace/en.json';
import ko from '../../../i18n/marketplace/ko.json';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null
      ? keysOf(child as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('marketplace texts', () => {
  it('writes the contract messages in English exactly as the spec does', () => {
    expect(en.messages).toEqual(marketplaceMessages);
  });

  it('has every English key in Korean, and no other', () => {
    expect(keysOf(ko).sort()).toEqual(keysOf(en).sort());
  });
});
