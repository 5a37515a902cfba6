import { createContext, use } from 'react';
import type { Permission } from '@cloud-portal/contract/operator/permissions';

/**
 * The signed-in staff member as the console's shell gives it to the pages other features lend
 * the console (the ticket desk): features do not import each other, so the shell provides this.
 */
export type ConsoleMember = {
  staff: { id: number; name: string; email: string };
  currentCompanyId: number;
  permissions: readonly Permission[];
};

export const ConsoleMemberContext = createContext<ConsoleMember | null>(null);

/** The signed-in member, inside the operator console's shell. */
export function useConsoleMember(): ConsoleMember {
  const member = use(ConsoleMemberContext);
  if (!member) throw new Error('useConsoleMember is used outside the operator shell.');
  return member;
}
