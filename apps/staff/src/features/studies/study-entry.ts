/**
 * Entering a study (000 §2.7, §7.1): get the per-study token when none is stored, then validate the
 * user's access with that token. On failure the server's message is toasted and the navigation is
 * cancelled (the person stays where they were, or lands on the studies list on a fresh load).
 * Then the study's toggled features are loaded and kept and the stored user takes the
 * per-study role from the instant user data.
 */
import {
  getInstantUser,
  getStudyFeatures,
  getStudyToken,
  type StaffUser,
  validateUserAccess,
} from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { notify } from '@trialpath/ui';
import { type LoaderFunctionArgs, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import i18n from '../../i18n';
import { api, errorMessage, studyEntryApi, withStudyContext } from '../../shared/api';
import { type UserStudyRole, userForStudy } from '../../shared/authorities';
import { session } from '../../shared/session';
import { loadStaffMessages } from '../../shared/staff-messages';
import { storage } from '../../shared/storage';
import { studyFeatures } from '../../shared/study-features';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The in-app location before the current navigation (set by the router module). */
let previousPath: () => string | null = () => null;
export function setPreviousPathSource(fn: () => string | null) {
  previousPath = fn;
}

/** Studies validated in this page load. */
const validated = new Set<string>();
/** The per-study roles of the instant user data last loaded in this page load. */
let knownUserStudies: { userId: string; studies: readonly UserStudyRole[] } | null = null;
export function forgetValidatedStudies() {
  validated.clear();
  studyFeatures.clear();
  knownUserStudies = null;
}

export type StoredUser = StaffUser & { readOnly?: boolean };

/** Apply the known per-study roles to the stored user; false when none are known for this user. */
function applyKnownStudyRole(studyId: string): boolean {
  const stored = storage.getUser<StoredUser>();
  if (!stored) return true;
  if (!knownUserStudies || knownUserStudies.userId !== stored.id) return false;
  const next = userForStudy(stored, knownUserStudies.studies, studyId);
  if (next) storage.setUser(next);
  return true;
}

/** take the per-study role (userRole, readOnly, realmOfPermission) into the stored user when it differs. */
async function syncStoredUserForStudy(studyId: string): Promise<void> {
  const stored = storage.getUser<StoredUser>();
  if (!stored) return;
  const instant = await api.call(getInstantUser, { params: { userId: stored.id } });
  knownUserStudies = { userId: stored.id, studies: instant.userStudies };
  applyKnownStudyRole(studyId);
}

export async function enterStudy(studyId: string): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await withStudyContext(studyId, async () => {
      // The refusal (403 on either call) is handled below, not by the global "403 → studies list" rule.
      if (!storage.getStudyToken(studyId)) {
        const t = await studyEntryApi.call(getStudyToken, { body: { studyId } });
        storage.setStudyToken(studyId, { token: t.accessToken, refreshToken: t.refreshToken });
      }
      await studyEntryApi.call(validateUserAccess, { params: { studyId } });
    });
  } catch (e) {
    return { ok: false, message: errorMessage(e, translate('access.denied', undefined, i18n.language)) };
  }
  validated.add(studyId);
  // Features and the per-study role are not a reason to refuse the study: failures leave the last known values.
  await withStudyContext(studyId, () =>
    Promise.allSettled([
      api.call(getStudyFeatures, { params: { studyId } }).then((r) => studyFeatures.set(studyId, r.studyFeatures)),
      syncStoredUserForStudy(studyId),
    ]),
  );
  return { ok: true };
}

export async function studyEntryLoader({ params }: LoaderFunctionArgs) {
  const studyId = params.studyId ?? '';
  if (!session.hasToken()) return null; // the guard sends the person to sign in
  if (!UUID.test(studyId)) throw new Response('Not found', { status: 404 });
  await loadStaffMessages(); // a refusal of the study entry may name a study build message
  if (validated.has(studyId) && storage.getStudyToken(studyId)) {
    // coming back to a study validated earlier still takes its per-study role (not re-validated).
    if (!applyKnownStudyRole(studyId))
      await withStudyContext(studyId, () => syncStoredUserForStudy(studyId)).catch(() => undefined);
    return null;
  }
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
