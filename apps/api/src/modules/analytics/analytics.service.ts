/**
 * The study dashboard's facts (issue 13; G-043…G-053; decision G-analytics-data): for the sites the caller may see
 * (study assignment → sites → data access type), in the page's data space, narrowed by countries, sites, chosen
 * participants and a date range. A blinded caller gets blinded aggregates only.
 */
import type { AnalyticsFilterQuerySchema, StudyAnalytics } from '@trialpath/contract';
import { consentSummary, type ParticipantStatus, pickText, roundAverage } from '@trialpath/domain';
import type { z } from 'zod';
import type { ServiceCtx } from '../../kernel/context';
import { requireStudy, visibleSites } from '../access/access.service';
import {
  type AnalyticsScope,
  activityTitles,
  datapointFacts,
  firstData,
  firstRegistered,
  leavingReasons,
  participantFacts,
  queryFacts,
  taskFacts,
  uploadedConsents,
} from './analytics.repository';

type Filters = z.output<typeof AnalyticsFilterQuerySchema>;

const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : null);

async function studySites(ctx: ServiceCtx, studyId: string) {
  return ctx.db
    .selectFrom('sites as s')
    .innerJoin('countries as c', 'c.id', 's.country_id')
    .select([
      's.id',
      's.name',
      's.site_code',
      's.site_sub_type',
      's.country_id',
      'c.name as country_name',
      's.live_active_date',
      's.test_active_date',
    ])
    .where('s.study_id', '=', studyId)
    .orderBy('s.name')
    .execute();
}

type ConsentCounts = StudyAnalytics['consentsBySite'][number]['econsent'];
const CONSENT_KEY: Record<string, keyof ConsentCounts> = {
  UNSIGNED: 'unsigned',
  PARTICIPANT_SIGNED: 'participantSigned',
  PI_AND_PARTICIPANT_SIGNED: 'piAndParticipantSigned',
};
const noConsents = (): ConsentCounts => ({ unsigned: 0, participantSigned: 0, piAndParticipantSigned: 0 });

export async function studyAnalytics(ctx: ServiceCtx, input: { studyId: string } & Filters): Promise<StudyAnalytics> {
  const [access, all] = await Promise.all([requireStudy(ctx, input.studyId), studySites(ctx, input.studyId)]);
  const countries = input.countryIds?.length ? new Set(input.countryIds.map((c) => c.toUpperCase())) : null;
  const sites = (access.global ? all : visibleSites(ctx, access, all)).filter(
    (s) => (!countries || countries.has(s.country_id)) && (!input.siteIds?.length || input.siteIds.includes(s.id)),
  );
  const scope: AnalyticsScope = {
    studyId: input.studyId,
    environment: ctx.env,
    siteIds: sites.map((s) => s.id),
    participantIds: input.participantsIds?.length ? input.participantsIds : undefined,
    fromDate: input.fromDate,
    toDate: input.toDate,
    blinded: access.blinded,
  };
  const live = ctx.env === 'LIVE';
  const base: StudyAnalytics = {
    environment: ctx.env,
    blinded: access.blinded,
    userDataAccessType: ctx.staff().dataAccessType,
    sites: sites.map((s) => ({
      id: s.id,
      name: s.name,
      siteCode: s.site_code,
      countryId: s.country_id,
      countryName: s.country_name,
      activeDate: asDay(live ? s.live_active_date : s.test_active_date),
    })),
    statusBySite: [],
    enrolmentByMonth: [],
    completion: { buckets: [], withoutTasks: 0, average: null },
    tasksByActivity: [],
    datapointsBySite: [],
    siteDates: [],
    queries: { queryOpen: 0, queryResponded: 0, queryClosed: 0, totalMissing: 0 },
    withdrawalReasons: [],
    screenFailureReasons: [],
    consentsBySite: [],
    quizBySite: [],
  };
  if (!sites.length) return base;
  const [people, firsts, tasks, points, data, queries, leaving, uploaded] = await Promise.all([
    participantFacts(ctx.db, scope),
    // without a date range the first registration per site comes with the participant facts
    scope.fromDate || scope.toDate ? firstRegistered(ctx.db, scope) : null,
    taskFacts(ctx.db, scope),
    datapointFacts(ctx.db, scope),
    firstData(ctx.db, scope),
    queryFacts(ctx.db, scope),
    leavingReasons(ctx.db, scope),
    uploadedConsents(ctx.db, scope),
  ]);
  const titles = new Map(
    (await activityTitles(ctx.db, [...new Set(tasks.map((t) => t.target_id))])).map((a) => [
      a.id,
      pickText(a.title, ctx.request.language, 'en') || Object.values(a.title)[0] || '',
    ]),
  );

  const statusBySite = new Map<string, number>();
  const consents = new Map(sites.map((s) => [s.id, { econsent: noConsents(), uploaded: noConsents() }]));
  const quiz = new Map(sites.map((s) => [s.id, { quizQompletion: 0, quizAttempts: 0 }]));
  for (const r of people.bySite) {
    const q = quiz.get(r.site_id!)!;
    q.quizQompletion += r.quiz_passed;
    q.quizAttempts += r.quiz_attempts;
    const key = `${r.site_id}|${r.status}`;
    statusBySite.set(key, (statusBySite.get(key) ?? 0) + r.n);
    const state = CONSENT_KEY[r.consent_state ?? ''];
    if (state) consents.get(r.site_id!)!.econsent[state] += r.n;
  }
  for (const r of uploaded) {
    const state = CONSENT_KEY[r.state];
    if (state) consents.get(r.site_id)!.uploaded[state] += r.n;
  }
  const withTasks = people.byBucket.filter((r) => r.bucket !== null);
  const counted = withTasks.reduce((n, r) => n + r.n, 0);
  const pctSum = withTasks.reduce((n, r) => n + (r.pct_sum ?? 0), 0);
  const firstDataOf = new Map(data.map((r) => [r.site_id, r]));
  const fpiOf = new Map<string, Date | null>();
  if (firsts) for (const r of firsts) fpiOf.set(r.site_id, r.first);
  else
    for (const r of people.bySite) {
      const at = fpiOf.get(r.site_id!);
      if (r.first_registered && (!at || r.first_registered < at)) fpiOf.set(r.site_id!, r.first_registered);
    }
  const byStatus = new Map(queries.map((q) => [q.status, q.n]));

  return {
    ...base,
    statusBySite: [...statusBySite].map(([key, participants]) => {
      const [siteId, status] = key.split('|') as [string, ParticipantStatus];
      return { siteId, status, participants };
    }),
    enrolmentByMonth: people.byMonth
      .map((r) => ({ month: r.month!, participants: r.n }))
      .sort((a, b) => a.month.localeCompare(b.month)),
    completion: {
      buckets: withTasks.map((r) => ({ bucket: r.bucket!, participants: r.n })).sort((a, b) => a.bucket - b.bucket),
      withoutTasks: people.byBucket.find((r) => r.bucket === null)?.n ?? 0,
      average: counted ? roundAverage(pctSum / counted) : null,
    },
    tasksByActivity: tasks.map((t) => ({
      activityId: t.target_id,
      title: titles.get(t.target_id) ?? '',
      status: t.status,
      tasks: t.n,
    })),
    datapointsBySite: points.map((p) => ({ siteId: p.site_id, responses: p.responses, answers: p.answers })),
    siteDates: sites.map((s) => ({
      siteId: s.id,
      fpi: day(fpiOf.get(s.id)),
      firstData: day(firstDataOf.get(s.id)?.completed_at),
      firstDataParticipant: firstDataOf.get(s.id)?.participant_code ?? null,
    })),
    queries: {
      queryOpen: byStatus.get('OPEN') ?? 0,
      queryResponded: byStatus.get('RESPONDED') ?? 0,
      queryClosed: byStatus.get('CLOSED') ?? 0,
      totalMissing: tasks.filter((t) => t.status === 'EXPIRED').reduce((n, t) => n + t.n, 0),
    },
    withdrawalReasons: leaving
      .filter((r) => r.status === 'WITHDRAWSTUDY')
      .map((r) => ({ reason: r.reason, participants: r.n })),
    screenFailureReasons: leaving
      .filter((r) => r.status === 'SCREENFAILED')
      .map((r) => ({ reason: r.reason, participants: r.n })),
    consentsBySite: [...consents].map(([siteId, c]) => ({ siteId, ...c })),
    quizBySite: [...quiz].map(([siteId, q]) => ({ siteId, ...q })),
  };
}

/** A `date` column as the driver gives it (a Date at local midnight, or text) as YYYY-MM-DD. */
function asDay(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date)
    return `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`;
  return String(v).slice(0, 10);
}

/** G-053: the consent part of the facts, with the site leading in each type (domain consentSummary). */
export async function consentDisposition(ctx: ServiceCtx, input: { studyId: string } & Filters) {
  const facts = await studyAnalytics(ctx, input);
  const name = (siteId: string) => facts.sites.find((s) => s.id === siteId)?.name ?? siteId;
  return {
    sites: facts.sites,
    consentsBySite: facts.consentsBySite,
    quizBySite: facts.quizBySite,
    summary: consentSummary(facts.consentsBySite.map((c) => ({ site: name(c.siteId), ...c }))),
  };
}
