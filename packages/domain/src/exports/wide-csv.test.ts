import { describe, expect, it } from 'vitest';
import { parseActivity } from '../activity/model';
import { planForm } from './columns';
import { EXPORT_FORM, EXPORT_SUBMISSIONS } from './fixtures';
import type { ExportForm } from './types';
import { wideCsvWriter } from './wide-csv';

/** Cells of a CSV line written by csvLine (enough for these fixtures: quoted cells may hold commas). */
function cells(line: string): string[] {
  const out: string[] = [];
  const re = /("(?:[^"]|"")*"|[^,]*)(,|\r\n$)/gy;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    const v = m[1] as string;
    out.push(v.startsWith('"') ? v.slice(1, -1).replaceAll('""', '"') : v);
    if (m[2] === '\r\n') break;
  }
  return out;
}

function table(form: ExportForm = EXPORT_FORM) {
  const w = wideCsvWriter(form);
  const header = cells(w.header());
  const rows = EXPORT_SUBMISSIONS.map((s) => {
    const line = w.row(s);
    expect(line.endsWith('\r\n')).toBe(true);
    return Object.fromEntries(cells(line).map((v, i) => [header[i], v]));
  });
  return { header, rows };
}

describe('wide CSV', () => {
  it('fixed columns first, then codes and labels of options, a value per other question', () => {
    const { header } = table();
    expect(header.slice(0, 8)).toEqual([
      'participant',
      'site',
      'submission_id',
      'completed_at_utc',
      'completed_local',
      'source',
      'signed_by',
      'signed_at',
    ]);
    expect(header).toContain('mood');
    expect(header.slice(8, 11)).toEqual(['mood', 'mood_label', 'mood_other']);
    expect(header).toEqual(expect.arrayContaining(['symptoms', 'symptoms_label', 'smoker', 'smoker_label', 'pain']));
    expect(header).toEqual(expect.arrayContaining(['meds_medication', 'meds_dose', 'meds_unit', 'meds_reason_label']));
    // display-only questions have no column
    expect(header).not.toContain('intro');
    expect(header).not.toContain('section2');
    expect(new Set(header).size).toBe(header.length);
  });

  it('one row per submission with normalised values, | for several codes, a flattened medication list', () => {
    const [full, site, empty] = table().rows;
    expect(full).toMatchObject({
      participant: 'P-001',
      source: 'participant',
      signed_by: '',
      mood: 'bad',
      mood_label: 'Bad',
      mood_other: '',
      symptoms: 'cough|fever',
      symptoms_label: 'Cough|Fever',
      smoker: 'false',
      smoker_label: 'No',
      visitDate: '2024-03-05',
      doseTime: '08:30',
      onset: '2024-03-01T14:15',
      weight: '72.5',
      meds_medication: 'ibu',
      meds_medication_label: 'Ibuprofen',
      meds_dose: '200',
      meds_unit: 'mg',
      meds_doses: '2',
      meds_reason: 'pain',
      meds_reason_label: 'Pain',
    });
    expect(site).toMatchObject({
      source: 'site',
      signed_by: 'user-pi',
      signed_at: '2024-06-16T09:00:00Z',
      mood: 'mood-other',
      mood_label: 'Other',
      mood_other: 'Tired, "very"',
      steps: '-12',
      weight: '',
    });
    // the formula is made inert; the rest of the text is kept
    expect(site?.notes?.startsWith("'=HYPERLINK")).toBe(true);
    expect(empty?.participant).toBe("'-P<2>&");
    expect(
      Object.entries(empty ?? {}).filter(
        ([k, v]) =>
          v !== '' &&
          !['participant', 'site', 'submission_id', 'completed_at_utc', 'completed_local', 'source'].includes(k),
      ),
    ).toEqual([]);
  });

  it('column names stay unique when a question identifier collides with a generated name', () => {
    const activity = parseActivity({
      ...EXPORT_FORM.activity,
      questions: [
        { id: 'a', identifier: 'mood', type: 'Boolean', body: { en: 'Mood' } },
        { id: 'b', identifier: 'mood_label', type: 'Text', body: { en: 'Label' } },
        { id: 'c', identifier: 'site', type: 'Text', body: { en: 'Site?' } },
      ],
      scoringVariables: [],
    });
    const names = planForm({ ...EXPORT_FORM, activity }).columns.map((c) => c.name);
    expect(names.slice(8)).toEqual(['mood', 'mood_label', 'mood_label_2', 'site_2']);
  });

  it('is byte-stable: the same inputs give the same text', () => {
    const write = () => {
      const w = wideCsvWriter(planForm(EXPORT_FORM));
      return w.header() + EXPORT_SUBMISSIONS.map(w.row).join('');
    };
    expect(write()).toBe(write());
  });
});
