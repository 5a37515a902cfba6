import { describe, expect, it } from 'vitest';
import { ACTIVE_VM_STATUSES } from '@cloud-portal/contract/vms/active-vms';
import { isSettling, statusBadge } from './products-tab-format';

describe('isSettling', () => {
  it('is true only while a VM is provisioning or busy, when no update is being applied', () => {
    const settling = ACTIVE_VM_STATUSES.filter((status) => isSettling({ status, isUpdating: 0 }));
    expect(settling).toEqual(['provisioning', 'busy']);
  });

  it('is true while a paid update is being applied, whatever the state (issue 25)', () => {
    const settling = ACTIVE_VM_STATUSES.filter((status) => isSettling({ status, isUpdating: 1 }));
    expect(settling).toEqual([...ACTIVE_VM_STATUSES]);
  });
});

describe('statusBadge', () => {
  it('spins for provisioning and busy, and colours each state', () => {
    expect(statusBadge('provisioning')).toEqual({
      key: 'provisioning',
      color: 'blue',
      textColor: 'blue.9',
      withSpinner: true,
    });
    expect(statusBadge('running')).toMatchObject({ color: 'green', withSpinner: false });
    expect(statusBadge('shutoff')).toMatchObject({ color: 'gray', withSpinner: false });
    expect(statusBadge('failed')).toMatchObject({ color: 'red', withSpinner: false });
    expect(statusBadge('expired')).toMatchObject({ color: 'orange', withSpinner: false });
    expect(statusBadge('busy').withSpinner).toBe(true);
  });
});
