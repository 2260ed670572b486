/**
 * EDC: site staff's data capture forms (issue 12; E-012, E-013; decision E-edc) — the reads, and what the writes
 * share: finding an entry by its key for a caller who may see the participant, its state, and its view. A scheduled
 * form is one of the participant's site-facing forms (formsOf: a task's data capture form, or one form of a packet
 * task), keyed `<taskId>:<activityId>` before and after its first save; an unscheduled one is keyed by its entry id.
 * The form's definition is the revision of the entry's version (the participant's version for a form not saved yet).
 * A blinded reader never receives an unblindedOnly question nor its answer, nor its old and new values in the trail.
 */
import type { SiteFormEntry, SiteFormSummary, SiteFormTrailEntry } from '@trialpath/contract';
import { lockSiteForm, saveSiteForm, signSiteForm, SITE_FORM_KEY_PATTERN } from '@trialpath/contract';
import {
  activityForReader,
  type Answer,
  answersForReader,
  EDC_ACTIONS,
  type MessageKey,
  messageRef,
  readerMaySeeAnswer,
  type SiteFormState,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { mayCall, requireStudy, type StudyAccess } from '../access/access.service';
import { recordAuditTrail } from '../audit/audit.service';
import { requireParticipantManager, visibleParticipant } from '../participants/participant-access.service';
import { accessForParticipant } from '../participants/unblinding.service';
import { activityFacts } from '../activities/activities-plan.service';
import { activityOfStudyVersion, versionActivityIds } from '../responses/responses.service';
import { formsOf } from '../schedules/forms.service';
import { staffPeople } from '../users/users.service';
import { type EntryRow, entriesOfParticipant, entryById, entryOfTask, siteLockOf } from './site-forms.repository';

export const conflict = (key: MessageKey) => fail('CONFLICT', undefined, { message: messageRef(key) });

type FormItem = Awaited<ReturnType<typeof formsOf>>[number];
type Participant = Awaited<ReturnType<typeof visibleParticipant>>;
export type FormActivity = NonNullable<Awaited<ReturnType<typeof activityOfStudyVersion>>>;

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
export const answersOf = (e: EntryRow | undefined): Record<string, Answer> =>
  e ? json<Record<string, Answer>>(e.answers) : {};

/** The participant's scheduled site forms: data capture forms of their tasks. */
async function scheduledForms(ctx: ServiceCtx, studyId: string, participantId: string) {
  return (await formsOf(ctx, studyId, participantId)).filter(
    (f) => f.facing === 'site' && (f.kind === 'dataCaptureForm' || f.kind === null),
  );
}

/** Everything a read or a write of one entry needs. */
export interface LoadedEntry {
  access: StudyAccess;
  participant: Participant;
  /** null: a scheduled form nobody has saved yet. */
  entry: EntryRow | undefined;
  form: FormItem | undefined;
  taskId: string | null;
  activityId: string;
  versionId: string;
  activity: FormActivity;
  siteLock: Awaited<ReturnType<typeof siteLockOf>>;
}

/**
 * The entry named by its key, for a caller who may see the participant (a write: one who may change records, and
 * the entry's row held for the transaction). A key of another participant or data space is not found.
 */
export async function loadEntry(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; entryKey: string },
  write: boolean,
): Promise<LoadedEntry> {
  const studyAccess = write
    ? await requireParticipantManager(ctx, input.studyId)
    : await requireStudy(ctx, input.studyId);
  const participant = await visibleParticipant(ctx, studyAccess, input.participantId);
  // an investigator who unblinded this participant reads and writes their unblinding answers (E-blinding)
  const access = await accessForParticipant(ctx, studyAccess, participant.id);
  if (!SITE_FORM_KEY_PATTERN.test(input.entryKey)) throw fail('NOT_FOUND');
  const cut = input.entryKey.indexOf(':');
  let entry: EntryRow | undefined;
  let form: FormItem | undefined;
  if (cut < 0) {
    entry = await entryById(ctx.db, input.entryKey, ctx.env, write);
    if (!entry || entry.participant_id !== participant.id || entry.task_id !== null) throw fail('NOT_FOUND');
  } else {
    const taskId = input.entryKey.slice(0, cut);
    const activityId = input.entryKey.slice(cut + 1);
    form = (await scheduledForms(ctx, input.studyId, participant.id)).find(
      (f) => f.taskId === taskId && f.activityId === activityId,
    );
    if (!form) throw fail('NOT_FOUND');
    entry = await entryOfTask(ctx.db, taskId, activityId, write);
  }
  const activityId = entry?.activity_id ?? form!.activityId;
  const versionId = entry?.version_id ?? participant.version_id;
  if (!versionId) throw conflict('edc.noVersion');
  const activity = await activityOfStudyVersion(ctx, input.studyId, versionId, activityId);
  if (activity?.kind !== 'dataCaptureForm') throw conflict('edc.notSiteForm');
  const siteLock = await siteLockOf(ctx.db, participant.site_id, ctx.env);
  return {
    access,
    participant,
    entry,
    form,
    taskId: entry ? entry.task_id : form!.taskId,
    activityId,
    versionId,
    activity,
    siteLock,
  };
}

export function stateOf(l: LoadedEntry): SiteFormState {
  return {
    exists: l.entry !== undefined,
    status: l.entry?.status ?? 'NOT_STARTED',
    locked: l.entry?.locked_at != null,
    siteLocked: l.siteLock !== undefined,
  };
}

/** What the caller may do here: the endpoint's permission, and a writable assignment. */
function mayOf(ctx: ServiceCtx, access: StudyAccess) {
  const actor = ctx.staff();
  const writable = !access.assignment?.readOnly;
  return {
    enter: writable && mayCall(actor, saveSiteForm, access.studyId),
    sign: writable && mayCall(actor, signSiteForm, access.studyId),
    lock: writable && mayCall(actor, lockSiteForm, access.studyId),
  };
}

type People = Awaited<ReturnType<typeof staffPeople>>;
const nameIn = (people: People, id: string | null) => (id ? (people.get(id)?.name ?? '') : '');

function summaryOf(
  e: EntryRow | undefined,
  form: FormItem | undefined,
  facts: { identifier: string | null; name: string | null } | undefined,
  people: People,
): SiteFormSummary {
  const taskId = e?.task_id ?? form?.taskId ?? null;
  const activityId = e?.activity_id ?? form!.activityId;
  return {
    key: taskId ? `${taskId}:${activityId}` : e!.id,
    entryId: e?.id ?? null,
    scheduled: taskId !== null,
    taskId,
    activityId,
    activityIdentifier: facts?.identifier ?? form?.activityIdentifier ?? null,
    activityName: facts?.name ?? form?.activityName ?? null,
    packetId: form?.packetId ?? null,
    startDay: form?.startDay ?? null,
    opensAt: form?.opensAt ?? null,
    status: e?.status ?? 'NOT_STARTED',
    locked: e?.locked_at != null,
    signature:
      e?.signed_at && e.signer_name
        ? { signerName: e.signer_name, meaning: e.signature_meaning ?? '', signedAt: e.signed_at.toISOString() }
        : null,
    created: e ? { name: nameIn(people, e.created_by), at: e.created_at.toISOString() } : null,
    updated: e ? { name: nameIn(people, e.updated_by), at: e.updated_at.toISOString() } : null,
  };
}

/** E-012, E-013: the participant's scheduled site forms and unscheduled entries, and the forms one may start. */
export async function siteFormList(ctx: ServiceCtx, input: { studyId: string; participantId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const p = await visibleParticipant(ctx, access, input.participantId);
  const [forms, entries, siteLock, versionIds] = await Promise.all([
    scheduledForms(ctx, input.studyId, p.id),
    entriesOfParticipant(ctx.db, p.id, ctx.env),
    siteLockOf(ctx.db, p.site_id, ctx.env),
    p.version_id ? versionActivityIds(ctx, input.studyId, p.version_id) : Promise.resolve([]),
  ]);
  const facts = await activityFacts(ctx, input.studyId, [...versionIds, ...entries.map((e) => e.activity_id)]);
  const people = await staffPeople(ctx, [
    ...entries.flatMap((e) => [e.created_by, e.updated_by]),
    siteLock?.locked_by ?? null,
  ]);
  const byTask = new Map(entries.filter((e) => e.task_id).map((e) => [`${e.task_id}:${e.activity_id}`, e]));
  const scheduled = forms.map((f) =>
    summaryOf(byTask.get(`${f.taskId}:${f.activityId}`), f, facts.get(f.activityId), people),
  );
  const unscheduled = entries
    .filter((e) => e.task_id === null)
    .map((e) => summaryOf(e, undefined, facts.get(e.activity_id), people));
  return {
    siteId: p.site_id,
    siteLock: siteLock
      ? { lockedBy: nameIn(people, siteLock.locked_by), lockedAt: siteLock.locked_at.toISOString() }
      : null,
    may: mayOf(ctx, access),
    items: [...scheduled, ...unscheduled],
    unscheduledForms: versionIds
      .map((id) => facts.get(id))
      .filter((f) => f?.kind === 'dataCaptureForm')
      .map((f) => ({ activityId: f!.id, identifier: f!.identifier, name: f!.name })),
  };
}

/** The entry's audit trail, newest first; a blinded reader gets no old or new value of an unblinded question. */
async function trailOf(ctx: ServiceCtx, l: LoadedEntry): Promise<SiteFormTrailEntry[]> {
  if (!l.entry) return [];
  const { entries } = await recordAuditTrail(ctx, {
    entityType: 'site_form_entry',
    entityId: l.entry.id,
    page: 1,
    pageSize: 500,
  });
  const people = await staffPeople(
    ctx,
    entries.map((e) => (e.actorType === 'staff' ? e.actorId : null)),
  );
  const definition = l.activity.definition;
  return entries.map((e) => ({
    id: e.id,
    action: e.action,
    summary: EDC_ACTIONS[e.action as keyof typeof EDC_ACTIONS]?.summary ?? e.action,
    at: new Date(e.at).toISOString(),
    by: nameIn(people, e.actorId),
    reason: e.reason,
    changes:
      e.action === 'edc.entry.save'
        ? (e.items ?? [])
            .filter((i) => readerMaySeeAnswer(definition, i.item, l.access.blinded))
            .map((i) => ({
              item: i.item,
              oldValue: (i.oldValue ?? null) as Answer | null,
              newValue: (i.newValue ?? null) as Answer | null,
            }))
        : [],
  }));
}

/** The entry as the caller may see it. */
export async function entryView(ctx: ServiceCtx, l: LoadedEntry): Promise<SiteFormEntry> {
  const e = l.entry;
  const facts = await activityFacts(ctx, l.access.studyId, [l.activityId]);
  const people = await staffPeople(ctx, e ? [e.created_by, e.updated_by] : []);
  const definition = l.activity.definition;
  return {
    ...summaryOf(e, l.form, facts.get(l.activityId), people),
    versionId: l.versionId,
    activity: activityForReader(definition, l.access.blinded),
    answers: answersForReader(definition, answersOf(e), l.access.blinded),
    updatedAt: e ? e.updated_at.toISOString() : null,
    siteLocked: l.siteLock !== undefined,
    may: mayOf(ctx, l.access),
    history: await trailOf(ctx, l),
  };
}

export async function siteFormDetail(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; entryKey: string },
) {
  return entryView(ctx, await loadEntry(ctx, input, false));
}

export async function siteFormTrail(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; entryKey: string },
) {
  return { items: await trailOf(ctx, await loadEntry(ctx, input, false)) };
}
