/**
 * The reads of an export (issue 14, decision H-exports): each record set in two steps — the ids in the file's
 * order (one sorted query, the rows chosen by the frozen scope), then the rows in chunks by id — so no long
 * transaction is held (the embedded database has one connection), no page re-sorts the whole set, and both
 * databases run the same SQL. Only this module reads other areas' tables for an export, and only to copy them out.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema/columns';

/** Who and what an export may hold: the data space, the sites, and the narrowing filters. */
export interface ExportSelection {
  studyId: string;
  environment: Environment;
  siteIds: readonly string[];
  participantId: string | null;
  compliance: { min: number; max: number } | null;
  activityIds: readonly string[];
  fromDate: string | null;
  toDate: string | null;
}

const uuids = (ids: readonly string[]) => sql`${sql.val([...ids])}::uuid[]`;

/** Participants in file order with their codes: rows joined to it need no lookup of the participant's row. */
export type ParticipantRef = { id: string; participant_code: string };
const inOrder = (people: readonly ParticipantRef[]) =>
  sql`unnest(${uuids(people.map((p) => p.id))}, ${sql.val(people.map((p) => p.participant_code))}::text[])
    with ordinality as o(id, participant_code, n)`;

/** The participants of the selection, as a predicate over `participants p` (with `participant_task_totals t` joined). */
function participantsOf(s: ExportSelection): RawBuilder<unknown> {
  return sql`p.study_id = ${s.studyId} and p.environment = ${s.environment} and p.site_id = any(${uuids(s.siteIds)})
    ${s.participantId ? sql`and p.id = ${s.participantId}` : sql``}
    ${
      s.compliance
        ? sql`and t.total > 0 and t.completed * 100 >= ${s.compliance.min} * t.total and t.completed * 100 <= ${s.compliance.max} * t.total`
        : sql``
    }`;
}
const participantJoin = sql`participants p left join participant_task_totals t on t.participant_id = p.id`;

function completedWithin(s: ExportSelection, column: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`${s.fromDate ? sql`and ${column} >= (${s.fromDate}::date)::timestamp at time zone 'UTC'` : sql``}
    ${s.toDate ? sql`and ${column} < (${s.toDate}::date + 1)::timestamp at time zone 'UTC'` : sql``}`;
}
const activityFilter = (s: ExportSelection, column: RawBuilder<unknown>) =>
  s.activityIds.length ? sql`and ${column} = any(${uuids(s.activityIds)})` : sql``;

export async function studyHeader(db: Db, studyId: string) {
  return db
    .selectFrom('studies as s')
    .leftJoin('study_versions as lv', 'lv.id', 's.live_version_id')
    .leftJoin('study_versions as tv', 'tv.id', 's.test_version_id')
    .select([
      's.id',
      's.code',
      's.name',
      's.client_id',
      's.created_at',
      'lv.number as live_number',
      'tv.number as test_number',
    ])
    .where('s.id', '=', studyId)
    .executeTakeFirst();
}

export function studySiteRefs(db: Db, studyId: string) {
  return db
    .selectFrom('sites')
    .select(['id', 'site_code', 'name', 'site_sub_type', 'country_id'])
    .where('study_id', '=', studyId)
    .orderBy('site_code')
    .orderBy('id')
    .execute();
}

/** The study's activities (not archived), by identifier. */
export async function exportableActivities(db: Db, studyId: string) {
  const rows = await db
    .selectFrom('activities')
    .select(['id', 'identifier', 'title'])
    .where('study_id', '=', studyId)
    .where('archived_at', 'is', null)
    .orderBy('identifier_key')
    .execute();
  return rows.map((r) => ({ id: r.id, name: (r.title as Record<string, string>).en || r.identifier }));
}

export async function participantInScope(
  db: Db,
  studyId: string,
  environment: Environment,
  siteIds: readonly string[],
  participantId: string,
) {
  const { rows } = await sql`select 1 from participants where id = ${participantId} and study_id = ${studyId}
    and environment = ${environment} and site_id = any(${uuids(siteIds)})`.execute(db);
  return rows.length > 0;
}

export async function reportInStudy(db: Db, studyId: string, environment: Environment, reportId: string) {
  const { rows } = await sql`select 1 from reports where id = ${reportId} and study_id = ${studyId}
    and environment = ${environment}`.execute(db);
  return rows.length > 0;
}

/**
 * The instant of the newest change the export holds: its files print it instead of the clock, so an export of
 * unchanged data is the same bytes. The study's creation when nothing was recorded yet.
 */
export async function dataAsOf(db: Db, s: ExportSelection, fallback: Date): Promise<Date> {
  const { rows } = await sql<{ at: Date | null }>`
    with sel as (select p.id, p.updated_at from ${participantJoin} where ${participantsOf(s)})
    select greatest(
      (select max(updated_at) from sel),
      (select max(r.created_at) from activity_responses r where r.participant_id in (select id from sel)),
      (select max(c.corrected_at) from response_corrections c where c.participant_id in (select id from sel)),
      (select max(e.updated_at) from site_form_entries e where e.participant_id in (select id from sel)),
      (select max(greatest(c.signed_at, coalesce(c.countersigned_at, c.signed_at))) from consent_signatures c where c.participant_id in (select id from sel)),
      (select max(k.updated_at) from participant_tasks k where k.participant_id in (select id from sel)),
      (select max(q.updated_at) from data_queries q where q.participant_id in (select id from sel))
    ) as at`.execute(db);
  const at = rows[0]?.at;
  return at ? new Date(at) : fallback;
}

// ── ids in file order ────────────────────────────────────────────────────────────────────────────

/** The participants of the selection in file order, with the codes every file writes them by. */
export async function participantIds(db: Db, s: ExportSelection) {
  const { rows } = await sql<{ id: string; participant_code: string }>`select p.id, p.participant_code
    from ${participantJoin} where ${participantsOf(s)} order by p.participant_code, p.id`.execute(db);
  return rows;
}

/** Submissions (participants' results and site forms) by activity, participant, completion, id. */
export async function submissionKeys(db: Db, s: ExportSelection) {
  const { rows } = await sql<{
    id: string;
    source: 'participant' | 'site';
    activity_id: string;
    revision_id: string | null;
    code: string;
  }>`
    select id, source, activity_id, revision_id, code from (
      select r.id, 'participant' as source, r.activity_id::text as activity_id, r.revision_id, p.participant_code as code, r.completed_at as at
        from activity_responses r join ${participantJoin} on p.id = r.participant_id
        where ${participantsOf(s)} and r.environment = ${s.environment} ${activityFilter(s, sql`r.activity_id`)}
          ${completedWithin(s, sql`r.completed_at`)}
      union all
      select e.id, 'site' as source, e.activity_id, null::uuid as revision_id, p.participant_code as code, e.created_at as at
        from site_form_entries e join ${participantJoin} on p.id = e.participant_id
        where ${participantsOf(s)} and e.environment = ${s.environment} ${activityFilter(s, sql`e.activity_id::uuid`)}
          ${completedWithin(s, sql`e.created_at`)}
    ) x order by activity_id, code, at, id`.execute(db);
  return rows;
}

// ── rows by id ───────────────────────────────────────────────────────────────────────────────────

export async function participantRows(db: Db, ids: readonly string[]) {
  const { rows } = await sql<{
    id: string;
    participant_code: string;
    site_code: string;
    country_id: string | null;
    status: string;
    environment: string;
    created_at: Date;
    registration_date: Date | null;
    day_zero: string | null;
    version_number: number | null;
    consent_state: string | null;
    tasks_total: number | null;
    tasks_completed: number | null;
    withdrawn_at: Date | null;
    withdrawal_reason: string | null;
  }>`select p.id, p.participant_code, s.site_code, s.country_id, p.status, p.environment, p.created_at,
      p.registration_date, p.day_zero, v.number as version_number, p.consent_state,
      t.total as tasks_total, t.completed as tasks_completed, w.changed_at as withdrawn_at, w.reason as withdrawal_reason
    from participants p join sites s on s.id = p.site_id
    left join lateral (select c.changed_at, c.reason from participant_status_changes c
      where c.participant_id = p.id and c.to_status = 'WITHDRAWN' order by c.changed_at desc limit 1) w on true
    left join study_versions v on v.id = p.version_id
    left join participant_task_totals t on t.participant_id = p.id
    where p.id = any(${uuids(ids)})`.execute(db);
  return rows;
}

/**
 * The answer fields every export reads, each as one array per response in answer order. A stored answer also
 * carries display defaults (language, timings, status, texts): about six times the bytes of these fields. Picking
 * them out in the database (its value detoasted once) halves the work of both sides against sending answers whole;
 * the fields read only for answers to questions the revision lacks come with the whole answers (responseAnswers).
 */
const ANSWER_FIELDS = ['questionId', 'isSkipped', 'answerText', 'optionId'] as const;
export type AnswerField = (typeof ANSWER_FIELDS)[number];
const answerArrays = sql.join(
  ANSWER_FIELDS.map((f) => sql`jsonb_path_query_array(x.answers, ${`$[*].${f}`}::jsonpath) as ${sql.ref(`a_${f}`)}`),
);

/** Responses by id; their participant and site are the callers' maps (a join per row costs as much as the row). */
export async function responseRows(db: Db, ids: readonly string[]) {
  const { rows } = await sql<
    {
      id: string;
      participant_id: string;
      site_id: string;
      activity_id: string;
      revision_id: string;
      completed_at: Date;
      completed_local: string;
      completed_offset: string;
      answer_count: number;
    } & { [F in AnswerField as `a_${F}`]: unknown[] }
  >`select x.id, x.participant_id, x.site_id, x.activity_id, x.revision_id, x.completed_at, x.completed_local,
      x.completed_offset, jsonb_array_length(x.answers) as answer_count, ${answerArrays}
    from (select r.id, r.participant_id, r.site_id, r.activity_id, r.revision_id, r.completed_at, r.completed_local,
        r.completed_offset, r.answers || '[]'::jsonb as answers from activity_responses r
      where r.id = any(${uuids(ids)}) offset 0) x`.execute(db);
  return rows;
}

/**
 * Responses by id with their answers whole, as stored: for the formats that carry every field of an answer (the
 * FHIR bundle keeps the payload's own fields in an extension), and for the rare response the arrays cannot stand for.
 */
export async function responseRowsWhole(db: Db, ids: readonly string[]) {
  const { rows } = await sql<{
    id: string;
    participant_id: string;
    site_id: string;
    activity_id: string;
    revision_id: string;
    completed_at: Date;
    completed_local: string;
    completed_offset: string;
    answers: unknown[];
  }>`select r.id, r.participant_id, r.site_id, r.activity_id, r.revision_id, r.completed_at, r.completed_local,
      r.completed_offset, r.answers
    from activity_responses r where r.id = any(${uuids(ids)})`.execute(db);
  return rows;
}

/** The corrections of these responses, oldest first (the newest of an item is its value now). */
export async function correctionRows(db: Db, responseIds: readonly string[]) {
  const { rows } = await sql<{ response_id: string; item: string; new_value: unknown }>`
    select response_id, item, new_value from response_corrections
    where response_id = any(${uuids(responseIds)}) order by corrected_at, id`.execute(db);
  return rows;
}

export async function siteFormRows(db: Db, ids: readonly string[]) {
  const { rows } = await sql<{
    id: string;
    participant_code: string;
    site_code: string;
    activity_id: string;
    version_id: string;
    created_at: Date;
    answers: Record<string, unknown>;
    signer_name: string | null;
    signed_at: Date | null;
    signature_meaning: string | null;
    created_by: string;
    signed_by: string | null;
  }>`select e.id, p.participant_code, s.site_code, e.activity_id, e.version_id, e.created_at, e.answers,
      e.signer_name, e.signed_at, e.signature_meaning, e.created_by, e.signed_by
    from site_form_entries e join participants p on p.id = e.participant_id join sites s on s.id = e.site_id
    where e.id = any(${uuids(ids)})`.execute(db);
  return rows;
}

/** The revision each activity's wide file is laid out by: the newest one any exported submission used. */
export async function revisionRows(db: Db, revisionIds: readonly string[]) {
  const { rows } = await sql<{
    id: string;
    activity_id: string;
    number: number;
    definition: unknown;
    identifier: string;
  }>`
    select v.id, v.activity_id, v.number, v.definition, a.identifier
    from activity_revisions v join activities a on a.id = v.activity_id
    where v.id = any(${uuids(revisionIds)}) order by a.identifier_key, v.number`.execute(db);
  return rows;
}

/** The newest revision of each activity, a published one before a draft (site forms name the version, not the revision). */
export async function latestRevisionIds(db: Db, activityIds: readonly string[]) {
  const { rows } = await sql<{ activity_id: string; id: string }>`
    select distinct on (activity_id) activity_id, id from activity_revisions
    where activity_id = any(${uuids(activityIds)}) order by activity_id, (status = 'DRAFT'), number desc`.execute(db);
  return new Map(rows.map((r) => [r.activity_id, r.id]));
}

export async function consentRows(db: Db, people: readonly ParticipantRef[]) {
  const { rows } = await sql<{
    participant_code: string;
    consent_id: string;
    version_number: number | null;
    signed_at: Date;
    meaning: string;
    language: string;
    countersigned_at: Date | null;
    countersigner_name: string | null;
  }>`select o.participant_code, c.consent_id, v.number as version_number, c.signed_at, c.meaning, c.language,
      c.countersigned_at, c.countersigner_name
    from ${inOrder(people)} join consent_signatures c on c.participant_id = o.id
    left join study_versions v on v.id = c.version_id
    order by o.n, c.signed_at, c.id`.execute(db);
  return rows;
}

export async function taskRows(db: Db, people: readonly ParticipantRef[]) {
  const { rows } = await sql<{
    id: string;
    participant_code: string;
    target_kind: string;
    target_id: string;
    activity: string | null;
    submission_id: string | null;
    opens_at: Date;
    closes_at: Date | null;
    status: string;
    answered_at: Date | null;
  }>`select k.id, o.participant_code, k.target_kind, k.target_id, a.identifier as activity, k.opens_at, k.closes_at,
      k.status, k.answered_at,
      (select r.id from activity_responses r where r.task_id = k.id order by r.created_at, r.id limit 1) as submission_id
    from ${inOrder(people)} join participant_tasks k on k.participant_id = o.id
    left join activities a on k.target_kind = 'activity' and a.id::text = k.target_id
    order by o.n, k.opens_at, k.task_key`.execute(db);
  return rows;
}

export async function queryRows(db: Db, participantIds: readonly string[], blinded: boolean) {
  const { rows } = await sql<{
    query_id: string;
    participant_code: string;
    activity: string | null;
    target_id: string;
    item: string;
    status: string;
    opened_at: Date;
    opened_by: string;
    seq: string;
    kind: string;
    text: string;
    author: string;
    created_at: Date;
  }>`select q.id as query_id, p.participant_code, a.identifier as activity, q.target_id, q.item, q.status, q.opened_at, ou.username as opened_by,
      m.seq, m.kind, m.text, mu.username as author, m.created_at
    from data_queries q join participants p on p.id = q.participant_id
    join users ou on ou.id = q.opened_by left join activities a on a.id::text = q.activity_id
    join data_query_messages m on m.query_id = q.id join users mu on mu.id = m.author_id
    where q.participant_id = any(${uuids(participantIds)}) ${blinded ? sql`and not q.unblinded_only` : sql``}
    order by p.participant_code, q.opened_at, q.id, m.seq`.execute(db);
  return rows;
}

/** The audit entries about the exported records (participants, their results, site forms, consents, queries), in order. */
export async function auditIds(db: Db, participantIds: readonly string[], recordIds: readonly string[]) {
  const { rows } = await sql<{ id: number }>`
    select a.id from audit_log a
    where (a.entity_type = 'participant' and a.entity_id = any(${sql.val([...participantIds])}::text[]))
       or (a.entity_type in ('activity_response', 'site_form_entry') and a.entity_id = any(${sql.val([...recordIds])}::text[]))
       or (a.entity_type in ('consent_signature', 'data_query') and a.entity_id in (
            select c.id::text from consent_signatures c where c.participant_id = any(${uuids(participantIds)})
            union all select q.id::text from data_queries q where q.participant_id = any(${uuids(participantIds)})))
    order by a.id`.execute(db);
  return rows.map((r) => Number(r.id));
}

export async function auditRows(db: Db, ids: readonly number[]) {
  const { rows } = await sql<{
    id: number;
    at: Date;
    actor_id: string | null;
    actor_name: string | null;
    actor_type: string;
    action: string;
    entity_type: string;
    entity_id: string | null;
    before: unknown;
    after: unknown;
    reason: string | null;
  }>`select a.id, a.at, a.actor_id, coalesce(u.username, pp.participant_code) as actor_name, a.actor_type, a.action,
      a.entity_type, a.entity_id, a.before, a.after, a.reason
    from audit_log a
    left join users u on a.actor_type = 'staff' and u.id::text = a.actor_id
    left join participants pp on a.actor_type = 'participant' and pp.id::text = a.actor_id
    where a.id = any(${sql.val([...ids])}::bigint[]) order by a.id`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The client's staff users (ODM AdminData: everyone an audit record or signature may name). */
export async function clientUsers(db: Db, clientId: string) {
  return db.selectFrom('users').select(['id', 'username']).where('client_id', '=', clientId).orderBy('id').execute();
}

/**
 * Compliance of these participants (H-010): tasks that count (all but withdrawn), those due by the as-of instant,
 * completed, missed (expired), the share completed, the last completion.
 */
export async function complianceRows(db: Db, participantIds: readonly string[], asOf: Date) {
  const { rows } = await sql<{
    participant_code: string;
    site_code: string;
    status: string;
    total: number;
    due: number;
    completed: number;
    missed: number;
    last_completed_at: Date | null;
  }>`select p.participant_code, s.site_code, p.status,
      count(k.id) filter (where k.status <> 'WITHDRAWN')::int as total,
      count(k.id) filter (where k.status <> 'WITHDRAWN' and k.opens_at <= ${asOf})::int as due,
      count(k.id) filter (where k.status = 'COMPLETED')::int as completed,
      count(k.id) filter (where k.status = 'EXPIRED')::int as missed,
      max(k.answered_at) as last_completed_at
    from participants p join sites s on s.id = p.site_id left join participant_tasks k on k.participant_id = p.id
    where p.id = any(${uuids(participantIds)})
    group by p.id, p.participant_code, s.site_code, p.status
    order by p.participant_code, p.id`.execute(db);
  return rows;
}
