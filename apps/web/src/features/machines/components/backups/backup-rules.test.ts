import { describe, expect, it } from 'vitest';
import en from '../../../../i18n/vm-orders/en.json';
import {
  ALREADY_RESTORED,
  BACKUP_TAB_TEXTS,
  BLOCKED_CLONE,
  BLOCKED_USE,
  backupActionReason,
  backupOrderPath,
  backupUnavailableReason,
} from './backup-rules';

const vm = { isBlocked: 0, isClone: 0, status: 'running', createdUUID: 'uuid-1' } as const;

describe('Clone and Snapshot on the Backup tab', () => {
  it('are available for a running or shut-off machine of the customer', () => {
    expect(backupUnavailableReason(vm)).toBeNull();
    expect(backupUnavailableReason({ ...vm, status: 'shutoff' })).toBeNull();
  });

  it('say why not: blocked (the spec’s tooltip), a clone, or not running nor shut off', () => {
    expect(backupUnavailableReason({ ...vm, isBlocked: 1 })).toBe(
      'This VM is blocked by admin, so you are not able to clone the VM.',
    );
    expect(backupUnavailableReason({ ...vm, isBlocked: 1, isClone: 1 })).toBe(BLOCKED_CLONE);
    expect(backupUnavailableReason({ ...vm, isClone: 1 })).toBe(
      'This virtual machine is a clone: clones cannot be cloned or snapshotted.',
    );
    for (const status of ['provisioning', 'busy', 'failed', 'expired', 'archived'] as const) {
      expect(backupUnavailableReason({ ...vm, status })).toBe(
        'Only a running or shut-off virtual machine can be cloned or snapshotted.',
      );
    }
    expect(backupUnavailableReason({ ...vm, createdUUID: null })).not.toBeNull();
  });

  it('lead to the order screens of the machine', () => {
    expect(backupOrderPath('Clone', 12)).toBe('/buyclonevm/12');
    expect(backupOrderPath('Snapshot', 12)).toBe('/buysnapshotvm/12');
  });
});

describe('the actions on a clone or snapshot', () => {
  const clone = {
    status: 'ready',
    isCloneOrSnapshot: 'Clone',
    isBlocked: 0,
    isRestoredVM: 0,
    cloneUUID: 'clone-1',
  } as const;
  const snapshot = { ...clone, isCloneOrSnapshot: 'Snapshot' } as const;

  it('are all available on a ready clone; a snapshot has no access details', () => {
    for (const action of ['view', 'restore', 'delete'] as const) {
      expect(backupActionReason(clone, action)).toBeNull();
    }
    expect(backupActionReason(snapshot, 'view')).toBe(
      'A snapshot is a copy of the disks only: it has no access details.',
    );
    expect(backupActionReason(snapshot, 'restore')).toBeNull();
    expect(backupActionReason(snapshot, 'delete')).toBeNull();
  });

  it("hold an archived machine's snapshot back until the machine is restored", () => {
    expect(backupActionReason(snapshot, 'restore', true)).toBe(
      'This virtual machine is archived: restore it first, then restore its snapshot.',
    );
    expect(backupActionReason(snapshot, 'delete', true)).toBeNull();
    expect(backupActionReason(clone, 'restore', true)).toBeNull();
  });

  it('wait while it is being made or restored', () => {
    for (const status of ['creating', 'restoring'] as const) {
      for (const action of ['view', 'restore', 'delete'] as const) {
        expect(backupActionReason({ ...clone, status }, action)).toBe(
          'This clone or snapshot is not ready yet. Please try again in a moment.',
        );
      }
    }
    expect(backupActionReason({ ...clone, cloneUUID: null }, 'delete')).not.toBeNull();
  });

  it('refuse view and restore for a blocked machine, and a second restore of a clone', () => {
    expect(backupActionReason({ ...clone, isBlocked: 1 }, 'view')).toBe(BLOCKED_USE);
    expect(backupActionReason({ ...clone, isBlocked: 1 }, 'restore')).toBe(BLOCKED_USE);
    expect(backupActionReason({ ...clone, isBlocked: 1 }, 'delete')).toBeNull();
    const restored = { ...clone, isRestoredVM: 1, status: 'restored' } as const;
    expect(backupActionReason(restored, 'restore')).toBe(ALREADY_RESTORED);
    expect(backupActionReason(restored, 'delete')).toBe(
      'This clone was restored into a virtual machine of its own: delete it from the Products tab.',
    );
    expect(backupActionReason(restored, 'view')).toBeNull();
    expect(backupActionReason({ ...clone, status: 'failed' }, 'restore')).not.toBeNull();
    expect(backupActionReason({ ...clone, status: 'failed' }, 'delete')).toBeNull();
  });
});

describe('the Backup tab texts', () => {
  it('translate every message the tab can show (vmOrders namespace)', () => {
    expect(en.messages).toMatchObject(BACKUP_TAB_TEXTS);
  });
});
