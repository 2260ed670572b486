/**
 * The wide CSV of one activity revision (`activities/<activity>_r<revision>.csv`): a header line, then one line per
 * submission with the columns of planForm (columns.ts). Streamed: `header()` once, `row(s)` per submission.
 */
import { type FormPlan, planForm } from './columns';
import { csvLine } from './csv';
import type { ExportForm, ExportSubmission } from './types';

export interface WideCsvWriter {
  plan: FormPlan;
  header(): string;
  row(s: ExportSubmission): string;
}

export function wideCsvWriter(form: ExportForm | FormPlan): WideCsvWriter {
  const plan = 'columns' in form ? form : planForm(form);
  const names = plan.columns.map((c) => c.name);
  return { plan, header: () => csvLine(names), row: (s) => csvLine(plan.values(s)) };
}
