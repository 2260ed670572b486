/**
 * What the staff client does when a call fails (000 §8.1): the domain decides (decideHttpOutcome),
 * this wires the decision to the side effects. Dependencies are injected so it can be tested.
 */
import type { ApiRequestError, Endpoint } from '@trialpath/contract';
import { decideHttpOutcome, type MessageKey, preferServerMessage } from '@trialpath/domain';

export interface ErrorHandlerDeps {
  online: () => boolean;
  /** Refresh the token the failed call used; resolves false when the refresh failed. */
  refresh: (endpoint: Endpoint) => Promise<boolean>;
  /** Forced logout (no server call). */
  logout: () => void;
  removeStudyTokens: (studyIds: string[]) => void;
  goToStudies: () => void;
  warn: (text: string) => void;
  message: (key: MessageKey) => string;
  /** Mark the progress bar failed for this call. */
  markFailed: () => void;
  /** Whether the session-level rules apply (a token is held and the call is not a sign-in call). */
  sessionCall: (endpoint: Endpoint) => boolean;
}

export function createErrorHandler(deps: ErrorHandlerDeps) {
  return async function onError(
    error: ApiRequestError,
    endpoint: Endpoint,
    attempt: number,
  ): Promise<'retry' | 'fail'> {
    const outcome = decideHttpOutcome({
      status: error.status,
      body: error.body,
      online: deps.online(),
      portal: 'staff',
    });
    const session = deps.sessionCall(endpoint);
    switch (outcome.kind) {
      case 'warn':
        deps.warn(preferServerMessage(error.body, deps.message(outcome.messageKey)));
        deps.markFailed();
        return 'fail';
      case 'fail':
        deps.markFailed();
        return 'fail';
      case 'refreshAndRetry':
        if (!session) return 'fail';
        if (attempt === 0 && (await deps.refresh(endpoint))) return 'retry';
        deps.markFailed();
        deps.logout();
        return 'fail';
      case 'logout':
        if (!session) return 'fail';
        deps.markFailed();
        deps.logout();
        return 'fail';
      case 'forbidden':
        if (!session) return 'fail';
        deps.removeStudyTokens(outcome.removeStudyTokens);
        if (outcome.refreshAndRetry) {
          if (attempt === 0 && (await deps.refresh(endpoint))) return 'retry';
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
