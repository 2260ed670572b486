/**
 * The long CSV (`answers_long.csv`): every answer one line, across all activities. A medication list gives one
 * line per entry and field (`<key>.medication`, `.dose` with its unit, `.doses`, `.reason`) numbered by `entry`;
 * a multi-select gives one line with its codes and labels joined by `|`. Entries of questions the revision does
 * not hold are written as stored (type from the entry, value its answerText and optionId, label its display text).
 */
import type { AnswerEntry } from '../activity/payload';
import { exportedQuestions, type MedicationRow, type QuestionReader, questionReader } from './answers';
import { csvField, csvLine, joinValues } from './csv';
import type { ExportForm, ExportSubmission } from './types';

export const LONG_CSV_COLUMNS = [
  { name: 'participant', description: 'Participant code' },
  { name: 'site', description: 'Site code' },
  { name: 'submission_id', description: 'Submission identifier (the row of the activity file)' },
  { name: 'activity', description: 'Activity identifier' },
  { name: 'revision', description: 'Activity revision number' },
  { name: 'question', description: 'Question key (identifier); medication fields as <key>.<field>' },
  { name: 'question_text', description: 'Question text (English)' },
  { name: 'type', description: 'Question type' },
  { name: 'entry', description: 'Entry number of a repeating answer (medication list), else empty' },
  { name: 'value', description: 'Value: option code(s) joined with |, ISO date/time, number or text' },
  { name: 'value_label', description: 'Label of the value: option label(s), scale label, medication or reason name' },
  { name: 'unit', description: 'Unit of the value (medication dose unit), else empty' },
] as const;

type Line = [string, string, string, string, string, string, string];
const MEDICATION_LINES: readonly [string, (m: MedicationRow) => [string, string, string]][] = [
  ['medication', (m) => [m.code, m.name, '']],
  ['dose', (m) => [m.dose, '', m.unit]],
  ['doses', (m) => [m.doses, '', '']],
  ['reason', (m) => [m.reason, m.reasonLabel, '']],
];

export interface LongCsvWriter {
  header(): string;
  /** The lines of one submission of this revision ('' when it has no answer). */
  rows(s: ExportSubmission): string;
}

/** The long CSV's header line (written once for the whole file). */
export const longCsvHeader = (): string => csvLine(LONG_CSV_COLUMNS.map((c) => c.name));

/** The writer of one activity revision's lines; make one per form and reuse it for every submission. */
export function longCsvWriter(form: ExportForm): LongCsvWriter {
  const readers = new Map<string, QuestionReader>(
    exportedQuestions(form.activity.questions).map((q) => [q.identifier, questionReader(q)]),
  );
  const activity = form.activity.identifier;
  const revision = String(form.revisionNumber);
  const lines = (e: AnswerEntry, seen: Set<string>, line: (l: Line) => string): string => {
    const r = seen.has(e.questionId) ? undefined : readers.get(e.questionId);
    seen.add(e.questionId);
    if (!r) {
      if (e.isSkipped || (e.answerText === '' && e.optionId === '')) return '';
      const value = e.optionId && e.answerText ? `${e.optionId}|${e.answerText}` : e.optionId || e.answerText;
      return line([e.questionId, e.questionText, e.questionType, '', value, e.displayAnswerText, '']);
    }
    const v = r.read(e);
    const q = r.question;
    if (!v) return '';
    if (v.kind === 'scalar') return line([q.identifier, r.text, q.type, '', v.value, v.label, '']);
    if (v.kind === 'choice') {
      const text = line([q.identifier, r.text, q.type, '', joinValues(v.codes), joinValues(v.labels), '']);
      if (!v.other) return text;
      return text + line([`${q.identifier}.other`, r.text, q.type, '', v.other, '', '']);
    }
    let out = '';
    v.entries.forEach((m, i) => {
      for (const [field, pick] of MEDICATION_LINES) {
        const [value, label, unit] = pick(m);
        if (value !== '' || label !== '') {
          out += line([`${q.identifier}.${field}`, r.text, q.type, String(i + 1), value, label, unit]);
        }
      }
    });
    return out;
  };
  return {
    header: longCsvHeader,
    rows: (s) => {
      const seen = new Set<string>();
      const head = `${[s.participantCode, s.siteCode, s.submissionId, activity, revision].map(csvField).join(',')},`;
      const line = (l: Line) => head + csvLine(l);
      let out = '';
      for (const e of s.answers) out += lines(e, seen, line);
      return out;
    },
  };
}
