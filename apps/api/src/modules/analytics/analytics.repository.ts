/**
 * The SQL of the study dashboard (decision G-analytics-data): participant facts in one read of participants (their
 * consent state and task totals are kept on them), tasks and responses from the counters the database keeps, and
 * the chosen participants' own rows when the filter names some.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema';

export interface AnalyticsScope {
  studyId: string;
  environment: Environment;
  /** The sites in view: the caller's, narrowed by the filters (never empty here: the service answers none itself). */
  siteIds: readonly string[];
  /** Chosen participants (ids); undefined: every participant of the sites. */
  participantIds?: readonly string[];
  /** Inclusive days, YYYY-MM-DD. */
  fromDate?: string;
  toDate?: string;
  /** A blinded caller: queries raised only for the unblinded are not counted (A-117). */
  blinded: boolean;
}

const uuids = (ids: readonly string[]) => sql`${sql.val([...ids])}::uuid[]`;

/**
 * `column` within the scope's days, inclusive: a date column as it is, a timestamp (`instant`) by its UTC day
 * (whatever the session's time zone). `column` is this module's own text, never the caller's.
 */
function inDays(column: string, s: AnalyticsScope, instant = true) {
  const at = sql.raw(column);
  const bound = (d: string) => (instant ? sql`(${d}::date)::timestamp at time zone 'UTC'` : sql`${d}::date`);
  const from = s.fromDate ? sql`and ${at} >= ${bound(s.fromDate)}` : sql``;
  const to = s.toDate
    ? sql`and ${at} < ${instant ? sql`(${s.toDate}::date + 1)::timestamp at time zone 'UTC'` : sql`${s.toDate}::date + 1`}`
    : sql``;
  return sql`${from} ${to}`;
}

/** The chosen participants, when the scope names some. */
const chosen = (column: string, s: AnalyticsScope) =>
  s.participantIds ? sql`and ${sql.ref(column)} = any(${uuids(s.participantIds)})` : sql``;

interface ParticipantGroup {
  site_id: string;
  status: string;
  consent_state: string;
  bucket: number | null;
  month: string | null;
  n: number;
  pct_sum: number | null;
  first_registered: Date | null;
  quiz_passed: number;
  quiz_attempts: number;
}

/**
 * Participants with their task totals, counted per site, status, consent state, completion tenth and registration
 * month in one hashed pass (the caller folds the groups three ways). The planner guesses far more groups than there
 * are (a few thousand at 100,000 participants) and would sort every row on disk; 32 MB for this statement lets it
 * hash them in memory: 300 → 130 ms at 100,000 participants (decision G-analytics-data).
 */
export async function participantFacts(db: Db, s: AnalyticsScope) {
  const groups = async (q: Db) => {
    await sql`set local work_mem = '32MB'`.execute(q);
    return sql<ParticipantGroup>`
      select p.site_id, p.status, p.consent_state,
             case when t.total > 0 then least(t.completed * 10 / t.total, 9) end as bucket,
             to_char(date_trunc('month', p.registration_date at time zone 'UTC'), 'YYYY-MM') as month,
             count(*)::int as n, sum(case when t.total > 0 then t.completed * 100.0 / t.total end)::float8 as pct_sum,
             min(p.registration_date) as first_registered,
             sum(p.quiz_passed)::int as quiz_passed, sum(p.quiz_attempts)::int as quiz_attempts
      from participants p left join participant_task_totals t on t.participant_id = p.id
      where p.study_id = ${s.studyId} and p.environment = ${s.environment} and p.site_id = any(${uuids(s.siteIds)})
        ${chosen('p.id', s)} ${inDays('coalesce(p.registration_date, p.created_at)', s)}
      group by 1, 2, 3, 4, 5`.execute(q);
  };
  // set local lasts to the end of a transaction: the request's own, or one of this read alone
  const { rows } = db.isTransaction ? await groups(db) : await db.transaction().execute((trx) => groups(trx));
  return foldParticipantGroups(rows);
}

/** The groups three ways: per site, status and consent state; per completion tenth; per registration month. */
function foldParticipantGroups(rows: readonly ParticipantGroup[]) {
  const fold = <K extends string>(key: (r: ParticipantGroup) => K | null) => {
    const out = new Map<K, ParticipantGroup>();
    for (const r of rows) {
      const k = key(r);
      if (k === null) continue;
      const acc = out.get(k);
      if (!acc) out.set(k, { ...r });
      else {
        acc.n += r.n;
        acc.pct_sum = (acc.pct_sum ?? 0) + (r.pct_sum ?? 0);
        acc.quiz_passed += r.quiz_passed;
        acc.quiz_attempts += r.quiz_attempts;
        if (r.first_registered && (!acc.first_registered || r.first_registered < acc.first_registered))
          acc.first_registered = r.first_registered;
      }
    }
    return [...out.values()];
  };
  return {
    bySite: fold((r) => `${r.site_id}|${r.status}|${r.consent_state}`),
    byBucket: fold((r) => String(r.bucket)),
    byMonth: fold((r) => r.month).filter((r) => r.month !== null),
  };
}

/** The first participant registered at each site, whatever the date range (the date charts filter themselves). */
export async function firstRegistered(db: Db, s: AnalyticsScope) {
  const { rows } = await sql<{ site_id: string; first: Date | null }>`
    select site_id, min(registration_date) as first from participants
    where study_id = ${s.studyId} and environment = ${s.environment} and site_id = any(${uuids(s.siteIds)})
      ${chosen('id', s)}
    group by site_id`.execute(db);
  return rows;
}

/** Tasks per activity (or packet) and status: the counters, or the chosen participants' tasks. */
export async function taskFacts(db: Db, s: AnalyticsScope) {
  const query = s.participantIds
    ? sql<{ target_id: string; status: string; n: number }>`
        select t.target_id, t.status, count(*)::int as n from participant_tasks t
        where t.participant_id = any(${uuids(s.participantIds)}) and t.study_id = ${s.studyId}
          and exists (select 1 from participants p where p.id = t.participant_id and p.environment = ${s.environment}
                      and p.site_id = any(${uuids(s.siteIds)}))
          ${inDays('t.opens_at', s)}
        group by 1, 2`
    : sql<{ target_id: string; status: string; n: number }>`
        select target_id, status, sum(n)::int as n from activity_task_counts
        where study_id = ${s.studyId} and environment = ${s.environment} and site_id = any(${uuids(s.siteIds)})
          ${inDays('day', s, false)}
        group by 1, 2 having sum(n) <> 0`;
  return (await query.execute(db)).rows;
}

/** The titles of the activities the tasks point at (a visit packet has none here). */
export async function activityTitles(db: Db, ids: readonly string[]) {
  if (!ids.length) return [];
  const { rows } = await sql<{ id: string; title: Record<string, string> }>`
    select id::text as id, title from activities where id::text = any(${sql.val([...ids])}::text[])`.execute(db);
  return rows;
}

/** Responses and their answers per site (the answer count is stored with each response; read from its index). */
export async function datapointFacts(db: Db, s: AnalyticsScope) {
  const { rows } = await sql<{ site_id: string; responses: number; answers: number }>`
    select site_id, count(*)::int as responses, coalesce(sum(answer_count), 0)::int as answers
    from activity_responses
    where study_id = ${s.studyId} and environment = ${s.environment} and site_id = any(${uuids(s.siteIds)})
      ${chosen('participant_id', s)} ${inDays('completed_at', s)}
    group by 1`.execute(db);
  return rows;
}

/** Each site's first response and who gave it (one index probe a site). */
export async function firstData(db: Db, s: AnalyticsScope) {
  const { rows } = await sql<{ site_id: string; completed_at: Date; participant_code: string }>`
    select site.id as site_id, r.completed_at, p.participant_code
    from unnest(${uuids(s.siteIds)}) as site(id)
    cross join lateral (
      select completed_at, participant_id from activity_responses
      where study_id = ${s.studyId} and environment = ${s.environment} and site_id = site.id
        ${chosen('participant_id', s)}
      order by completed_at limit 1) r
    join participants p on p.id = r.participant_id`.execute(db);
  return rows;
}

/** Queries per status, and the tasks that closed unanswered (missing data). */
export async function queryFacts(db: Db, s: AnalyticsScope) {
  const { rows } = await sql<{ status: string; n: number }>`
    select status, count(*)::int as n from data_queries
    where study_id = ${s.studyId} and environment = ${s.environment} and site_id = any(${uuids(s.siteIds)})
      ${s.blinded ? sql`and not unblinded_only` : sql``} ${chosen('participant_id', s)} ${inDays('opened_at', s)}
    group by 1`.execute(db);
  return rows;
}

/**
 * Why the participants now withdrawn or failed at screening got there: the reason of their last change to such a
 * status, read from the changes (a few) rather than from every participant of those statuses.
 */
export async function leavingReasons(db: Db, s: AnalyticsScope) {
  const { rows } = await sql<{ status: string; reason: string; n: number }>`
    select p.status, last.reason, count(*)::int as n
    from (
      select distinct on (c.participant_id) c.participant_id, c.to_status,
             coalesce(nullif(c.reason_code, ''), nullif(c.reason, ''), 'Other') as reason
      from participant_status_changes c
      where c.study_id = ${s.studyId} and c.environment = ${s.environment}
        and c.to_status in ('WITHDRAWSTUDY', 'SCREENFAILED')
      order by c.participant_id, c.changed_at desc) last
    join participants p on p.id = last.participant_id and p.status = last.to_status
    where p.site_id = any(${uuids(s.siteIds)}) ${chosen('p.id', s)}
      ${inDays('coalesce(p.registration_date, p.created_at)', s)}
    group by 1, 2`.execute(db);
  return rows;
}

/** Uploaded documents sent for signature per site and signature state (not those invalidated). */
export async function uploadedConsents(db: Db, s: AnalyticsScope) {
  const { rows } = await sql<{ site_id: string; state: string; n: number }>`
    select p.site_id, sig.state, count(*)::int as n
    from participant_documents d
    join participants p on p.id = d.participant_id
    cross join lateral (
      select case when bool_or(signer_role = 'PARTICIPANT') and bool_or(signer_role = 'PI') then 'PI_AND_PARTICIPANT_SIGNED'
                  when bool_or(signer_role = 'PARTICIPANT') then 'PARTICIPANT_SIGNED' else 'UNSIGNED' end as state
      from participant_document_signatures where document_id = d.id) sig
    where d.study_id = ${s.studyId} and d.environment = ${s.environment} and not d.is_invalidate
      and p.site_id = any(${uuids(s.siteIds)}) ${chosen('p.id', s)} ${inDays('d.created_at', s)}
    group by 1, 2`.execute(db);
  return rows;
}
