/**
 * Entering a study (000 §2.7, §7.1): get the per-study token when none is stored, then validate the
 * user's access with that token. On failure the server's message is toasted and the navigation is
 * cancelled (the person stays where they were, or lands on the studies list on a fresh load).
 */
import { getStudyToken, validateUserAccess } from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { notify } from '@trialpath/ui';
import { type LoaderFunctionArgs, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import i18n from '../../i18n';
import { api, errorMessage, withStudyContext } from '../../shared/api';
import { session } from '../../shared/session';
import { storage } from '../../shared/storage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The in-app location before the current navigation (set by the router module). */
let previousPath: () => string | null = () => null;
export function setPreviousPathSource(fn: () => string | null) {
  previousPath = fn;
}

/** Studies validated in this page load. */
const validated = new Set<string>();
export function forgetValidatedStudies() {
  validated.clear();
}

export async function enterStudy(studyId: string): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await withStudyContext(studyId, async () => {
      if (!storage.getStudyToken(studyId)) {
        const t = await api.call(getStudyToken, { body: { studyId } });
        storage.setStudyToken(studyId, { token: t.accessToken, refreshToken: t.refreshToken });
      }
      await api.call(validateUserAccess, { params: { studyId } });
    });
    validated.add(studyId);
    return { ok: true };
  } catch (e) {
    return { ok: false, message: errorMessage(e, translate('access.denied', undefined, i18n.language)) };
  }
}

export async function studyEntryLoader({ params }: LoaderFunctionArgs) {
  const studyId = params.studyId ?? '';
  if (!session.hasToken()) return null; // the guard sends the person to sign in
  if (!UUID.test(studyId)) throw new Response('Not found', { status: 404 });
  if (validated.has(studyId) && storage.getStudyToken(studyId)) return null;
  const result = await enterStudy(studyId);
  if (result.ok) return null;
  if (!session.hasToken()) return null; // logged out meanwhile (401)
  notify(result.message, { kind: 'error' });
  const back = previousPath();
  return redirect(back && !back.startsWith(`/studies/${studyId}`) ? back : '/studies');
}

/** Re-validate only when the study changes. */
export function studyShouldRevalidate({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return currentParams.studyId !== nextParams.studyId;
}
