/**
 * What the staff client does when a call fails (000 §8.1): the domain decides (decideHttpOutcome),
 * this wires the decision to the side effects. Dependencies are injected so it can be tested.
 */
import type { ApiRequestError, Endpoint } from '@trialpath/contract';
import { decideHttpOutcome, type MessageKey, preferServerText } from '@trialpath/domain';

/** How refreshing a token went; a refused refresh carries the server's answer when there was one. */
export type RefreshResult = { ok: true } | { ok: false; error: ApiRequestError | null };

export interface ErrorHandlerDeps {
  online: () => boolean;
  /** Refresh the token the failed call used. */
  refresh: (endpoint: Endpoint) => Promise<RefreshResult>;
  /** Forced logout (no server call). */
  logout: () => void;
  removeStudyTokens: (studyIds: string[]) => void;
  goToStudies: () => void;
  warn: (text: string) => void;
  message: (key: MessageKey) => string;
  /** The interface language (the server's message keys are shown in it). */
  language: () => string;
  /** Mark the progress bar failed for the call that failed with this error. */
  markFailed: (error: ApiRequestError) => void;
  /** Whether the session-level rules apply (a token is held and the call is not a sign-in call). */
  sessionCall: (endpoint: Endpoint) => boolean;
}

export function createErrorHandler(deps: ErrorHandlerDeps) {
  const decide = (error: ApiRequestError) =>
    decideHttpOutcome({ status: error.status, body: error.body, online: deps.online(), portal: 'staff' });

  return async function onError(
    error: ApiRequestError,
    endpoint: Endpoint,
    attempt: number,
  ): Promise<'retry' | 'fail'> {
    const outcome = decide(error);
    const session = deps.sessionCall(endpoint);
    switch (outcome.kind) {
      case 'warn':
        deps.warn(preferServerText(error.body, deps.message(outcome.messageKey), deps.language()));
        deps.markFailed(error);
        return 'fail';
      case 'fail':
        deps.markFailed(error);
        return 'fail';
      case 'refreshAndRetry': {
        if (!session) return 'fail';
        if (attempt === 0) {
          const refreshed = await deps.refresh(endpoint);
          if (refreshed.ok) return 'retry';
          // A study token's refresh refused with 403 studiesChanged means that study's access was
          // withdrawn, not that the session ended (000 §8.1): drop those study tokens and retry the
          // call with the general token; a refusal of that goes to the studies list (below).
          const refusal = refreshed.error && decide(refreshed.error);
          if (refusal?.kind === 'forbidden' && refusal.removeStudyTokens.length > 0) {
            deps.removeStudyTokens(refusal.removeStudyTokens);
            return 'retry';
          }
        }
        deps.markFailed(error);
        deps.logout();
        return 'fail';
      }
      case 'logout':
        if (!session) return 'fail';
        deps.markFailed(error);
        deps.logout();
        return 'fail';
      case 'forbidden':
        if (!session) return 'fail';
        deps.removeStudyTokens(outcome.removeStudyTokens);
        if (outcome.refreshAndRetry) {
          if (attempt === 0 && (await deps.refresh(endpoint)).ok) return 'retry';
          deps.goToStudies();
          return 'fail';
        }
        if (outcome.redirectToStudies) deps.goToStudies();
        return 'fail';
      default:
        return 'fail';
    }
  };
}
