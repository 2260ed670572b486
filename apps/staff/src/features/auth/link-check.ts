import { checkResetToken, verifyUser } from '@trialpath/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';

const MIN_TOKEN_LENGTH = 10;

/** Asks the server once whether a link's token can still be used; a too-short token is not asked about. */
function useLinkCheck<T extends { valid: boolean }>(kind: string, token: string, ask: () => Promise<T>) {
  const check = useQuery({
    queryKey: [kind, token],
    queryFn: ask,
    enabled: token.length >= MIN_TOKEN_LENGTH,
    retry: false,
    staleTime: Infinity,
  });
  const unusable = token.length < MIN_TOKEN_LENGTH || check.isError || check.data?.valid === false;
  return { check, unusable };
}

/** The token of a reset or create-password link, with the username of its account. */
export function useResetTokenCheck(token: string) {
  return useLinkCheck('password-token', token, () => api.call(checkResetToken, { params: { token } }));
}

/** The token of an invitation (registration) link, with the invitee's e-mail and names. */
export function useInvitationCheck(token: string) {
  return useLinkCheck('verify-user', token, () => api.call(verifyUser, { body: { token } }));
}
