/**
 * EDC writes (decision E-edc): save, start unscheduled, sign, lock and unlock one entry, and a site's data lock.
 * Every write holds the entry's row, refuses what the entry's state forbids (siteFormActionProblem), and is audited
 * on the entry. A save keeps only the shown answers that pass their rules; each changed value is an audit item with
 * its old and new value, and a change to a saved value needs a reason for change. A blinded writer can neither set
 * nor clear an unblindedOnly answer: its stored value is kept untouched.
 */
import {
  type Answer,
  addFieldRef,
  changedAnswers,
  changesNeedingReason,
  checkEntryAnswers,
  type FieldMessageRefs,
  messageRef,
  messageText,
  type RuleMessage,
  type SiteFormStatus,
  siteFormActionProblem,
  startUnscheduledProblem,
  statusAfterSave,
  translate,
  unblindedOnlyIdentifiers,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { verifySigner } from '../auth/signature.service';
import { requireParticipantManager, visibleParticipant } from '../participants/participant-access.service';
import { activityOfStudyVersion } from '../responses/responses.service';
import { recordSiteFormStatus } from '../schedules/forms.service';
import { insertEntry, siteLockOf, updateEntry } from './site-forms.repository';
import { answersOf, conflict, entryView, type LoadedEntry, loadEntry, stateOf } from './site-forms.service';

type EntryInput = { studyId: string; participantId: string; entryKey: string };

const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';

function refuseIf(l: LoadedEntry, action: Parameters<typeof siteFormActionProblem>[1]) {
  const problem = siteFormActionProblem(stateOf(l), action);
  if (problem) throw conflict(problem);
}

/** The answers' problems as field errors; a blinded writer learns only that unblinded answers are open. */
function answerProblems(errors: Record<string, RuleMessage[]>, hidden: ReadonlySet<string>, complete: boolean) {
  const fields: FieldMessageRefs = {};
  for (const [id, list] of Object.entries(errors)) {
    if (hidden.has(id)) addFieldRef(fields, 'answers', messageRef('edc.unblindedItemsOpen'));
    else for (const m of list) addFieldRef(fields, id || 'answers', messageRef(m.key, m.params));
  }
  return fail('VALIDATION_FAILED', undefined, {
    message: messageRef(complete ? 'edc.incompleteAnswers' : 'edc.invalidAnswers'),
    fields,
  });
}

/** Save a site form: incomplete (hard rules) or complete (every rule), over the entry as read (expectedUpdatedAt). */
export async function saveEntry(
  ctx: ServiceCtx,
  input: EntryInput & {
    answers: Record<string, Answer>;
    complete: boolean;
    expectedUpdatedAt: string | null;
    reason?: string;
  },
) {
  const l = await loadEntry(ctx, input, true);
  refuseIf(l, 'save');
  if ((l.entry?.updated_at.toISOString() ?? null) !== input.expectedUpdatedAt) throw conflict('edc.staleEntry');
  const definition = l.activity.definition;
  const hidden = l.access.blinded ? unblindedOnlyIdentifiers(definition) : new Set<string>();
  for (const id of Object.keys(input.answers))
    if (hidden.has(id)) throw fieldProblem('FORBIDDEN', id, 'edc.blindedQuestion');
  const stored = answersOf(l.entry);
  const given: Record<string, Answer> = { ...input.answers };
  for (const id of hidden) if (stored[id]) given[id] = stored[id];
  const language = ctx.request.language;
  const check = checkEntryAnswers(definition, given, {
    complete: input.complete,
    context: { now: Date.now(), timeZone: l.participant.time_zone ?? 'UTC', language },
  });
  if (!check.valid) throw answerProblems(check.errors, hidden, input.complete);
  const kept = { ...check.answers };
  for (const id of hidden) {
    if (stored[id]) kept[id] = stored[id];
    else delete kept[id];
  }
  const changes = changedAnswers(stored, kept);
  const reason = input.reason ?? null;
  if (changesNeedingReason(changes).length > 0 && !reason)
    throw fieldProblem('REASON_REQUIRED', 'reason', 'edc.reasonRequired');
  const before = l.entry?.status ?? 'NOT_STARTED';
  // a save that changes nothing leaves a signed entry signed
  const status: SiteFormStatus =
    changes.length === 0 && before === 'SIGNED' ? 'SIGNED' : statusAfterSave(input.complete);
  const by = ctx.staff().userId;
  const now = new Date();
  const written = {
    answers: JSON.stringify(kept),
    status,
    site_id: l.participant.site_id,
    updated_by: by,
    updated_at: now,
    ...(status === 'SIGNED' ? {} : { signed_by: null, signer_name: null, signature_meaning: null, signed_at: null }),
  };
  let entry: LoadedEntry['entry'];
  try {
    entry = l.entry
      ? await updateEntry(ctx.db, l.entry.id, written)
      : await insertEntry(ctx.db, {
          ...written,
          participant_id: l.participant.id,
          study_id: l.access.studyId,
          environment: ctx.env,
          version_id: l.versionId,
          activity_id: l.activityId,
          task_id: l.taskId,
          created_by: by,
        });
  } catch (e) {
    // another first save of the same scheduled form won the race
    if (isUniqueViolation(e)) throw conflict('edc.staleEntry');
    throw e;
  }
  if (l.taskId && (changes.length > 0 || status !== before) && status !== 'SIGNED')
    await recordSiteFormStatus(ctx, {
      taskId: l.taskId,
      activityId: l.activityId,
      participantId: l.participant.id,
      status,
      reason,
    });
  ctx.audit({
    action: 'edc.entry.save',
    entityType: 'site_form_entry',
    entityId: entry.id,
    before: { status: before },
    after: { status, complete: input.complete, signatureCleared: before === 'SIGNED' && status !== 'SIGNED' },
    items: changes,
    reason,
  });
  const warnings: Record<string, string[]> = {};
  for (const [id, list] of Object.entries(check.warnings))
    if (!hidden.has(id)) warnings[id] = list.map((w) => messageText(w, language));
  return { ...(await entryView(ctx, { ...l, entry })), warnings };
}

/** E-013: start an unscheduled entry of one of the data capture forms of the participant's version. */
export async function startUnscheduled(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; activityId: string },
) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const participant = await visibleParticipant(ctx, access, input.participantId);
  if (!participant.version_id) throw conflict('edc.noVersion');
  const activity = await activityOfStudyVersion(ctx, input.studyId, participant.version_id, input.activityId);
  if (activity?.kind !== 'dataCaptureForm') throw fieldProblem('VALIDATION_FAILED', 'activityId', 'edc.notSiteForm');
  const siteLock = await siteLockOf(ctx.db, participant.site_id, ctx.env);
  const problem = startUnscheduledProblem(siteLock !== undefined);
  if (problem) throw conflict(problem);
  const by = ctx.staff().userId;
  const entry = await insertEntry(ctx.db, {
    participant_id: participant.id,
    study_id: input.studyId,
    site_id: participant.site_id,
    environment: ctx.env,
    version_id: participant.version_id,
    activity_id: input.activityId,
    task_id: null,
    answers: '{}',
    status: 'NOT_STARTED',
    created_by: by,
    updated_by: by,
    updated_at: new Date(),
  });
  ctx.audit({
    action: 'edc.entry.start',
    entityType: 'site_form_entry',
    entityId: entry.id,
    after: { activityId: input.activityId, participantId: participant.id },
  });
  const l: LoadedEntry = {
    access,
    participant,
    entry,
    form: undefined,
    taskId: null,
    activityId: input.activityId,
    versionId: participant.version_id,
    activity,
    siteLock,
  };
  return entryView(ctx, l);
}

/** The investigator signs a completed entry with their password (21 CFR 11.50: who, when, what it means). */
export async function signEntry(ctx: ServiceCtx, input: EntryInput & { currentPassword: string }) {
  const l = await loadEntry(ctx, input, true);
  refuseIf(l, 'sign');
  const signer = await verifySigner(ctx, input.currentPassword);
  const meaning = translate('edc.signatureMeaning', undefined, ctx.request.language);
  const signedAt = new Date();
  const entry = await updateEntry(ctx.db, l.entry!.id, {
    status: 'SIGNED',
    signed_by: signer.userId,
    signer_name: signer.name,
    signature_meaning: meaning,
    signed_at: signedAt,
  });
  ctx.audit({
    action: 'edc.entry.sign',
    entityType: 'site_form_entry',
    entityId: entry.id,
    before: { status: l.entry!.status },
    after: { status: 'SIGNED', signerName: signer.name, meaning, signedAt: signedAt.toISOString() },
    items: [],
  });
  return entryView(ctx, { ...l, entry });
}

export async function lockEntry(ctx: ServiceCtx, input: EntryInput) {
  const l = await loadEntry(ctx, input, true);
  refuseIf(l, 'lock');
  const entry = await updateEntry(ctx.db, l.entry!.id, { locked_at: new Date(), locked_by: ctx.staff().userId });
  ctx.audit({ action: 'edc.entry.lock', entityType: 'site_form_entry', entityId: entry.id, items: [] });
  return entryView(ctx, { ...l, entry });
}

/** Unlock one entry with a reason (also under a site lock: the correction of one form). */
export async function unlockEntry(ctx: ServiceCtx, input: EntryInput) {
  const l = await loadEntry(ctx, input, true);
  refuseIf(l, 'unlock');
  const entry = await updateEntry(ctx.db, l.entry!.id, { locked_at: null, locked_by: null });
  ctx.audit({ action: 'edc.entry.unlock', entityType: 'site_form_entry', entityId: entry.id, items: [] });
  return entryView(ctx, { ...l, entry });
}
