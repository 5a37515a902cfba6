import { describe, expect, it } from 'vitest';
import type { TUserProfileInfoResponse } from '@cloud-portal/contract/accounts/profile';
import { toUserProfileInfo } from './user-profile-info';

/** userProfileInfo as the server answers it: the spec's lists, each with its paging beside it. */
const wire = {
  userDetails: { firstName: 'Thandi', lastName: 'Nkosi' },
  country: [],
  activeProducts: [{ ID: 1 }, { ID: 2 }],
  activeProductsPaging: { page: 1, pageSize: 10, total: 12 },
  purchaseHistory: [{ ID: 7 }],
  purchaseHistoryPaging: { page: 1, pageSize: 10, total: 1 },
  renewVM: [],
  renewVMPaging: { page: 1, pageSize: 10, total: 0 },
  cloneVMDetails: [{ ID: 3 }],
  cloneVMDetailsPaging: { page: 1, pageSize: 20, total: 1 },
  archivedVM: [{ ID: 4 }],
  archivedVMPaging: { page: 1, pageSize: 10, total: 1 },
  meraki: { runMerakiScript: 0 },
} as unknown as TUserProfileInfoResponse;

describe('the userProfileInfo reader', () => {
  it('gives each tab its first page as the paged calls answer it', () => {
    const profile = toUserProfileInfo(wire);
    expect(profile.activeProducts).toEqual({
      rows: [{ ID: 1 }, { ID: 2 }],
      page: 1,
      pageSize: 10,
      total: 12,
    });
    expect(profile.purchaseHistory).toEqual({ rows: [{ ID: 7 }], page: 1, pageSize: 10, total: 1 });
    expect(profile.renewVM).toEqual({ rows: [], page: 1, pageSize: 10, total: 0 });
    expect(profile.cloneVMDetails.rows).toEqual([{ ID: 3 }]);
    expect(profile.archivedVM.total).toBe(1);
    expect(profile).not.toHaveProperty('activeProductsPaging');
    expect(profile.userDetails).toBe(wire.userDetails);
    expect(profile.meraki).toEqual({ runMerakiScript: 0 });
  });
});
