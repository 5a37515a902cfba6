import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@cloud-portal/contract/operator/permissions';
import { navItemsFor } from './nav-items';

const keysFor = (role: (typeof STAFF_ROLES)[number], given = ['tickets']) =>
  navItemsFor(ROLE_PERMISSIONS[role], given).map((item) => item.key);

describe('navItemsFor', () => {
  it('shows an owner every page', () => {
    expect(keysFor('owner')).toEqual(['overview', 'desk', 'staff', 'audit']);
  });

  it('hides the staff and the audit log from every other role', () => {
    for (const role of STAFF_ROLES.filter((role) => role !== 'owner')) {
      expect(keysFor(role)).toEqual(['overview', 'desk']);
    }
  });

  it('lists the desk only once the console is given it', () => {
    expect(keysFor('owner', [])).toEqual(['overview', 'staff', 'audit']);
    expect(keysFor('support', [])).toEqual(['overview']);
  });

  it('shows only the overview to a member with no keys', () => {
    expect(navItemsFor([], ['tickets']).map((item) => item.key)).toEqual(['overview']);
  });
});
