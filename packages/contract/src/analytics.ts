/**
 * The analytics calls (issue 13; 002 §7; G-050…G-056; decisions G-analytics-data and G-analytics-calls): the study's
 * facts for its dashboards, for the sites the caller may see, in the page's data space, narrowed by country, site,
 * participant and date range (none given: all, G-020). The charts are drawn from these by the domain's chart rules.
 */
import { PARTICIPANT_STATUSES } from '@trialpath/domain';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();

/** A comma-separated list of values of one schema (at most `max`). */
function commaList<T extends z.ZodType<string, string>>(item: T, max: number) {
  return z
    .string()
    .max(40_000)
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(max));
}

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/** The filters of every dashboard (G-019): countries, sites, chosen participants, a date range (inclusive). */
export const AnalyticsFilterQuerySchema = z
  .object({
    countryIds: commaList(z.string().regex(/^[A-Za-z]{2}$/), 300).optional(),
    siteIds: commaList(z.string().uuid(), 500).optional(),
    participantsIds: commaList(z.string().uuid(), 500).optional(),
    fromDate: Day.optional(),
    toDate: Day.optional(),
  })
  .strict()
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
    message: 'The start date is after the end date.',
    path: ['toDate'],
  });

const Count = z.number().int();
const ConsentStateCounts = z.object({ unsigned: Count, participantSigned: Count, piAndParticipantSigned: Count });

const AnalyticsSiteSchema = z.object({
  id: z.string(),
  name: z.string(),
  siteCode: z.string(),
  countryId: z.string(),
  countryName: z.string(),
  /** When the site was activated (its first day of recruiting), YYYY-MM-DD; null: not activated. */
  activeDate: z.string().nullable(),
});

export const StudyAnalyticsSchema = z.object({
  /** LIVE or TEST: the data space the numbers are of. */
  environment: z.enum(['LIVE', 'TEST']),
  /** Whether the caller sees only blinded aggregates. */
  blinded: z.boolean(),
  /**
   * G-050: the caller's data access type the server applied (BOTH, or the one site sub-type they may see): the
   * server reads it from the caller's account, never from the request.
   */
  userDataAccessType: z.string(),
  /** The sites in view (after the access rule and the filters), named for the charts. */
  sites: z.array(AnalyticsSiteSchema),
  /** Participants per site and status (Status Analytics, Top Sites, Top 5 Country/Site, withdrawals). */
  statusBySite: z.array(z.object({ siteId: z.string(), status: z.enum(PARTICIPANT_STATUSES), participants: Count })),
  /** Registrations per calendar month, YYYY-MM, oldest first (Enrollment Analytics; month in study = index + 1). */
  enrolmentByMonth: z.array(z.object({ month: z.string(), participants: Count })),
  /** Participants by completed share of their tasks, in tenths (0: 0–9 %, …, 9: 90–100 %); none: no task yet. */
  completion: z.object({
    buckets: z.array(z.object({ bucket: z.number().int().min(0).max(9), participants: Count })),
    withoutTasks: Count,
    /** The mean of the participants' completion percentages, rounded (G-064); null: nobody has a task. */
    average: z.number().nullable(),
  }),
  /** Tasks per activity (or visit packet) and status (Activity Completion Overview, Scheduled Activity Completion). */
  tasksByActivity: z.array(z.object({ activityId: z.string(), title: z.string(), status: z.string(), tasks: Count })),
  /** Responses and their answers (data points) per site. */
  datapointsBySite: z.array(z.object({ siteId: z.string(), responses: Count, answers: Count })),
  /** The site date record (G-044): first participant in and first data, per site, YYYY-MM-DD. */
  siteDates: z.array(
    z.object({
      siteId: z.string(),
      fpi: z.string().nullable(),
      firstData: z.string().nullable(),
      firstDataParticipant: z.string().nullable(),
    }),
  ),
  /** Dashboard query counts (G-043); totalMissing: tasks that closed unanswered. */
  queries: z.object({ queryOpen: Count, queryResponded: Count, queryClosed: Count, totalMissing: Count }),
  /** Why participants withdrew (Top 10 Withdrawal) and failed screening (grouped by the domain, G-072). */
  withdrawalReasons: z.array(z.object({ reason: z.string(), participants: Count })),
  screenFailureReasons: z.array(z.object({ reason: z.string(), participants: Count })),
  /** Consents per site and type (G-048): eConsent signed in the portal, uploaded documents signed on paper. */
  consentsBySite: z.array(z.object({ siteId: z.string(), econsent: ConsentStateCounts, uploaded: ConsentStateCounts })),
  /**
   * The consent comprehension quiz per site (G-047): consents signed after passing it, and the attempts taken
   * (total = attempts, completed = passed, incompleted = attempts - passed).
   */
  quizBySite: z.array(z.object({ siteId: z.string(), quizQompletion: Count, quizAttempts: Count })),
});
export type StudyAnalytics = z.infer<typeof StudyAnalyticsSchema>;

export const getStudyAnalytics = defineEndpoint({
  id: 'getStudyAnalytics',
  method: 'GET',
  path: '/api/v1/studies/:studyId/analytics/overall',
  audience: 'staff',
  permission: 'analytics.view',
  summary:
    'The study’s dashboard facts for the sites the caller may see, filtered by country, site, participant, dates',
  params: StudyParams,
  query: AnalyticsFilterQuerySchema,
  response: StudyAnalyticsSchema,
});

/** G-052: the same facts for chosen participants (participantsIds required: the participant focus). */
export const getParticipantAnalytics = defineEndpoint({
  id: 'getParticipantAnalytics',
  method: 'GET',
  path: '/api/v1/studies/:studyId/analytics/participants',
  audience: 'staff',
  permission: 'analytics.view',
  summary: 'The dashboard facts of chosen participants (the participant focus), within the caller’s sites',
  params: StudyParams,
  query: AnalyticsFilterQuerySchema.refine((q) => (q.participantsIds?.length ?? 0) > 0, {
    message: 'Choose at least one participant.',
    path: ['participantsIds'],
  }),
  response: StudyAnalyticsSchema,
});

/** G-053: consents per site and type, the quiz per site, and which site leads (computed by the domain's rules). */
export const getConsentDisposition = defineEndpoint({
  id: 'getConsentDisposition',
  method: 'GET',
  path: '/api/v1/studies/:studyId/analytics/consent-disposition',
  audience: 'staff',
  permission: 'analytics.view',
  summary: 'Consents per site by type and signature state, the comprehension quiz per site, and the leading sites',
  params: StudyParams,
  query: AnalyticsFilterQuerySchema,
  response: z.object({
    sites: StudyAnalyticsSchema.shape.sites,
    consentsBySite: StudyAnalyticsSchema.shape.consentsBySite,
    quizBySite: StudyAnalyticsSchema.shape.quizBySite,
    summary: z.object({
      mostEconsent: z.object({ site: z.string(), percentage: z.number() }).nullable(),
      mostUploaded: z.object({ site: z.string(), percentage: z.number() }).nullable(),
    }),
  }),
});
