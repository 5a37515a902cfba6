import { describe, expect, it } from 'vitest';
import { BACKUP_NAME_LENGTH, backupDisplayName } from './backup-names';

describe('backupDisplayName', () => {
  it('names a copy for the machine the customer knows, its kind and its number', () => {
    expect(backupDisplayName({ name: 'Ubuntu Starter', aliasName: null }, 'clone', 1)).toBe(
      'Ubuntu Starter clone 1',
    );
    expect(
      backupDisplayName({ name: 'Ubuntu Starter', aliasName: 'Accounts server' }, 'snapshot', 3),
    ).toBe('Accounts server snapshot 3');
  });

  it('never shows an internal id, and takes the name when the alias is blank', () => {
    const name = backupDisplayName({ name: 'Debian Flex', aliasName: '  ' }, 'clone', 2);
    expect(name).toBe('Debian Flex clone 2');
    expect(name).not.toMatch(/order-\d/);
  });

  it('keeps the number whole within the length a name may have', () => {
    const name = backupDisplayName({ name: 'x'.repeat(300), aliasName: null }, 'snapshot', 12);
    expect(name.length).toBe(BACKUP_NAME_LENGTH);
    expect(name.endsWith(' snapshot 12')).toBe(true);
    expect(backupDisplayName({ name: 'A', aliasName: null }, 'clone', 0)).toBe('A clone 1');
  });
});
