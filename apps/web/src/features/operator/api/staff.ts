import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TChangeRoleRequest,
  TInviteStaffRequest,
  TStaffMember,
} from '@cloud-portal/contract/operator/staff';
import { operatorDelete, operatorGet, operatorPatch, operatorPost } from '@/lib/operator-api';

const STAFF_KEY = ['operator', 'company', 'staff'] as const;

/** GET /api/operator/staff: the current company's members, by name. */
export function staffQueryOptions() {
  return queryOptions({
    queryKey: STAFF_KEY,
    queryFn: ({ signal }) => operatorGet<TStaffMember[]>('staff', signal),
    staleTime: 0,
  });
}

function useStaffMutation<TInput>(send: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

/** POST /api/operator/staff: invites by mail (an enrolment link, 24 h). */
export const useInviteStaff = () =>
  useStaffMutation((body: TInviteStaffRequest) =>
    operatorPost<TStaffMember>('staff', { ...body, email: body.email.trim() }),
  );

export const useChangeRole = () =>
  useStaffMutation(({ staffId, role }: { staffId: number } & TChangeRoleRequest) =>
    operatorPatch<TStaffMember>(`staff/${staffId}`, { role }),
  );

export const useRemoveMember = () =>
  useStaffMutation((staffId: number) => operatorDelete<null>(`staff/${staffId}`));

export const useResetTotp = () =>
  useStaffMutation((staffId: number) => operatorPost<TStaffMember>(`staff/${staffId}/totp-reset`));
