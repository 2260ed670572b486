import { describe, expect, it } from 'vitest';
import { EXPORT_FORM, EXPORT_SUBMISSIONS } from './fixtures';
import { LONG_CSV_COLUMNS, longCsvWriter } from './long-csv';

const lines = (text: string) => text.split('\r\n').filter(Boolean);

describe('long CSV', () => {
  const w = longCsvWriter(EXPORT_FORM);
  const [full, site, empty] = EXPORT_SUBMISSIONS.map((s) => lines(w.rows(s)));

  it('has a header of the documented columns', () => {
    expect(w.header()).toBe(`${LONG_CSV_COLUMNS.map((c) => c.name).join(',')}\r\n`);
  });

  it('writes every answer one line, with codes, labels and the medication fields with their unit', () => {
    const head = 'P-001,US-001,9a000000-0000-4000-8000-000000000001,daily-diary,3';
    expect(full).toContain(`${head},mood,How do you feel?,MultiChoice,,bad,Bad,`);
    expect(full).toContain(`${head},symptoms,Symptoms,MultiChoice,,cough|fever,Cough|Fever,`);
    expect(full).toContain(`${head},pain,Pain today,NumberScale,,4,,`);
    expect(full).toContain(`${head},meds.medication,Medications taken,Medication,1,ibu,Ibuprofen,`);
    expect(full).toContain(`${head},meds.dose,Medications taken,Medication,1,200,,mg`);
    expect(full).toContain(`${head},meds.reason,Medications taken,Medication,1,pain,Pain,`);
    // 14 one-line answers + 4 medication fields; skipped and display-only questions give no line
    expect(full).toHaveLength(17 - 1 + 4);
  });

  it('writes the other text, and entries of unknown or repeated questions as stored', () => {
    expect(site?.some((l) => l.includes(',mood.other,How do you feel?,MultiChoice,,"Tired, ""very""",,'))).toBe(true);
    expect(site?.some((l) => l.endsWith(',retired-question,How do you feel?,Text,,kept,Bad,'))).toBe(true);
    expect(site?.filter((l) => l.includes(',mood,')).map((l) => l.split(',').slice(9, 11))).toEqual([
      ['mood-other', 'Other'],
      ['good', 'Bad'],
    ]);
    expect(site?.some((l) => l.includes(',weight,'))).toBe(false);
    expect(empty).toEqual([]);
  });

  it('is byte-stable', () => {
    const write = () => EXPORT_SUBMISSIONS.map(longCsvWriter(EXPORT_FORM).rows).join('');
    expect(write()).toBe(write());
  });
});
