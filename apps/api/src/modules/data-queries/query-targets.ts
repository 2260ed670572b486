/**
 * The answer a query points at (decision E-queries): a site form entry (answers keyed by question identifier) or a
 * participant's submitted response (the payload's result entries), with the activity definition it was answered
 * against — the response's own revision; for a site form, the revision its version pins.
 */
import {
  type Activity,
  type Answer,
  AnswerSchema,
  decodeEntry,
  parseActivity,
  type QueryTargetKind,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { revisionForAnswers } from '../activities/activities.service';
import { versionSchedulePlan } from '../versions/versions.service';
import { findResponse, findSiteFormEntry } from './data-queries.repository';

export interface QueryTarget {
  kind: QueryTargetKind;
  id: string;
  participantId: string;
  siteId: string;
  activityId: string;
  /** undefined: the definition cannot be read (then no question can be named). */
  definition: Activity | undefined;
  answers: Record<string, Answer>;
  /** Question identifiers the participant skipped. */
  skipped: string[];
}

const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

async function definitionOf(ctx: ServiceCtx, activityId: string, revisionId: string): Promise<Activity | undefined> {
  const stored = await revisionForAnswers(ctx, activityId, revisionId);
  if (!stored) return undefined;
  try {
    return parseActivity(stored.definition);
  } catch {
    // a stored definition the model no longer reads: its answers can still be listed, not queried by question
    return undefined;
  }
}

interface StoredEntry {
  questionId?: unknown;
  answerText?: unknown;
  optionId?: unknown;
  isSkipped?: unknown;
}

/** A response's result entries as answers by question identifier, read with the activity's questions. */
export function answersOfEntries(definition: Activity | undefined, stored: unknown) {
  const answers: Record<string, Answer> = {};
  const skipped: string[] = [];
  const entries = Array.isArray(stored) ? (stored as StoredEntry[]) : [];
  for (const e of entries) {
    if (typeof e?.questionId !== 'string') continue;
    if (e.isSkipped === true) {
      skipped.push(e.questionId);
      continue;
    }
    const q = definition?.questions.find((x) => x.identifier === e.questionId);
    const entry = {
      answerText: typeof e.answerText === 'string' ? e.answerText : '',
      optionId: typeof e.optionId === 'string' ? e.optionId : '',
      isSkipped: false,
    };
    const a = q ? decodeEntry(q, entry) : entry.answerText ? { answer: entry.answerText } : undefined;
    if (a) answers[e.questionId] = a;
  }
  return { answers, skipped };
}

/** A site form's answers as stored (an AnswerMap), each kept only when it reads as an answer. */
function answersOfMap(stored: unknown): Record<string, Answer> {
  const out: Record<string, Answer> = {};
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return out;
  for (const [k, v] of Object.entries(stored)) {
    const parsed = AnswerSchema.safeParse(v);
    if (parsed.success) out[k] = parsed.data;
  }
  return out;
}

/** The target in the request's study and data space, or undefined when there is none. */
export async function findTarget(
  ctx: ServiceCtx,
  studyId: string,
  kind: QueryTargetKind,
  targetId: string,
): Promise<QueryTarget | undefined> {
  if (kind === 'response') {
    const r = await findResponse(ctx.db, studyId, ctx.env, targetId);
    if (!r) return undefined;
    const definition = await definitionOf(ctx, r.activity_id, r.revision_id);
    return {
      kind,
      id: r.id,
      participantId: r.participant_id,
      siteId: r.site_id,
      activityId: r.activity_id,
      definition,
      ...answersOfEntries(definition, json(r.answers)),
    };
  }
  const e = await findSiteFormEntry(ctx.db, studyId, ctx.env, targetId);
  if (!e) return undefined;
  const version = await versionSchedulePlan(ctx, studyId, e.version_id);
  const revisionId = version?.activities.find((a) => a.id === e.activity_id)?.revisionId;
  return {
    kind,
    id: e.id,
    participantId: e.participant_id,
    siteId: e.site_id,
    activityId: e.activity_id,
    definition: revisionId ? await definitionOf(ctx, e.activity_id, revisionId) : undefined,
    answers: answersOfMap(json(e.answers)),
    skipped: [],
  };
}
