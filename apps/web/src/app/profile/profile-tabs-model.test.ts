import { describe, expect, it } from 'vitest';
import { toProfileTab } from './profile-tabs-model';

describe('the profile tab of /customerprofile/{id}', () => {
  it('opens Tickets for 1 and Products otherwise', () => {
    expect(toProfileTab('1')).toBe('tickets');
    expect(toProfileTab('2')).toBe('products');
    expect(toProfileTab(undefined)).toBe('products');
  });
});

describe('toProfileTab', () => {
  it('opens Renewals on /CustomerProfile/3 and Archived on /CustomerProfile/6', () => {
    expect(toProfileTab('3')).toBe('renewals');
    expect(toProfileTab('6')).toBe('archived');
    expect(toProfileTab('1')).toBe('tickets');
    expect(toProfileTab('4')).toBe('products');
  });
});
