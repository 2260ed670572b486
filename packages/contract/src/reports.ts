/**
 * Saved reports (issue 13; 000 §2.4 /studies/{studyId}/reports and /reports/{reportId}; G-017, G-018; decision
 * G-reports): a person saves which participants (filters), which fields and which activities; opening the report
 * later runs it on the current data, for the sites the caller may see, in the page's data space; its CSV is the same
 * rows, every one.
 */
import { PARTICIPANT_STATUSES } from '@trialpath/domain';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();
const ReportParams = z.object({ studyId: z.string().uuid(), reportId: z.string().uuid() }).strict();
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/** The participant fields a report can show, in this order when chosen. */
export const REPORT_FIELDS = [
  'participantId',
  'site',
  'country',
  'status',
  'source',
  'registrationDate',
  'consentState',
  'tasksCompleted',
  'tasksTotal',
  'completion',
] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];

export const ReportDefinitionSchema = z
  .object({
    /** Which participants: by country, site, status, chosen ones, registered (never registered: added) in a range. */
    filters: z
      .object({
        countryIds: z
          .array(z.string().regex(/^[A-Za-z]{2}$/))
          .max(300)
          .default([]),
        siteIds: z.array(z.string().uuid()).max(500).default([]),
        statuses: z.array(z.enum(PARTICIPANT_STATUSES)).max(PARTICIPANT_STATUSES.length).default([]),
        participantsIds: z.array(z.string().uuid()).max(500).default([]),
        fromDate: Day.nullable().default(null),
        toDate: Day.nullable().default(null),
      })
      .strict()
      .refine((f) => !f.fromDate || !f.toDate || f.fromDate <= f.toDate, {
        message: 'The start date is after the end date.',
        path: ['toDate'],
      }),
    /** The participant fields shown, at least one. */
    fields: z.array(z.enum(REPORT_FIELDS)).min(1, 'Choose at least one field.').max(REPORT_FIELDS.length),
    /** Activities (or visit packets) of the study: a column each, the participant's completed tasks of it / all. */
    activityIds: z.array(z.string().min(1).max(100)).max(50).default([]),
  })
  .strict();
export type ReportDefinition = z.infer<typeof ReportDefinitionSchema>;

const ReportBodySchema = z
  .object({ name: z.string().trim().min(1, 'Give the report a name.').max(120), definition: ReportDefinitionSchema })
  .strict();

export const ReportSchema = z.object({
  id: z.string(),
  name: z.string(),
  definition: ReportDefinitionSchema,
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Report = z.infer<typeof ReportSchema>;

export const ReportResultSchema = z.object({
  /** Column headers: the fields' and activities' names, in the report's order. */
  columns: z.array(z.object({ key: z.string(), label: z.string() })),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  /** Every participant the report matches (the rows are one page of them). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  generatedAt: z.string(),
});
export type ReportResult = z.infer<typeof ReportResultSchema>;

export const listReports = defineEndpoint({
  id: 'listReports',
  method: 'GET',
  path: '/api/v1/studies/:studyId/reports',
  audience: 'staff',
  permission: 'reports.view',
  summary: 'The study’s saved reports of the page’s data space, newest first',
  params: StudyParams,
  response: z.object({ items: z.array(ReportSchema) }),
});

export const createReport = defineEndpoint({
  id: 'createReport',
  method: 'POST',
  path: '/api/v1/studies/:studyId/reports',
  audience: 'staff',
  permission: 'reports.view',
  summary: 'Save a report: its name, which participants, fields and activities',
  params: StudyParams,
  body: ReportBodySchema,
  response: ReportSchema,
});

export const getReport = defineEndpoint({
  id: 'getReport',
  method: 'GET',
  path: '/api/v1/studies/:studyId/reports/:reportId',
  audience: 'staff',
  permission: 'reports.view',
  summary: 'One saved report (its definition)',
  params: ReportParams,
  response: ReportSchema,
});

export const updateReport = defineEndpoint({
  id: 'updateReport',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/reports/:reportId',
  audience: 'staff',
  permission: 'reports.view',
  summary: 'Change a saved report (refused when someone changed it since it was read)',
  params: ReportParams,
  body: ReportBodySchema.extend({ expectedUpdatedAt: z.string() }).strict(),
  response: ReportSchema,
});

export const deleteReport = defineEndpoint({
  id: 'deleteReport',
  method: 'DELETE',
  path: '/api/v1/studies/:studyId/reports/:reportId',
  audience: 'staff',
  permission: 'reports.view',
  summary: 'Delete a saved report',
  params: ReportParams,
  response: z.object({ deleted: z.literal(true) }),
});

export const runReport = defineEndpoint({
  id: 'runReport',
  method: 'GET',
  path: '/api/v1/studies/:studyId/reports/:reportId/result',
  audience: 'staff',
  permission: 'reports.view',
  summary: 'The report run on the current data: a page of its rows and the total',
  params: ReportParams,
  query: z
    .object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(10).max(500).default(100),
    })
    .strict(),
  response: ReportResultSchema,
});

export const exportReport = defineEndpoint({
  id: 'exportReport',
  method: 'GET',
  path: '/api/v1/studies/:studyId/reports/:reportId/csv',
  audience: 'staff',
  permission: 'reports.view',
  summary: 'The report run on the current data as CSV: every row, the title and time first (as a chart’s, G-084)',
  params: ReportParams,
  /** A file (text/csv): the typed client answers its text. */
  response: z.any(),
});
