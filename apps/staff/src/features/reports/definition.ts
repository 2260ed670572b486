/**
 * The editor's values and the report they make (issue 13): the body the contract takes, checked by the contract's own
 * rules before sending, and the form field a refusal (the client's or the server's) belongs to. Pure, no React.
 */
import { createReport, REPORT_FIELDS, type Report, type ReportField } from '@trialpath/contract';
import type { ParticipantStatus } from '@trialpath/domain';

export interface ReportFormValues {
  name: string;
  countryIds: string[];
  siteIds: string[];
  statuses: ParticipantStatus[];
  /** Chosen participants a saved report carries (chosen on the analytics screens); kept, not edited here. */
  participantsIds: string[];
  /** YYYY-MM-DD, '' for none (a date input's value). */
  fromDate: string;
  toDate: string;
  fields: ReportField[];
  activityIds: string[];
}

export type FormField =
  | 'name'
  | 'countryIds'
  | 'siteIds'
  | 'statuses'
  | 'fromDate'
  | 'toDate'
  | 'fields'
  | 'activityIds';

/** Which rule a field broke: its message is the namespace's `rules.*` text. */
export type Problem = 'name' | 'fields' | 'dates' | 'invalid';

/** A new report starts with the columns most reports want. */
export const NEW_REPORT: ReportFormValues = {
  name: '',
  countryIds: [],
  siteIds: [],
  statuses: [],
  participantsIds: [],
  fromDate: '',
  toDate: '',
  fields: ['participantId', 'site', 'status'],
  activityIds: [],
};

export function valuesOf(report: Report): ReportFormValues {
  const f = report.definition.filters;
  return {
    name: report.name,
    countryIds: [...f.countryIds],
    siteIds: [...f.siteIds],
    statuses: [...f.statuses],
    participantsIds: [...f.participantsIds],
    fromDate: f.fromDate ?? '',
    toDate: f.toDate ?? '',
    fields: [...report.definition.fields],
    activityIds: [...report.definition.activityIds],
  };
}

/** The create/update body: fields in the contract's order, empty dates as null. */
export function bodyOf(v: ReportFormValues) {
  return {
    name: v.name.trim(),
    definition: {
      filters: {
        countryIds: v.countryIds,
        siteIds: v.siteIds,
        statuses: v.statuses,
        participantsIds: v.participantsIds,
        fromDate: v.fromDate || null,
        toDate: v.toDate || null,
      },
      fields: REPORT_FIELDS.filter((f) => v.fields.includes(f)),
      activityIds: v.activityIds,
    },
  };
}

const FORM_FIELDS: readonly string[] = [
  'name',
  'countryIds',
  'siteIds',
  'statuses',
  'fromDate',
  'toDate',
  'fields',
  'activityIds',
];

/** The form field of an error path (`definition.filters.toDate`, `definition.fields.0`, `name`), else null. */
export function formFieldOf(path: string): FormField | null {
  const parts = path.split('.').filter((p) => p !== 'definition' && p !== 'filters');
  const first = parts[0] ?? '';
  return FORM_FIELDS.includes(first) ? (first as FormField) : null;
}

/** The rules the server applies (the contract's body schema), by form field; empty when the report may be sent. */
export function problemsOf(v: ReportFormValues): Partial<Record<FormField, Problem>> {
  const parsed = createReport.body?.safeParse(bodyOf(v));
  if (!parsed || parsed.success) return {};
  const out: Partial<Record<FormField, Problem>> = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path.join('.'));
    if (!field || out[field]) continue;
    out[field] = field === 'name' ? 'name' : field === 'fields' ? 'fields' : field === 'toDate' ? 'dates' : 'invalid';
  }
  return out;
}
