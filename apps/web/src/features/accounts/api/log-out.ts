import { useMutation } from '@tanstack/react-query';
import { logOut } from '@/lib/session';

/**
 * POST /api/auth/logout (the fetcher lives with the session in lib/, which also logs out when the
 * session ends): 200 'You have been logged out', the cookies cleared.
 */
export function useLogOut() {
  return useMutation({ mutationFn: logOut });
}
