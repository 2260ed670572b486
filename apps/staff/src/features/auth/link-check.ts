import { checkResetToken, verifyUser } from '@trialpath/contract';
import { useEndpointQuery } from '../../shared/queries';

const MIN_TOKEN_LENGTH = 10;

/** Whether a link's token can still be used, asked once; a too-short token is not asked about. */
function linkState<T extends { valid: boolean }>(token: string, check: { isError: boolean; data?: T }) {
  return token.length < MIN_TOKEN_LENGTH || check.isError || check.data?.valid === false;
}

const once = (token: string) => ({ enabled: token.length >= MIN_TOKEN_LENGTH, retry: false, staleTime: Infinity });

/** The token of a reset or create-password link, with the username of its account. */
export function useResetTokenCheck(token: string) {
  const check = useEndpointQuery(checkResetToken, { params: { token } }, once(token));
  return { check, unusable: linkState(token, check) };
}

/** The token of an invitation (registration) link, with the invitee's e-mail and names. */
export function useInvitationCheck(token: string) {
  // A read sent as POST (the token stays out of the address): its body is part of the key.
  const check = useEndpointQuery(verifyUser, { body: { token } }, once(token));
  return { check, unusable: linkState(token, check) };
}
