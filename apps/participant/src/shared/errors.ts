/**
 * Which text a participant sees when a call fails. The server's message is preferred (spec 000 §8.2),
 * shown in the participant's language from its catalogue key (decision 0016) — never by matching English
 * text. Change and forgot password follow spec 001 §8 on the outcomes our identity endpoints answer with.
 */
import { ApiRequestError } from '@trialpath/contract';
import { isMessageKey, type MessageKey, serverMessageText, translate } from '@trialpath/domain';

/** Network failure (status 0): the participant offline text when offline, else the server-issue text. */
export function networkText(online: boolean, lang: string): string {
  return translate(online ? 'network.serverIssue' : 'network.offlineParticipant', undefined, lang);
}

/** Text for a failed call: the server's message in `lang`, the network text, or the fallback. */
export function failureText(error: unknown, lang: string, fallback: MessageKey, online = true): string {
  if (error instanceof ApiRequestError) {
    if (error.status <= 0) return networkText(online, lang);
    const server = serverMessageText(error.body, lang);
    if (server) return server;
  }
  return translate(fallback, undefined, lang);
}

/**
 * Spec 001 §8's named outcomes of the identity calls — 'Attempt limit exceeded…', 'Username not found.',
 * 'Bad Request.' — which our identity endpoints answer with as these catalogue keys.
 */
const IDENTITY_OUTCOMES: ReadonlySet<MessageKey> = new Set<MessageKey>([
  'auth.attemptLimitExceeded',
  'auth.usernameNotFound',
  'auth.badRequest',
]);

/** The spec's outcome of a refused identity call, or null when the answer is none of them. */
function identityOutcome(error: ApiRequestError, lang: string): string | null {
  // Any limit (the account's attempts, the address's request rate) answers 429: the spec's "limit exceeded".
  if (error.status === 429) return translate('auth.attemptLimitExceeded', undefined, lang);
  const key = error.body?.messageKey;
  return isMessageKey(key) && IDENTITY_OUTCOMES.has(key) ? translate(key, error.body?.params, lang) : null;
}

/**
 * Change password (001 §8): the spec's outcomes, anything else passes through (the server's message);
 * no answer at all gives 'Unable to change password. Please try again later!' (the network text when offline).
 */
export function changePasswordFailureText(error: unknown, lang: string, online = true): string {
  if (!(error instanceof ApiRequestError)) return translate('auth.changePasswordFailed', undefined, lang);
  if (error.status <= 0) return networkText(online, lang);
  return (
    identityOutcome(error, lang) ??
    serverMessageText(error.body, lang) ??
    translate('auth.changePasswordFailed', undefined, lang)
  );
}

/** Forgot password and username (001 §8): the same outcomes; anything else is 'Error occurred. Try again'. */
export function recoveryFailureText(error: unknown, lang: string, online = true): string {
  if (error instanceof ApiRequestError) {
    if (error.status <= 0) return networkText(online, lang);
    const outcome = identityOutcome(error, lang);
    if (outcome) return outcome;
  }
  return translate('auth.forgotPasswordFailed', undefined, lang);
}
