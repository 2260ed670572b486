/**
 * The activities a participant answers: the revision their study version pins, prepared once (parsed and frozen,
 * decision B-prepared-activity) and kept in memory. Only what can never change is kept — the activities of a
 * published (or archived) version, and revisions that are no longer DRAFT (decision 0044: an ACTIVE or RETIRED
 * revision is frozen, and publishing a version freezes every revision it pins) — so a kept entry is right for
 * every process, for as long as it lives. Both tables are bounded: the oldest entry leaves first.
 */
import { type Activity, type ActivityType, type FormFacing, formFacing, prepareActivity } from '@trialpath/domain';
import type { DbCtx } from '../../kernel/context';
import { revisionForAnswers } from '../activities/activities.service';
import { versionSchedulePlan } from '../versions/versions.service';

/** What a version says of its activities: the revision it pins per activity, and each packet's forms. */
export interface VersionActivities {
  studyId: string;
  versionId: string;
  revisionOf: ReadonlyMap<string, string>;
  packets: ReadonlyMap<string, readonly string[]>;
  /** Read from memory: a name it does not know is looked up once more in the database before it counts as absent. */
  kept: boolean;
}

/** One activity as a participant answers it: the prepared definition of the version's revision. */
export interface AnswerableActivity {
  activityId: string;
  revisionId: string;
  kind: ActivityType;
  facing: FormFacing;
  /** Parsed and frozen: validateSubmission keeps its plans for it. */
  definition: Activity;
}

/** A map that forgets its oldest entry past `max` (insertion order; enough for values that never change). */
class Bounded<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    return this.map.get(key);
  }
  set(key: string, value: V): void {
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as string);
    this.map.set(key, value);
  }
  clear(): void {
    this.map.clear();
  }
}

const versions = new Bounded<VersionActivities>(1_000);
const revisions = new Bounded<AnswerableActivity>(5_000);

/** Forget everything kept (tests that change stored definitions behind the server's back). */
export function forgetAnswerableActivities(): void {
  versions.clear();
  revisions.clear();
}

/**
 * The activities a study's version pins; undefined when the version is not the study's. `reread` skips memory: a
 * published version never changes, but a database that rolled back a publishing (the tests' savepoints, a restored
 * backup) may hold another content under the same id, so what memory does not know is asked again.
 */
export async function versionActivities(
  ctx: DbCtx,
  studyId: string,
  versionId: string,
  reread = false,
): Promise<VersionActivities | undefined> {
  const key = `${studyId}|${versionId}`;
  const kept = reread ? undefined : versions.get(key);
  if (kept) return kept;
  const version = await versionSchedulePlan(ctx, studyId, versionId);
  if (!version) return undefined;
  const value: VersionActivities = {
    studyId,
    versionId,
    revisionOf: new Map(version.activities.map((a) => [a.id, a.revisionId])),
    packets: new Map(version.plan.packets.map((p) => [p.id, p.activityIds])),
    kept: false,
  };
  if (version.status !== 'DRAFT') versions.set(key, { ...value, kept: true });
  return value;
}

/** The same version read again from the database when it came from memory (else as it is). */
async function fresh(ctx: DbCtx, version: VersionActivities): Promise<VersionActivities | undefined> {
  return version.kept ? versionActivities(ctx, version.studyId, version.versionId, true) : version;
}

/** One revision of an activity, prepared; undefined when the activity has no such revision. */
async function preparedRevision(
  ctx: DbCtx,
  activityId: string,
  revisionId: string,
): Promise<AnswerableActivity | undefined> {
  const kept = revisions.get(revisionId);
  if (kept) return kept.activityId === activityId ? kept : undefined;
  const stored = await revisionForAnswers(ctx, activityId, revisionId);
  if (!stored) return undefined;
  let definition: Activity;
  try {
    definition = prepareActivity(stored.definition);
  } catch {
    // a stored definition the model no longer reads cannot be answered (nothing to validate against)
    return undefined;
  }
  const value: AnswerableActivity = {
    activityId,
    revisionId,
    kind: definition.type,
    facing: formFacing(definition.type),
    definition,
  };
  if (stored.status !== 'DRAFT') revisions.set(revisionId, value);
  return value;
}

/** One revision of an activity as answered (a stored response's), prepared; undefined when it cannot be read. */
export const revisionActivity = (ctx: DbCtx, activityId: string, revisionId: string) =>
  preparedRevision(ctx, activityId, revisionId);

/** The version's revision of an activity, prepared; undefined when the version does not use the activity. */
export async function activityOfVersion(
  ctx: DbCtx,
  version: VersionActivities,
  activityId: string,
): Promise<AnswerableActivity | undefined> {
  const revisionId = version.revisionOf.get(activityId) ?? (await fresh(ctx, version))?.revisionOf.get(activityId);
  return revisionId === undefined ? undefined : preparedRevision(ctx, activityId, revisionId);
}

/**
 * The activity a task asks the participant for: its activity, or a packet's first participant-facing one;
 * undefined when it has none the participant answers (a site's data capture form, an activity the version
 * no longer uses).
 */
export async function participantActivityOfTask(
  ctx: DbCtx,
  version: VersionActivities,
  task: { target_kind: 'activity' | 'packet'; target_id: string },
): Promise<AnswerableActivity | undefined> {
  const ids =
    task.target_kind === 'activity'
      ? [task.target_id]
      : (version.packets.get(task.target_id) ?? (await fresh(ctx, version))?.packets.get(task.target_id) ?? []);
  for (const id of ids) {
    const activity = await activityOfVersion(ctx, version, id);
    if (activity?.facing === 'participant') return activity;
  }
  return undefined;
}
