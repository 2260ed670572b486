/**
 * Data exports (issue 14; 002 §7 "Exports"; H-001…H-011; decision H-exports). An export is a job: asked for with
 * its filters (H-007 study, H-008 site, H-009 compliance), worked on in the background with its progress in rows,
 * and finished as a file behind a download link that is valid for a limited time and opens only for people who may
 * see the data it holds. The link's token is answered once, to the person who asked.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** STUDY_DATA: the study data zip (H-005); COMPLIANCE (H-010); REPORT: a saved report's data zip (H-006);
 * PARTICIPANT_DASHBOARD: one participant's dashboard data (H-011). */
export const EXPORT_KINDS = ['STUDY_DATA', 'COMPLIANCE', 'REPORT', 'PARTICIPANT_DASHBOARD'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The standard formats a study data zip may add to its CSV files (the CSV files are always there). */
export const EXPORT_FORMATS = ['ODM', 'FHIR', 'DATASET_JSON'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED'] as const;

/** How long a finished export's download link works. */
export const EXPORT_LINK_VALID_HOURS = 24;

const uuid = z.string().uuid();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const percent = z.number().int().min(0).max(100);

export const ExportFiltersSchema = z
  .object({
    /** H-008: only these sites (of those the person may see); empty: every site they may see. */
    siteIds: z.array(uuid).max(500).default([]),
    /** H-009: only participants whose share of completed tasks lies in this range (percent, inclusive). */
    compliance: z
      .object({ min: percent.default(0), max: percent.default(100) })
      .strict()
      .refine((c) => c.min <= c.max, { path: ['max'], params: { messageKey: 'exports.complianceRange' } })
      .nullable()
      .default(null),
    /** Submissions completed on or after / on or before these UTC days. */
    fromDate: isoDate.nullable().default(null),
    toDate: isoDate.nullable().default(null),
    /** Only these activities; empty: every activity. */
    activityIds: z.array(uuid).max(500).default([]),
    /** PARTICIPANT_DASHBOARD: the participant; REPORT: the saved report. */
    participantId: uuid.nullable().default(null),
    reportId: uuid.nullable().default(null),
  })
  .strict()
  .refine((f) => !f.fromDate || !f.toDate || f.fromDate <= f.toDate, {
    path: ['toDate'],
    params: { messageKey: 'exports.dateRange' },
  });
export type ExportFilters = z.infer<typeof ExportFiltersSchema>;

export const ExportJobSchema = z.object({
  id: z.string(),
  kind: z.enum(EXPORT_KINDS),
  formats: z.array(z.enum(EXPORT_FORMATS)),
  filters: z.record(z.string(), z.unknown()),
  status: z.enum(EXPORT_STATUSES),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int().nullable(),
  /** 0…100; null while the rows are being counted. */
  percent: z.number().int().nullable(),
  fileName: z.string().nullable(),
  byteSize: z.number().int().nullable(),
  sha256: z.string().nullable(),
  error: z.string().nullable(),
  requestedBy: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the download link stops working. */
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
});
export type ExportJob = z.infer<typeof ExportJobSchema>;

const StudyParams = z.object({ studyId: uuid }).strict();
const ExportParams = z.object({ studyId: uuid, exportId: uuid }).strict();

export const createExport = defineEndpoint({
  id: 'createExport',
  method: 'POST',
  path: '/api/v1/studies/:studyId/exports',
  audience: 'staff',
  permission: 'exports.run',
  summary:
    'Ask for an export (H-005, H-006, H-010, H-011) with its filters; it is made in the background. The answer holds the download link’s token, once',
  params: StudyParams,
  body: z
    .object({
      kind: z.enum(EXPORT_KINDS),
      formats: z.array(z.enum(EXPORT_FORMATS)).max(EXPORT_FORMATS.length).default([]),
      filters: ExportFiltersSchema,
    })
    .strict(),
  response: ExportJobSchema.extend({ token: z.string() }),
});

export const listExports = defineEndpoint({
  id: 'listExports',
  method: 'GET',
  path: '/api/v1/studies/:studyId/exports',
  audience: 'staff',
  permission: 'exports.run',
  summary: 'The exports of the page’s data space the caller asked for, newest first',
  params: StudyParams,
  query: z.object({ kind: z.enum(EXPORT_KINDS).optional() }).strict(),
  response: z.object({ items: z.array(ExportJobSchema) }),
});

export const getExport = defineEndpoint({
  id: 'getExport',
  method: 'GET',
  path: '/api/v1/studies/:studyId/exports/:exportId',
  audience: 'staff',
  permission: 'exports.run',
  summary: 'One export: its progress (percent and rows) or its file (H-003, H-004)',
  params: ExportParams,
  response: ExportJobSchema,
});

export const exportFilterOptions = defineEndpoint({
  id: 'exportFilterOptions',
  method: 'GET',
  path: '/api/v1/studies/:studyId/exports/filters',
  audience: 'staff',
  permission: 'exports.run',
  summary: 'What an export may be filtered by (H-007…H-009): the study, the sites the caller may see, the activities',
  params: StudyParams,
  response: z.object({
    study: z.object({ id: z.string(), code: z.string(), name: z.string() }),
    sites: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
    activities: z.array(z.object({ id: z.string(), name: z.string() })),
    formats: z.array(z.enum(EXPORT_FORMATS)),
  }),
});

export const downloadExport = defineEndpoint({
  id: 'downloadExport',
  /** POST: each download is audited (export.download). */
  method: 'POST',
  path: '/api/v1/studies/:studyId/exports/:exportId/file/:token',
  audience: 'staff',
  permission: 'exports.run',
  summary:
    'The export’s file by its link (H-003): while the link is valid, for a person who may see every site and answer it holds',
  params: ExportParams.extend({ token: z.string().min(16).max(128) }).strict(),
  /** A file (application/zip). */
  response: z.any(),
});

export const downloadReportExport = defineEndpoint({
  id: 'downloadReportExport',
  method: 'POST',
  path: '/api/v1/studies/:studyId/exports/:exportId/file',
  audience: 'staff',
  permission: 'exports.run',
  summary: 'A report or compliance export’s file (H-004), for the person who asked for it, while its link is valid',
  params: ExportParams,
  response: z.any(),
});
