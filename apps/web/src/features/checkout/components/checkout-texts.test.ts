import { describe, expect, it } from 'vitest';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import en from '../../../i18n/checkout/en.json';
import ko from '../../../i18n/checkout/ko.json';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null
      ? keysOf(child as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('checkout texts', () => {
  it('writes every order message in English exactly as the contract does', () => {
    expect(en.messages).toEqual(orderMessages);
  });

  it('has every English key in Korean, and no other', () => {
    expect(keysOf(ko).sort()).toEqual(keysOf(en).sort());
  });
});
