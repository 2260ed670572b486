/** The SQL of the participant list (decision E-participant-list): one page and the count of the same filter. */
import type { ConsentListStatus, EnrolmentSource, ParticipantSortKey, ParticipantStatus } from '@trialpath/domain';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, Environment } from '../../db/schema';
import { labelsJsonOfP } from './participant-labels.repository';

export interface ParticipantListFilter {
  studyId: string;
  environment: Environment;
  /** The sites whose participants the caller may see; null: every site of the study. */
  siteIds: readonly string[] | null;
  search?: string;
  /** Whether the search may match the name and e-mail (the caller may identify participants). */
  identify: boolean;
  statuses?: readonly ParticipantStatus[];
  sources?: readonly EnrolmentSource[];
  /** Sites asked for by the filter (within the visible ones). */
  askedSiteIds?: readonly string[];
  versionIds?: readonly string[];
  /** Participants not on this version (the migration list, E-071). */
  excludeVersionId?: string;
  labelIds?: readonly string[];
  consent?: ConsentListStatus;
  cohortId?: string;
  language?: string;
  /** E-068, E-069: participants holding (or, with `withoutDocument`, not holding) a copy of this study document. */
  documentId?: string;
  withoutDocument?: boolean;
}

export interface ParticipantListOrder {
  key: ParticipantSortKey;
  descending: boolean;
  /** Site ids by site name, version ids by version number: the order of the site and version sorts. */
  siteRank: readonly string[];
  versionRank: readonly string[];
}

/** A LIKE pattern matching values that start with `text` (its own wildcards taken literally). */
const startsWith = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A text column lower-cased in the C collation: the expression the list's indexes hold (migration 202612050100). */
const folded = (column: string) => sql`(lower(${sql.ref(column)}) collate "C")`;

type From = ExpressionBuilder<Database & { p: Database['participants'] }, 'p'>;

function searchOf(eb: From, search: string, identify: boolean): Expression<SqlBool> {
  const like = (column: string, text: string) => sql<SqlBool>`${folded(column)} like ${startsWith(text)}`;
  const code = like('p.participant_code', search);
  if (!identify) return code;
  const either: Expression<SqlBool>[] = [
    code,
    like('p.email', search),
    like('p.first_name', search),
    like('p.last_name', search),
  ];
  // "Ana Gar" finds Ana García: the first word starts the first name, the rest the last name (or the reverse)
  const words = search.split(/\s+/).filter(Boolean);
  if (words.length >= 2) {
    const [a, rest] = [words[0]!, words.slice(1).join(' ')];
    either.push(eb.and([like('p.first_name', a), like('p.last_name', rest)]));
    either.push(eb.and([like('p.last_name', a), like('p.first_name', rest)]));
  }
  return eb.or(either);
}

function whereOf(eb: From, f: ParticipantListFilter): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [eb('p.study_id', '=', f.studyId), eb('p.environment', '=', f.environment)];
  if (f.siteIds) all.push(f.siteIds.length ? eb('p.site_id', 'in', f.siteIds) : sql<SqlBool>`false`);
  if (f.search) all.push(searchOf(eb, f.search, f.identify));
  if (f.statuses?.length) all.push(eb('p.status', 'in', f.statuses));
  if (f.sources?.length) all.push(eb('p.source', 'in', f.sources));
  if (f.askedSiteIds?.length) all.push(eb('p.site_id', 'in', f.askedSiteIds));
  if (f.versionIds?.length) all.push(eb('p.version_id', 'in', f.versionIds));
  if (f.excludeVersionId) all.push(sql<SqlBool>`p.version_id is distinct from ${f.excludeVersionId}`);
  if (f.cohortId) all.push(eb('p.cohort_id', '=', f.cohortId));
  if (f.language) all.push(eb('p.language', '=', f.language));
  if (f.labelIds?.length) {
    const ids = f.labelIds;
    all.push(
      eb.exists(
        eb
          .selectFrom('participant_label_links as l')
          .select(sql`1`.as('one'))
          .whereRef('l.participant_id', '=', 'p.id')
          .where('l.label_id', 'in', ids),
      ),
    );
  }
  if (f.consent) all.push(eb('p.consent_signed', '=', f.consent === 'SIGNED'));
  if (f.documentId) {
    const holds = eb.exists(
      eb
        .selectFrom('participant_documents as d')
        .select(sql`1`.as('one'))
        .whereRef('d.participant_id', '=', 'p.id')
        .where('d.study_document_id', '=', f.documentId)
        .where('d.is_invalidate', '=', false),
    );
    all.push(f.withoutDocument ? eb.not(holds) : holds);
  }
  return eb.and(all);
}

/**
 * The ORDER BY of a sort key: the column as the list's indexes hold it, then the participant code (unique in a
 * study's data space), so the order is total and a deep page is read along an index.
 */
function orderOf(o: ParticipantListOrder) {
  const dir = sql.raw(o.descending ? 'desc' : 'asc');
  const nulls = sql.raw(o.descending ? 'nulls first' : 'nulls last');
  const then = sql`p.participant_code ${dir}`;
  switch (o.key) {
    case 'participantId':
      return then;
    case 'name':
      return sql`${folded('p.last_name')} ${dir} ${nulls}, ${folded('p.first_name')} ${dir} ${nulls}, ${then}`;
    case 'email':
      return sql`${folded('p.email')} ${dir} ${nulls}, ${then}`;
    case 'site':
      return sql`array_position(${o.siteRank}::uuid[], p.site_id) ${dir} ${nulls}, ${then}`;
    case 'status':
      return sql`p.status ${dir}, ${then}`;
    case 'source':
      return sql`p.source ${dir}, ${then}`;
    case 'version':
      return sql`array_position(${o.versionRank}::uuid[], p.version_id) ${dir} ${nulls}, ${then}`;
    case 'registrationDate':
      return sql`p.registration_date ${dir} ${nulls}, ${then}`;
    case 'createdAt':
      return sql`p.created_at ${dir}, ${then}`;
  }
}

const matching = (db: Db, filter: ParticipantListFilter) =>
  db.selectFrom('participants as p').where((eb) => whereOf(eb as unknown as From, filter));

/**
 * One page of the list, in one statement. The page's ids are found first (`page`), along an index and without
 * reading the rows skipped (a deep page skips tens of thousands), numbered in their order; only those rows are then
 * read, with their site, version and labels.
 */
export async function participantPage(
  db: Db,
  filter: ParticipantListFilter,
  order: ParticipantListOrder,
  page: { offset: number; limit: number },
) {
  const ids = matching(db, filter).select('p.id').orderBy(orderOf(order)).offset(page.offset).limit(page.limit);
  return db
    .with('page', (qb) => qb.selectFrom(ids.as('q')).select(['q.id', sql<number>`row_number() over ()`.as('position')]))
    .selectFrom('page')
    .innerJoin('participants as p', 'p.id', 'page.id')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .leftJoin('study_versions as v', 'v.id', 'p.version_id')
    .select([
      'p.id',
      'p.participant_code',
      'p.first_name',
      'p.last_name',
      'p.email',
      'p.site_id',
      's.name as site_name',
      's.site_code',
      'p.status',
      'p.source',
      'p.version_id',
      'v.name as version_name',
      'p.language',
      'p.registration_date',
      'p.created_at',
      'p.consent_signed as signed',
      labelsJsonOfP().as('labels'),
    ])
    .orderBy('page.position')
    .execute();
}

/** Whether the kept counts (participant_list_counts) answer this filter: it names only site, status, source, consent. */
const countedAhead = (f: ParticipantListFilter) =>
  !f.search &&
  !f.versionIds?.length &&
  !f.excludeVersionId &&
  !f.labelIds?.length &&
  !f.cohortId &&
  !f.language &&
  !f.documentId;

/** How many participants the filter matches: a sum of the kept counts when they answer it, else a count. */
export async function countParticipants(db: Db, filter: ParticipantListFilter): Promise<number> {
  if (countedAhead(filter)) {
    const f = filter;
    let q = db
      .selectFrom('participant_list_counts')
      .select(sql<string>`coalesce(sum(n), 0)`.as('n'))
      .where('study_id', '=', f.studyId)
      .where('environment', '=', f.environment);
    if (f.siteIds) q = f.siteIds.length ? q.where('site_id', 'in', f.siteIds) : q.where(sql<SqlBool>`false`);
    if (f.askedSiteIds?.length) q = q.where('site_id', 'in', f.askedSiteIds);
    if (f.statuses?.length) q = q.where('status', 'in', f.statuses);
    if (f.sources?.length) q = q.where('source', 'in', f.sources);
    if (f.consent) q = q.where('consent_signed', '=', f.consent === 'SIGNED');
    return Number((await q.executeTakeFirstOrThrow()).n);
  }
  const row = await matching(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The study's sites (for the site filter; the caller's own are picked by the access rule). */
export function studySitesForList(db: Db, studyId: string) {
  return db
    .selectFrom('sites')
    .select(['id', 'name', 'site_code', 'site_sub_type', 'country_id'])
    .where('study_id', '=', studyId)
    .orderBy('name')
    .execute();
}

/** The versions participants can be on: published or archived, newest first. */
export function studyVersionsForList(db: Db, studyId: string) {
  return db
    .selectFrom('study_versions')
    .select(['id', 'name', 'number', 'status'])
    .where('study_id', '=', studyId)
    .where('status', 'in', ['PUBLISHED', 'ARCHIVED'])
    .orderBy('number', 'desc')
    .execute();
}
