/** The SQL of saved reports (decision G-reports): the reports themselves, and a report's rows on current data. */
import type { ReportDefinition } from '@trialpath/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema';

/** The study's reports of a data space, each with its author's name. */
const reportsOf = (db: Db, studyId: string, environment: Environment) =>
  db
    .selectFrom('reports as r')
    .innerJoin('users as u', 'u.id', 'r.created_by')
    .select(['r.id', 'r.name', 'r.definition', 'r.created_by', 'r.created_at', 'r.updated_at', 'u.username'])
    .select(sql<string>`trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))`.as('author'))
    .where('r.study_id', '=', studyId)
    .where('r.environment', '=', environment);

export function studyReports(db: Db, studyId: string, environment: Environment) {
  return reportsOf(db, studyId, environment).orderBy('r.updated_at', 'desc').orderBy('r.id').execute();
}

export async function findReport(db: Db, studyId: string, environment: Environment, reportId: string, lock = false) {
  const q = reportsOf(db, studyId, environment).where('r.id', '=', reportId);
  return (lock ? q.forUpdate('r') : q).executeTakeFirst();
}

export function insertReport(
  db: Db,
  v: { studyId: string; environment: Environment; name: string; definition: ReportDefinition; by: string },
) {
  return db
    .insertInto('reports')
    .values({
      study_id: v.studyId,
      environment: v.environment,
      name: v.name,
      definition: JSON.stringify(v.definition),
      created_by: v.by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateReportRow(db: Db, id: string, v: { name: string; definition: ReportDefinition }) {
  return db
    .updateTable('reports')
    .set({ name: v.name, definition: JSON.stringify(v.definition), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export function deleteReportRow(db: Db, id: string) {
  return db.deleteFrom('reports').where('id', '=', id).execute();
}

export interface ReportScope {
  studyId: string;
  environment: Environment;
  siteIds: readonly string[];
  statuses: readonly string[];
  participantIds: readonly string[];
  fromDate: string | null;
  toDate: string | null;
}

const uuids = (ids: readonly string[]) => sql`${sql.val([...ids])}::uuid[]`;

function matching(s: ReportScope) {
  return sql`p.study_id = ${s.studyId} and p.environment = ${s.environment} and p.site_id = any(${uuids(s.siteIds)})
    ${s.statuses.length ? sql`and p.status = any(${sql.val([...s.statuses])}::text[])` : sql``}
    ${s.participantIds.length ? sql`and p.id = any(${uuids(s.participantIds)})` : sql``}
    ${s.fromDate ? sql`and coalesce(p.registration_date, p.created_at) >= (${s.fromDate}::date)::timestamp at time zone 'UTC'` : sql``}
    ${s.toDate ? sql`and coalesce(p.registration_date, p.created_at) < (${s.toDate}::date + 1)::timestamp at time zone 'UTC'` : sql``}`;
}

export async function reportCount(db: Db, s: ReportScope): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from participants p where ${matching(s)}`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

/** A page of the report's participants (all when `limit` is null), in participant id order, with their facts. */
export async function reportParticipants(db: Db, s: ReportScope, page: { offset: number; limit: number | null }) {
  const { rows } = await sql<{
    id: string;
    participant_code: string;
    site_name: string;
    country_name: string;
    status: string;
    source: string;
    registration_date: Date | null;
    consent_state: string;
    total: number | null;
    completed: number | null;
  }>`
    select p.id, p.participant_code, s.name as site_name, c.name as country_name, p.status, p.source,
           p.registration_date, p.consent_state, t.total, t.completed
    from participants p
    join sites s on s.id = p.site_id
    join countries c on c.id = s.country_id
    left join participant_task_totals t on t.participant_id = p.id
    where ${matching(s)}
    order by p.participant_code
    ${page.limit === null ? sql`` : sql`limit ${page.limit}`} offset ${page.offset}`.execute(db);
  return rows;
}

/** The participants' tasks of the chosen activities: those that count and the completed ones. */
export async function activityTotals(db: Db, participantIds: readonly string[], activityIds: readonly string[]) {
  if (!participantIds.length || !activityIds.length) return [];
  const { rows } = await sql<{ participant_id: string; target_id: string; total: number; completed: number }>`
    select participant_id, target_id, count(*) filter (where status <> 'WITHDRAWN')::int as total,
           count(*) filter (where status = 'COMPLETED')::int as completed
    from participant_tasks
    where participant_id = any(${uuids(participantIds)}) and target_id = any(${sql.val([...activityIds])}::text[])
    group by 1, 2`.execute(db);
  return rows;
}
