/**
 * The activities a version uses and its schedule plan, checked against the study's own activities when
 * either section of the draft is saved (decision 0044), and frozen when the version is published: every
 * DRAFT revision the version pins becomes ACTIVE, so the answers given under it keep their definition.
 */
import type { StudyContent } from '@trialpath/domain';
import type { MessageKey } from '@trialpath/domain';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { isUuid, messageRef } from '@trialpath/domain';
import { activateDraftRevisions, studyActivitiesByIds, studyActivityFacts } from './activities.repository';

type Plan = Pick<StudyContent, 'studyActivities' | 'schedule'>;

/**
 * Refuse a plan whose activities are not this study's (or whose revision is not theirs, or retired), whose
 * schedules or packets name an activity the version does not use, or whose packets hold anything but data
 * capture forms. Problems are named on the saved section's fields (`value.…`).
 */
export async function checkVersionPlan(
  ctx: ServiceCtx,
  studyId: string,
  section: 'studyActivities' | 'schedule',
  plan: Plan,
) {
  const refs = plan.studyActivities.items;
  const named = [
    ...refs.map((r) => r.id),
    ...plan.schedule.schedules.flatMap((s) => (s.target.kind === 'activity' ? [s.target.activityId] : [])),
    ...plan.schedule.packets.flatMap((p) => p.activityIds),
  ];
  // ids that are not uuids cannot be activities of the study (and would not compare with a uuid column)
  const rows = await studyActivitiesByIds(ctx.db, studyId, [...new Set(named)].filter(isUuid));
  const fields: Record<string, ReturnType<typeof messageRef>[]> = {};
  const add = (field: string, key: MessageKey, params?: Record<string, string | number>) => {
    const name = `value.${field}`;
    fields[name] = [...(fields[name] ?? []), messageRef(key, params)];
  };
  const byActivity = new Map<string, { identifier: string; kind: string }>();
  for (const r of rows) byActivity.set(r.id, { identifier: r.identifier, kind: r.kind });
  if (section === 'studyActivities') {
    refs.forEach((ref, i) => {
      const revision = rows.find((r) => r.id === ref.id && r.revision_id === ref.revisionId);
      if (!byActivity.has(ref.id)) add(`items.${i}.id`, 'activityBuild.notStudyActivity');
      else if (!revision) add(`items.${i}.revisionId`, 'activityBuild.unknownRevision');
      else if (revision.status === 'RETIRED')
        add(`items.${i}.revisionId`, 'activityBuild.retiredRevision', { number: revision.number });
    });
  }
  const inVersion = new Set(refs.map((r) => r.id));
  const missing = (id: string) => !inVersion.has(id);
  const name = (id: string) => byActivity.get(id)?.identifier ?? id;
  plan.schedule.schedules.forEach((s, i) => {
    if (s.target.kind !== 'activity' || !missing(s.target.activityId)) return;
    if (section === 'schedule') add(`schedules.${i}.target`, 'activityBuild.notInVersion');
    else add('items', 'activityBuild.stillScheduled', { identifier: name(s.target.activityId) });
  });
  plan.schedule.packets.forEach((p, i) => {
    for (const id of p.activityIds) {
      if (missing(id)) {
        if (section === 'schedule') add(`packets.${i}.activityIds`, 'activityBuild.notInVersion');
        else add('items', 'activityBuild.stillScheduled', { identifier: name(id) });
      } else if (section === 'schedule' && byActivity.get(id)?.kind !== 'dataCaptureForm') {
        add(`packets.${i}.activityIds`, 'activityBuild.packetFormsOnly', { identifier: name(id) });
      }
    }
  });
  if (Object.keys(fields).length > 0) throw fail('VALIDATION_FAILED', undefined, { fields });
}

/** Publishing: the DRAFT revisions the version pins become ACTIVE (frozen), each audited. */
export async function freezeVersionRevisions(ctx: ServiceCtx, content: Plan) {
  const frozen = await activateDraftRevisions(
    ctx.db,
    content.studyActivities.items.map((r) => r.revisionId),
    ctx.staff().userId,
  );
  for (const r of frozen) {
    ctx.audit({
      action: 'activity.revision.status',
      entityType: 'activity_revision',
      entityId: r.id,
      before: { number: r.number, status: 'DRAFT' },
      after: { number: r.number, status: r.status, byPublish: true },
    });
  }
}

/** Identifier, name and kind of the study's activities among these ids, by id (other ids are left out). */
export async function activityFacts(ctx: DbCtx, studyId: string, ids: Iterable<string>) {
  const rows = await studyActivityFacts(ctx.db, studyId, [...new Set(ids)].filter(isUuid));
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, identifier: r.identifier, kind: r.kind, name: r.title.en ?? Object.values(r.title)[0] ?? null },
    ]),
  );
}
