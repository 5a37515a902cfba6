import { describe, expect, it } from 'vitest';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { failureMessages } from './failure-messages';

describe('failureMessages', () => {
  it("says the spec's sentence, then the gateway's stored reason", () => {
    expect(failureMessages('The sandbox declined the payment.')).toEqual({
      spec: orderMessages.gatewayFailure,
      stored: 'The sandbox declined the payment.',
    });
  });

  it('says the spec sentence once when nothing more was stored', () => {
    expect(failureMessages('  ')).toEqual({ spec: orderMessages.gatewayFailure, stored: null });
    expect(failureMessages(orderMessages.gatewayFailure)).toEqual({
      spec: orderMessages.gatewayFailure,
      stored: null,
    });
  });
});
