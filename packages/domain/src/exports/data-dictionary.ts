/**
 * README.md of the zip: what each file holds, the conventions, and a data dictionary generated from the activity
 * model (every column of every activity file: question text, type, codes → labels, unit, required, range), then
 * the columns of the long file and of the study tables. Metadata only, so it is built as one string.
 */
import { localize, type Question } from '../activity/model';
import { WONG_BAKER_VALUES } from '../activity/question-types';
import { EXPORT_LANGUAGE } from './answers';
import { planForm, type WideColumn } from './columns';
import { LONG_CSV_COLUMNS } from './long-csv';
import {
  AUDIT_COLUMNS,
  CONSENT_COLUMNS,
  EXPORT_FILES,
  PARTICIPANT_COLUMNS,
  QUERY_COLUMNS,
  TASK_COLUMNS,
  type TableColumn,
} from './tables';
import type { ExportForm, ExportStudy } from './types';

/** A Markdown table cell: one line, `|` escaped. */
const cell = (s: string) => s.replace(/\r\n|\r|\n/g, ' ').replace(/[|\\]/g, '\\$&');
const row = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |\n`;
const table = (head: readonly string[], rows: readonly (readonly string[])[]) =>
  row(head) + row(head.map(() => '---')) + rows.map(row).join('');

const between = (min?: number | string, max?: number | string) =>
  min !== undefined && max !== undefined
    ? `${min} to ${max}`
    : min !== undefined
      ? `≥ ${min}`
      : max !== undefined
        ? `≤ ${max}`
        : '';

/** The accepted range of a question, in words. */
export function questionRange(q: Question): string {
  switch (q.type) {
    case 'Number':
    case 'Integer':
    case 'Decimal': {
      const c = q.constraints;
      const parts = [
        between(c.min, c.max),
        c.softMin !== undefined || c.softMax !== undefined ? `expected ${between(c.softMin, c.softMax)}` : '',
      ];
      if (c.decimals !== undefined) parts.push(`${c.decimals} decimal place(s)`);
      return parts.filter(Boolean).join('; ');
    }
    case 'NumberScale':
    case 'VAS':
      return `${between(q.constraints.min, q.constraints.max)}, step ${q.constraints.step}`;
    case 'WongBaker':
      return WONG_BAKER_VALUES.join(', ');
    case 'Date': {
      const r = q.constraints.range;
      if (!r) return '';
      return r.kind === 'fixed'
        ? between(r.start, r.end)
        : `${r.daysBefore} day(s) before to ${r.daysAfter} after ${r.target}`;
    }
    case 'Time': {
      const r = q.constraints.range;
      if (!r) return '';
      return r.kind === 'fixed'
        ? between(r.start, r.end)
        : `${r.hoursBefore} h before to ${r.hoursAfter} h after ${r.target}`;
    }
    case 'Text':
      return [
        q.constraints.maxLength ? `at most ${q.constraints.maxLength} characters` : '',
        q.constraints.dataType ?? '',
      ]
        .filter(Boolean)
        .join('; ');
    default:
      return '';
  }
}

function codesOf(c: WideColumn): string {
  const r = c.reader;
  if (!r) return '';
  if (c.part === 'code') return r.codes.map((o) => `${o.code} = ${o.label}`).join('; ');
  const q = r.question;
  if (c.part === 'value' && q.labels.length > 0)
    return q.labels.map((l) => `${l.value} = ${localize(l.text, EXPORT_LANGUAGE)}`).join('; ');
  if (q.type !== 'Medication') return '';
  if (c.part === 'medication')
    return q.constraints.medications.map((m) => `${m.id} = ${localize(m.name, EXPORT_LANGUAGE)}`).join('; ');
  if (c.part === 'reason')
    return q.constraints.reasons.map((m) => `${m.id} = ${localize(m.body, EXPORT_LANGUAGE)}`).join('; ');
  return '';
}

function activitySection(form: ExportForm): string {
  const plan = planForm(form);
  const title = localize(form.activity.title, EXPORT_LANGUAGE) || form.activity.identifier;
  const rows = plan.columns.map((c) => {
    const q = c.reader?.question;
    const unit = q?.type === 'Medication' && c.part === 'unit' ? q.constraints.units.join(', ') : '';
    return [
      c.name,
      c.label,
      q ? `${q.type} → ${c.type}` : c.type,
      codesOf(c),
      unit,
      q ? (q.optional ? 'no' : 'yes') : 'yes',
      q && (c.part === 'value' || c.part === 'code') ? questionRange(q) : '',
    ];
  });
  return (
    `### ${title} (\`${form.activity.identifier}\`, revision ${form.revisionNumber})\n\n` +
    `Files: \`${EXPORT_FILES.wideCsv(form)}\`, \`${EXPORT_FILES.datasetJson(form)}\`.\n\n` +
    table(['column', 'question / meaning', 'type', 'codes → labels', 'unit', 'required', 'range'], rows)
  );
}

const tableSection = (file: string, what: string, columns: readonly TableColumn[]) =>
  `### ${file}\n\n${what}\n\n${table(
    ['column', 'meaning'],
    columns.map((c) => [c.name, c.description]),
  )}`;

/** The README.md text. */
export function dataDictionary(study: ExportStudy, forms: readonly ExportForm[]): string {
  const files: [string, string][] = [
    [EXPORT_FILES.readme, 'This file: the files, their conventions and every column.'],
    [
      'activities/<activity>_r<revision>.csv',
      'Per activity revision: one row per submission, one or more columns per question (wide).',
    ],
    [EXPORT_FILES.longCsv, 'Every answer one row, all activities (long).'],
    [EXPORT_FILES.participants, 'The participants.'],
    [EXPORT_FILES.consents, 'Consents with their signature status.'],
    [EXPORT_FILES.tasks, 'Scheduled tasks and their completion.'],
    [EXPORT_FILES.queries, 'Data queries, one row per message of each thread.'],
    [EXPORT_FILES.audit, 'The audit trail of the exported records.'],
    [EXPORT_FILES.odm, 'CDISC ODM 1.3.2 (Snapshot): metadata, clinical data, audit records, signatures.'],
    [EXPORT_FILES.fhir, 'HL7 FHIR R4 Bundle (collection) of Questionnaires and QuestionnaireResponses.'],
    [
      'datasetjson/<activity>_r<revision>.json',
      "CDISC Dataset-JSON 1.1 of each activity revision (the wide file's columns).",
    ],
  ];
  const conventions = [
    'Text files are UTF-8. CSV files follow RFC 4180 with CRLF line ends and a header line.',
    'A text cell starting with = + - @, tab or CR (other than a plain number) starts with an apostrophe so spreadsheets do not run it as a formula.',
    'An empty cell is no answer (skipped, not asked, or not shown). Several values in one cell are joined with `|`; a `|` or `\\` inside a value is escaped with `\\`.',
    'Times are UTC ISO 8601 unless the column says local; dates are `YYYY-MM-DD`, times of day `HH:mm` (24-hour).',
    `Labels and question texts are in English. The export is as of ${study.asOf}: exporting unchanged data again gives the same bytes.`,
  ];
  return (
    `# ${study.name || study.code} (${study.code}): study data export\n\n` +
    `Environment ${study.environment}, study version ${study.versionNumber ?? 'draft'}, data as of ${study.asOf}.\n\n` +
    `## Files\n\n${table(['file', 'content'], files)}\n## Conventions\n\n${conventions.map((c) => `- ${c}\n`).join('')}\n` +
    `## Activities\n\n${forms.length === 0 ? 'No activity has exported data.\n\n' : forms.map((f) => `${activitySection(f)}\n`).join('')}` +
    `## Study tables\n\n${tableSection(EXPORT_FILES.longCsv, 'Every answer one row.', LONG_CSV_COLUMNS)}\n` +
    `${tableSection(EXPORT_FILES.participants, 'One row per participant.', PARTICIPANT_COLUMNS)}\n` +
    `${tableSection(EXPORT_FILES.consents, 'One row per consent signature.', CONSENT_COLUMNS)}\n` +
    `${tableSection(EXPORT_FILES.tasks, 'One row per task.', TASK_COLUMNS)}\n` +
    `${tableSection(EXPORT_FILES.queries, 'One row per message of each query thread.', QUERY_COLUMNS)}\n` +
    `${tableSection(EXPORT_FILES.audit, 'One row per audit entry, oldest first.', AUDIT_COLUMNS)}`
  );
}
