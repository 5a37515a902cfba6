import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createStaticHandler } from 'react-router';
import { buildRoutes } from './router';

/** ADR 026: the spec's /payment and /OZOWPaymentform lead to the customer's purchases. */
describe('the spec routes that are not built', () => {
  const handler = createStaticHandler(buildRoutes(new QueryClient()));

  it.each(['/payment', '/OZOWPaymentform', '/ozowpaymentform'])(
    '%s redirects to the profile',
    async (path) => {
      const answer = await handler.query(new Request(`http://localhost:3000${path}`));
      expect(answer).toBeInstanceOf(Response);
      const response = answer as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe('/customerprofile/2');
    },
  );
});
