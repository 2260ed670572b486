/**
 * The wide layout of one activity revision: one row per submission, fixed columns first, then the columns of each
 * answered question in the activity's order. Shared by the wide CSV, Dataset-JSON and the data dictionary, so the
 * three always agree. Naming (docs/decisions/H-export-formats.md):
 * - a question with options: `<key>` (option code; several joined with `|`), `<key>_label` (English label), and
 *   `<key>_other` (the other option's text) when it has an other option;
 * - a medication list (a repeating group): `<key>_medication`, `_medication_label`, `_dose`, `_unit`, `_doses`,
 *   `_reason`, `_reason_label`, each holding the entries' values in entry order joined with `|`;
 * - any other question: `<key>` (ISO dates and times, numbers as typed);
 * - a name already taken (say a question `mood_label`) gets `_2`, `_3`…: names are unique and stable.
 */
import type { Question } from '../activity/model';
import type { AnswerEntry } from '../activity/payload';
import {
  type AnswerValue,
  entriesByQuestion,
  type MedicationRow,
  exportedQuestions,
  type QuestionReader,
  questionReader,
} from './answers';
import { joinValues } from './csv';
import type { ExportForm, ExportSubmission } from './types';

/** Dataset-JSON 1.1 logical data types used (spec "Column Metadata", dataType). */
export type ColumnType = 'string' | 'integer' | 'decimal' | 'date' | 'time' | 'datetime';

export interface WideColumn {
  name: string;
  label: string;
  type: ColumnType;
  /** Key columns, in key order (Dataset-JSON keySequence). */
  keySequence?: number;
  /** Planned length of text values (the question's maxLength). */
  length?: number;
  /** The question of a question column, and its reader. */
  reader?: QuestionReader;
  /** What of the answer the column holds. */
  part: 'fixed' | 'code' | 'label' | 'other' | 'value' | MedicationPart;
}
type MedicationPart = 'medication' | 'medication_label' | 'dose' | 'unit' | 'doses' | 'reason' | 'reason_label';

/** Fixed columns of every activity file. */
export const FIXED_COLUMNS: readonly Omit<WideColumn, 'part'>[] = [
  { name: 'participant', label: 'Participant code', type: 'string', keySequence: 1 },
  { name: 'site', label: 'Site code', type: 'string' },
  { name: 'submission_id', label: 'Submission identifier', type: 'string', keySequence: 2 },
  { name: 'completed_at_utc', label: 'Completed at (UTC, ISO 8601)', type: 'datetime' },
  { name: 'completed_local', label: "Completed at (participant's local time)", type: 'datetime' },
  { name: 'source', label: 'Entered by: participant or site', type: 'string' },
  { name: 'signed_by', label: 'Signed by (user)', type: 'string' },
  { name: 'signed_at', label: 'Signed at (UTC, ISO 8601)', type: 'datetime' },
];

const SCALAR_TYPE: Readonly<Record<string, ColumnType>> = {
  Integer: 'integer',
  WongBaker: 'integer',
  Number: 'decimal',
  Decimal: 'decimal',
  NumberScale: 'decimal',
  VAS: 'decimal',
  Date: 'date',
  Time: 'time',
  DateTime: 'datetime',
};

const MEDICATION_PARTS: readonly [MedicationPart, string][] = [
  ['medication', 'medication (listed id)'],
  ['medication_label', 'medication (name)'],
  ['dose', 'dose amount'],
  ['unit', 'dose unit'],
  ['doses', 'number of doses'],
  ['reason', 'reason (code)'],
  ['reason_label', 'reason (label)'],
];

type PlannedColumn = Omit<WideColumn, 'name'> & { base: string };

function questionColumns(r: QuestionReader): PlannedColumn[] {
  const q: Question = r.question;
  const key = q.identifier;
  if (r.kind === 'choice') {
    const cols: Omit<WideColumn, 'name'>[] = [
      { label: `${r.text} (code${r.multiple ? 's' : ''})`, type: 'string', part: 'code', reader: r },
      { label: `${r.text} (label${r.multiple ? 's' : ''})`, type: 'string', part: 'label', reader: r },
    ];
    if (q.otherOptionId) cols.push({ label: `${r.text} (other, text)`, type: 'string', part: 'other', reader: r });
    return cols.map((c, i) => ({ ...c, base: i === 0 ? key : `${key}_${c.part}` }));
  }
  if (r.kind === 'medication') {
    return MEDICATION_PARTS.map(
      ([part, what]): PlannedColumn => ({
        label: `${r.text}: ${what}`,
        type: 'string',
        part,
        reader: r,
        base: `${key}_${part}`,
      }),
    );
  }
  const length = q.type === 'Text' ? q.constraints.maxLength : undefined;
  const col: PlannedColumn = {
    label: r.text,
    type: SCALAR_TYPE[q.type] ?? 'string',
    part: 'value',
    reader: r,
    base: key,
  };
  return [length ? { ...col, length } : col];
}

/** `base`, or `base_2`, `base_3`… when taken. */
function uniqueName(base: string, used: Set<string>): string {
  let name = base;
  for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
  used.add(name);
  return name;
}

const MEDICATION_FIELD: Readonly<Record<MedicationPart, (m: MedicationRow) => string>> = {
  medication: (m) => m.code,
  medication_label: (m) => m.name,
  dose: (m) => m.dose,
  unit: (m) => m.unit,
  doses: (m) => m.doses,
  reason: (m) => m.reason,
  reason_label: (m) => m.reasonLabel,
};

function cellOf(col: WideColumn, v: AnswerValue): string {
  if (v.kind === 'choice') {
    if (col.part === 'code') return joinValues(v.codes);
    return col.part === 'label' ? joinValues(v.labels) : v.other;
  }
  if (v.kind === 'scalar') return v.value;
  return joinValues(v.entries.map(MEDICATION_FIELD[col.part as MedicationPart]));
}

export interface FormPlan {
  form: ExportForm;
  columns: readonly WideColumn[];
  readers: readonly QuestionReader[];
  /**
   * The row of a submission, one value per column (null: no value). The array is reused by the next call: write
   * it out before asking for the next row.
   */
  values(s: ExportSubmission): readonly (string | null)[];
}

/** The column plan of an activity revision (made once, then `values` per submission). */
export function planForm(form: ExportForm): FormPlan {
  const readers = exportedQuestions(form.activity.questions).map(questionReader);
  const used = new Set<string>();
  const columns: WideColumn[] = FIXED_COLUMNS.map((c) => ({ ...c, name: uniqueName(c.name, used), part: 'fixed' }));
  const firstColumn: number[] = [];
  for (const r of readers) {
    firstColumn.push(columns.length);
    for (const { base, ...c } of questionColumns(r)) {
      columns.push({ ...c, name: uniqueName(base, used) });
    }
  }
  const index = new Map(readers.map((r, i) => [r.question.identifier, i]));
  const slots: (AnswerEntry | undefined)[] = new Array(readers.length);
  const out: (string | null)[] = new Array(columns.length).fill(null);
  const values = (s: ExportSubmission) => {
    out[0] = s.participantCode;
    out[1] = s.siteCode;
    out[2] = s.submissionId;
    out[3] = s.completedAt;
    out[4] = s.completedLocal;
    out[5] = s.source;
    out[6] = s.signature?.signedBy ?? null;
    out[7] = s.signature?.signedAt ?? null;
    entriesByQuestion(s.answers, index, slots);
    for (let i = 0; i < readers.length; i++) {
      const e = slots[i];
      const v = e ? (readers[i] as QuestionReader).read(e) : undefined;
      const end = i + 1 < readers.length ? (firstColumn[i + 1] as number) : columns.length;
      for (let c = firstColumn[i] as number; c < end; c++) {
        out[c] = v ? cellOf(columns[c] as WideColumn, v) || null : null;
      }
    }
    return out;
  };
  return { form, columns, readers, values };
}
