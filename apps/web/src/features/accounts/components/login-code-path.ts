import type { TPendingLogin } from '@cloud-portal/contract/accounts/add-user';

/**
 * ADR 004: /loginotp/{ID}/{emailId}/{flow} with flow 1 after sign-up and 2 after login; `ID` is
 * the pending login's opaque reference (ADR 010), URL-safe as it is.
 */
export const LOGIN_CODE_FLOW = { signup: '1', login: '2' } as const;

export function toLoginCodePath(pending: TPendingLogin, flow: keyof typeof LOGIN_CODE_FLOW) {
  return `/loginotp/${pending.ID}/${encodeURIComponent(pending.emailId)}/${LOGIN_CODE_FLOW[flow]}`;
}
