/**
 * What the portals' HTTP client does with a response (000 §8.1). Pure: the client performs the
 * side effects (refresh, logout, toast, progress bar) the decision names.
 */
import type { MessageKey } from './messages/catalogue';

export type HttpOutcome =
  /** 401 type TOKENEXPIRED: refresh with the stored refresh token, retry; logout if refresh fails. */
  | { kind: 'refreshAndRetry' }
  /** 419 for a participant with pid: refresh with refresh token, pid and device id, retry. */
  | { kind: 'participantRefreshAndRetry' }
  /** Log out (401 other; 403 globalSignout); progress failed, loader hidden. */
  | { kind: 'logout' }
  /** 403: remove listed study tokens; refresh+retry if study access changed, else go to studies. */
  | { kind: 'forbidden'; removeStudyTokens: string[]; refreshAndRetry: boolean; redirectToStudies: boolean }
  /** Show a warning toast. */
  | { kind: 'warn'; messageKey: MessageKey }
  /** 500: progress failed, loader hidden, no message. */
  | { kind: 'fail' }
  /** Progress finished, loader hidden; the caller handles the response. */
  | { kind: 'done' };

export interface HttpOutcomeInput {
  status: number;
  body?: unknown;
  online: boolean;
  isParticipantWithPid?: boolean;
  /** Which portal's offline text to use (default staff). */
  portal?: 'staff' | 'participant';
}

function parseBody(body: unknown): Record<string, unknown> {
  let b = body;
  if (typeof b === 'string') {
    try {
      b = JSON.parse(b);
    } catch {
      return {};
    }
  }
  return typeof b === 'object' && b !== null && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
}

function truthy(v: unknown): boolean {
  return (
    v === true ||
    v === 'true' ||
    (typeof v === 'number' && v !== 0) ||
    (typeof v === 'string' && v !== '' && v !== 'false')
  );
}

export function decideHttpOutcome(input: HttpOutcomeInput): HttpOutcome {
  const { status, online } = input;
  const body = parseBody(input.body);

  if (!Number.isFinite(status) || status <= 0) {
    if (!online)
      return {
        kind: 'warn',
        messageKey: input.portal === 'participant' ? 'network.offlineParticipant' : 'network.offlineStaff',
      };
    return { kind: 'warn', messageKey: 'network.serverIssue' };
  }
  if (status >= 501 && status <= 504) return { kind: 'warn', messageKey: 'network.serverIssue' };
  if (status === 500) return { kind: 'fail' };

  if (status === 401) {
    if (String(body.type ?? '').toUpperCase() === 'TOKENEXPIRED') return { kind: 'refreshAndRetry' };
    if (truthy(body.electronicSignatureSignIn)) return { kind: 'done' };
    return { kind: 'logout' };
  }

  if (status === 419) {
    return input.isParticipantWithPid ? { kind: 'participantRefreshAndRetry' } : { kind: 'done' };
  }

  if (status === 403) {
    if (truthy(body.globalSignout)) return { kind: 'logout' };
    const changed = Array.isArray(body.studiesChanged)
      ? body.studiesChanged
          .filter((s): s is string | number => typeof s === 'string' || typeof s === 'number')
          .map(String)
      : [];
    const accessChanged = changed.length > 0 || truthy(body.studyAccessChanged) || truthy(body.accessChanged);
    return {
      kind: 'forbidden',
      removeStudyTokens: changed,
      refreshAndRetry: accessChanged,
      redirectToStudies: !accessChanged,
    };
  }

  return { kind: 'done' };
}
