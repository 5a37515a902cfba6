import { describe, expect, it } from 'vitest';
import { initialBackupKind, readVmId } from './route-values';

describe('readVmId', () => {
  it('reads a positive whole number', () => {
    expect(readVmId('1')).toBe(1);
    expect(readVmId('2147483647')).toBe(2_147_483_647);
  });

  it('refuses anything else, so no call is made', () => {
    for (const value of [
      undefined,
      '',
      '0',
      '-1',
      '1.5',
      'abc',
      '12abc',
      ' 1',
      '2147483648',
      '99999999999',
    ]) {
      expect(readVmId(value)).toBeNull();
    }
  });
});

describe('initialBackupKind', () => {
  it("starts a reloaded or directly opened page with the page's own kind", () => {
    expect(initialBackupKind(null, null, 'Clone')).toBe('Clone');
    expect(initialBackupKind(null, undefined, 'Snapshot')).toBe('Snapshot');
  });

  it('takes the kind the Backup tab passed on, and the one kept in the URL before it', () => {
    expect(initialBackupKind(null, { cloneOptionType: 'Snapshot' }, 'Clone')).toBe('Snapshot');
    expect(initialBackupKind('Clone', { cloneOptionType: 'Snapshot' }, 'Snapshot')).toBe('Clone');
  });

  it('ignores a kind that is not one', () => {
    expect(initialBackupKind('clone', { cloneOptionType: 'Backup' }, 'Snapshot')).toBe('Snapshot');
    expect(initialBackupKind('', 42, 'Clone')).toBe('Clone');
  });
});
