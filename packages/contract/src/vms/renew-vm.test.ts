import { describe, expect, it } from 'vitest';
import {
  ZGetVmDataForMultipleRenewRequest,
  ZRenewSelectedVmRequest,
  ZRenewVmRequest,
} from './renew-vm';

describe('renewal payloads', () => {
  it('reads the renew order: the VM id, the period and the total in minor units', () => {
    const parsed = ZRenewVmRequest.parse({
      productID: '12',
      timePeriod: 90,
      totalAmount: '1529.50',
      paymentGateway: 'Sandbox Payment',
      // The spec's VM fields are accepted and dropped: the server prices from its records.
      productName: 'Ubuntu Starter',
      ramCount: 4,
      daysExtended: 5,
    });
    expect(parsed).toEqual({
      productID: 12,
      timePeriod: 90,
      totalAmount: 152_950,
      paymentGateway: 'Sandbox Payment',
      byPassflag: 0,
      convertToUsd: false,
      daysExtended: 5,
    });
    expect(
      ZRenewVmRequest.safeParse({ productID: 12, timePeriod: 0, totalAmount: '1' }).success,
    ).toBe(false);
    expect(
      ZRenewVmRequest.safeParse({ productID: 12, timePeriod: 30, totalAmount: '1.234' }).success,
    ).toBe(false);
  });

  it('takes 1–20 distinct VM ids for a multi-renewal', () => {
    const ok = (ids: unknown) => ZGetVmDataForMultipleRenewRequest.safeParse({ renewVMData: ids });
    expect(ok([3, 1, 2]).data).toEqual({ renewVMData: [3, 1, 2] });
    expect(ok(Array.from({ length: 20 }, (_, index) => index + 1)).success).toBe(true);
    expect(ok(Array.from({ length: 21 }, (_, index) => index + 1)).success).toBe(false);
    expect(ok([]).success).toBe(false);
    expect(ok([4, 4]).success).toBe(false);
    expect(ok([0]).success).toBe(false);
    expect(
      ZRenewSelectedVmRequest.safeParse({ renewVMData: [1, 2], totalAmount: '961.17' }).data
        ?.totalAmount,
    ).toBe(96_117);
  });
});
