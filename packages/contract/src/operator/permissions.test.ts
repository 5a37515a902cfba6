import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, roleAllows } from './permissions';

describe('staff roles', () => {
  it('bundle only known keys, and the owner holds every key', () => {
    for (const role of STAFF_ROLES)
      for (const key of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(key);
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('keep the audit log and the staff with the owners, and writes away from read-only', () => {
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
      expect(roleAllows(role, 'audit.view')).toBe(false);
      expect(roleAllows(role, 'staff.manage')).toBe(false);
    }
    expect(roleAllows('support', 'tickets.reply')).toBe(true);
    expect(roleAllows('billing', 'tickets.reply')).toBe(false);
    expect(ROLE_PERMISSIONS['read-only'].every((key) => key.endsWith('.view'))).toBe(true);
  });
});
