import { describe, expect, it } from 'vitest';
import { messages } from '../validation/messages';
import {
  powerActionsFor,
  validateAliasName,
  vmActionMessages,
  ZAddAliasNameRequest,
} from './vm-actions';

describe('alias names', () => {
  it('takes 1 to 50 characters once trimmed, counting characters rather than UTF-16 units', () => {
    expect(validateAliasName('  Web  ')).toBeNull();
    expect(validateAliasName('x'.repeat(50))).toBeNull();
    expect(validateAliasName('😀'.repeat(50))).toBeNull();
    expect(validateAliasName('회계 서버')).toBeNull();
    expect(validateAliasName('')).toBe(vmActionMessages.aliasRequired);
    expect(validateAliasName(' \t ')).toBe(vmActionMessages.aliasRequired);
    expect(validateAliasName('x'.repeat(51))).toBe(vmActionMessages.aliasTooLong);
    expect(validateAliasName('a\u0000b')).toBe(messages.textControlCharacters);
  });

  it('is the same rule on the server, which stores the trimmed name', () => {
    expect(ZAddAliasNameRequest.parse({ aliasName: '  Web ', productID: '7' })).toEqual({
      aliasName: 'Web',
      productID: 7,
    });
    const refused = ZAddAliasNameRequest.safeParse({ aliasName: ' ', productID: 7 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(vmActionMessages.aliasRequired);
    expect(
      ZAddAliasNameRequest.safeParse({ aliasName: 'x'.repeat(51), productID: 7 }).success,
    ).toBe(false);
  });
});

describe('power buttons', () => {
  it('offers only what the state allows', () => {
    expect(powerActionsFor('running')).toEqual(['shutdownVM', 'powerOffVM', 'rebootVM']);
    expect(powerActionsFor('shutoff')).toEqual(['startVM']);
    for (const state of [
      'busy',
      'provisioning',
      'expired',
      'archived',
      'failed',
      'missing',
    ] as const) {
      expect(powerActionsFor(state)).toEqual([]);
    }
  });
});
