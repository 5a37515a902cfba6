import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  TEnrolmentLink,
  TEnrolmentPasswordRequest,
  TStaffMe,
  TStaffPendingStep,
  TStaffSignInRequest,
  TStaffVerifyRequest,
  TTotpConfirmed,
  TTotpSetup,
} from '@cloud-portal/contract/operator/auth';
import { isApiError } from '@/lib/api-client';
import { operatorGet, operatorPost } from '@/lib/operator-api';

const SESSION_KEY = ['operator', 'session'] as const;

/** GET /api/operator/auth/me: the signed-in member, or null when nobody is. */
export function operatorSessionQueryOptions() {
  return queryOptions({
    queryKey: SESSION_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await operatorGet<TStaffMe>('auth/me', signal);
      } catch (error) {
        if (isApiError(error) && (error.httpStatus === 401 || error.httpStatus === 403)) {
          return null;
        }
        throw error;
      }
    },
    staleTime: 60_000,
    // Back at the tab after a while: an ended session shows as ended at once, not at the next click.
    refetchOnWindowFocus: true,
  });
}

/** Whether the console holds a signed-in member (a 401 then means their session ended). */
export function hasOperatorSession(queryClient: QueryClient): boolean {
  return Boolean(queryClient.getQueryData(SESSION_KEY));
}

/** The session is over (signed out, expired): the console forgets what it showed. */
export function forgetOperatorSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: ['operator', 'company'] });
  queryClient.setQueryData(SESSION_KEY, null);
}

function useSignedIn() {
  const queryClient = useQueryClient();
  return (me: TStaffMe) => {
    queryClient.removeQueries({ queryKey: ['operator', 'company'] });
    queryClient.setQueryData(SESSION_KEY, me);
  };
}

/** POST /api/operator/auth/sign-in: the step that comes next ('totp', or 'enrol' after a reset). */
export function useOperatorSignIn() {
  return useMutation({
    mutationFn: (body: TStaffSignInRequest) =>
      operatorPost<TStaffPendingStep>('auth/sign-in', { ...body, email: body.email.trim() }),
  });
}

/** POST /api/operator/auth/verify: a code from the app, or one of the recovery codes. */
export function useOperatorVerify() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: TStaffVerifyRequest) => operatorPost<TStaffMe>('auth/verify', body),
    onSuccess: signedIn,
  });
}

/** GET /api/operator/auth/totp-setup: the new secret to scan (step 'enrol'). */
export function totpSetupQueryOptions() {
  return queryOptions({
    queryKey: ['operator', 'totp-setup'],
    queryFn: ({ signal }) => operatorGet<TTotpSetup>('auth/totp-setup', signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** POST /api/operator/auth/totp-setup: a first code confirms it; answers the recovery codes. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => operatorPost<TTotpConfirmed>('auth/totp-setup', { code }),
    // The session starts now, but the page keeps showing the codes until the member goes on.
    onSuccess: ({ me }) => {
      queryClient.removeQueries({ queryKey: ['operator', 'company'] });
      queryClient.setQueryData(SESSION_KEY, me);
    },
  });
}

/**
 * POST /api/operator/auth/logout; the caller leaves the console and then forgets the session
 * (forgetting first would show the shell's "session expired").
 */
export function useOperatorLogout() {
  return useMutation({ mutationFn: () => operatorPost<null>('auth/logout') });
}

/** POST /api/operator/auth/switch-company: the member works in another of their companies. */
export function useSwitchCompany() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (companyId: number) => operatorPost<TStaffMe>('auth/switch-company', { companyId }),
    onSuccess: signedIn,
  });
}

/** GET /api/operator/auth/enrolment/:token: who the link is for. */
export function enrolmentLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['operator', 'enrolment', token],
    queryFn: ({ signal }) =>
      operatorGet<TEnrolmentLink>(`auth/enrolment/${encodeURIComponent(token)}`, signal),
    staleTime: Infinity,
    retry: false,
  });
}

/** POST /api/operator/auth/enrolment/:token: uses the link and sets the name and password. */
export function useEnrolmentPassword(token: string) {
  return useMutation({
    mutationFn: (body: TEnrolmentPasswordRequest) =>
      operatorPost<TStaffPendingStep>(`auth/enrolment/${encodeURIComponent(token)}`, body),
  });
}
