import { describe, expect, it } from 'vitest';
import { lanIpOfOtherMachine } from '@cloud-portal/contract/vms/public-ip-rules';
import en from '../../../../i18n/public-ip/en.json';
import ko from '../../../../i18n/public-ip/ko.json';
import { PUBLIC_IP_PATTERNS, PUBLIC_IP_TEXTS } from './public-ip-texts';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null
      ? keysOf(child as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('public IP texts', () => {
  it('writes every message in English exactly as the contract and the API do', () => {
    const { lanIpOfOtherMachine: pattern, ...fixed } = en.messages;
    expect(fixed).toEqual(PUBLIC_IP_TEXTS);
    expect(pattern).toBe(lanIpOfOtherMachine('{{address}}'));
    expect(en.cell.blocked).toBe(PUBLIC_IP_TEXTS.blocked);
  });

  it("reads the address back out of the server's LAN IP message", () => {
    const [only] = PUBLIC_IP_PATTERNS;
    const match = only!.pattern.exec(lanIpOfOtherMachine('10.4.0.12'));
    expect(match && only!.values(match)).toEqual({ address: '10.4.0.12' });
    expect(only!.pattern.exec('Enter Valid LAN IP Address')).toBeNull();
  });

  it('has every English key in Korean, and no other', () => {
    expect(keysOf(ko).sort()).toEqual(keysOf(en).sort());
  });
});
