/**
 * Participants imported from a CSV or XLSX file (issue 12; E-076, E-078; decision E-participant-records). All rows
 * or none: every row is checked by the domain's record rule (participants/record.ts) as the add form is, and for
 * ids and e-mail addresses that another row or another participant has; a refused file answers 400
 * VALIDATION_FAILED with a report naming each bad cell (`details`, ParticipantImportReportSchema). The check
 * endpoint runs the same checks and saves nothing, so the screen shows the report before anything is written.
 */
import type { RecordField } from '@trialpath/domain';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const PARTICIPANT_IMPORT_CSV = 'text/csv';
export const PARTICIPANT_IMPORT_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PARTICIPANT_IMPORT_CONTENT_TYPES = [PARTICIPANT_IMPORT_CSV, PARTICIPANT_IMPORT_XLSX] as const;
export const PARTICIPANT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Participants one file may hold (the budget: 10,000 rows imported in under 5 s). */
export const PARTICIPANT_IMPORT_MAX_ROWS = 10_000;
/** The imported participants the answer lists (the first ones of the file); `imported` counts them all. */
export const PARTICIPANT_IMPORT_LISTED = 100;
/** The problems a refusal lists (the first ones, by row); `problemCount` counts them all. */
export const PARTICIPANT_IMPORT_REPORTED = 1000;

/**
 * The file's columns, in the template's order: the heading (matched whatever its case and surrounding spaces) and
 * the record field it fills. The site column holds a site code; `Text messages` holds yes or no.
 */
export const PARTICIPANT_IMPORT_COLUMNS = [
  { heading: 'Participant ID', field: 'participantId' },
  { heading: 'Site code', field: 'siteId' },
  { heading: 'First name', field: 'firstName' },
  { heading: 'Last name', field: 'lastName' },
  { heading: 'E-mail', field: 'email' },
  { heading: 'Phone country code', field: 'mobileCountryCode' },
  { heading: 'Phone', field: 'mobile' },
  { heading: 'Date of birth', field: 'dateOfBirth' },
  { heading: 'Gender', field: 'gender' },
  { heading: 'Address', field: 'address' },
  { heading: 'City', field: 'city' },
  { heading: 'State', field: 'state' },
  { heading: 'Zip code', field: 'zipcode' },
  { heading: 'Country', field: 'countryId' },
  { heading: 'Language', field: 'languageId' },
  { heading: 'Text messages', field: 'optInSMS' },
  { heading: 'Parent or caregiver first name', field: 'parentOrCgFirstName' },
  { heading: 'Parent or caregiver last name', field: 'parentOrCgLastName' },
  { heading: 'How did you hear about the study', field: 'howDidYouHear' },
  { heading: 'Custom field 1', field: 'customField1' },
  { heading: 'Custom field 2', field: 'customField2' },
  { heading: 'Custom field 3', field: 'customField3' },
] as const satisfies readonly { heading: string; field: RecordField }[];

export const PARTICIPANT_IMPORT_TEMPLATE_TYPES = ['csv', 'xlsx'] as const;

/** One bad cell (or heading) of a refused file. */
export const ParticipantImportProblemSchema = z.object({
  /** The row as a spreadsheet numbers it: the headings are row 1, the first participant row 2. */
  row: z.number().int(),
  /** The column's heading as the file writes it (the template's for a column the file lacks); null: the whole row. */
  column: z.string().nullable(),
  /** The record field of the column; null for a heading the template does not have. */
  field: z.string().nullable(),
  /** In English; `messageKey` and `params` give it in the reader's language. */
  message: z.string(),
  messageKey: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ParticipantImportProblem = z.infer<typeof ParticipantImportProblemSchema>;

/** The `details` of a refused file (400 VALIDATION_FAILED): its problems, by row then column. */
export const ParticipantImportReportSchema = z.object({
  rows: z.array(ParticipantImportProblemSchema),
  /** Rows with at least one problem (1 for a refusal of the headings). */
  rowsWithProblems: z.number().int(),
  /** Every problem found; `rows` lists the first PARTICIPANT_IMPORT_REPORTED. */
  problemCount: z.number().int(),
});
export type ParticipantImportReport = z.infer<typeof ParticipantImportReportSchema>;

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();
const upload = { contentTypes: PARTICIPANT_IMPORT_CONTENT_TYPES, maxBytes: PARTICIPANT_IMPORT_MAX_BYTES };
const ImportQuery = z
  .object({
    /** A phone number another participant (or another row) has too is kept only when the person says so. */
    allowSharedPhone: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  })
  .strict();

export const checkParticipantImport = defineEndpoint({
  id: 'checkParticipantImport',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participant-import-checks',
  audience: 'staff',
  permission: 'participants.manage',
  upload,
  audit: false, // a read sent as POST: the file is the body; nothing is saved
  summary:
    'Check a participant file (raw CSV or XLSX body, at most 10 MB and 10,000 rows) as the import would, saving nothing: how many participants at which site, or 400 with the report of every bad cell',
  params: StudyParams,
  query: ImportQuery,
  response: z.object({
    rows: z.number().int(),
    sites: z.array(z.object({ siteId: z.string(), siteCode: z.string(), siteName: z.string(), rows: z.number() })),
  }),
});

export const importParticipants = defineEndpoint({
  id: 'importParticipants',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participant-imports',
  audience: 'staff',
  permission: 'participants.manage',
  upload,
  summary:
    'Import participants (E-076) from a CSV or XLSX file (raw body, at most 10 MB and 10,000 rows) at the caller’s sites, all rows or none: status Not invited, source Manual, each audited; 400 with the report of every bad cell',
  params: StudyParams,
  query: ImportQuery,
  response: z.object({
    imported: z.number().int(),
    /** The first PARTICIPANT_IMPORT_LISTED participants of the file, in its order. */
    participants: z.array(z.object({ id: z.string(), participantId: z.string() })),
  }),
});

export const getParticipantImportTemplate = defineEndpoint({
  id: 'getParticipantImportTemplate',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participant-import-template/:type',
  audience: 'staff',
  permission: 'participants.manage',
  summary:
    'The import file’s template (E-078): the columns the study asks at the caller’s sites; the XLSX adds an instructions sheet (required columns, what to write, an example)',
  params: z.object({ studyId: z.string().uuid(), type: z.enum(PARTICIPANT_IMPORT_TEMPLATE_TYPES) }).strict(),
  /** A file: the typed client answers the CSV's text; the XLSX is fetched as a file. */
  response: z.any(),
});
