import { describe, expect, it } from 'vitest';
import { parseActivity } from '../activity/model';
import { dataDictionary, questionRange } from './data-dictionary';
import { EXPORT_FORM, EXPORT_STUDY } from './fixtures';
import { AUDIT_COLUMNS, EXPORT_FILES, PARTICIPANT_COLUMNS, QUERY_COLUMNS, tableHeader } from './tables';

describe('data dictionary (README.md)', () => {
  const readme = dataDictionary(EXPORT_STUDY, [EXPORT_FORM]);

  it('explains every file and the conventions', () => {
    expect(readme.startsWith('# Demo study (DEMO): study data export\n')).toBe(true);
    for (const file of [
      EXPORT_FILES.longCsv,
      EXPORT_FILES.odm,
      EXPORT_FILES.fhir,
      EXPORT_FILES.audit,
      EXPORT_FILES.queries,
    ]) {
      expect(readme).toContain(`| ${file} |`);
    }
    expect(readme).toContain('data as of 2024-06-20T09:00:00.000Z');
    expect(readme).toContain('RFC 4180');
  });

  it('lists every column of every activity with its question, type, codes, unit, required flag and range', () => {
    expect(readme).toContain('### Daily diary (`daily-diary`, revision 3)');
    expect(readme).toContain('Files: `activities/daily-diary_r3.csv`, `datasetjson/daily-diary_r3.json`.');
    expect(readme).toContain(
      '| mood | How do you feel? (code) | MultiChoice → string | good = Good; bad = Bad; mood-other = Other |  | yes |  |',
    );
    expect(readme).toContain(
      '| weight | Weight (kg) | Number → decimal |  |  | yes | 20 to 300; expected ≤ 200; 1 decimal place(s) |',
    );
    expect(readme).toContain(
      '| pain | Pain today | NumberScale → decimal | 0 = No pain; 10 = Worst pain |  | yes | 0 to 10, step 1 |',
    );
    expect(readme).toContain('| meds_unit | Medications taken: dose unit | Medication → string |  | mg, ml | yes |  |');
    expect(readme).toContain(
      '| meds_medication | Medications taken: medication (listed id) | Medication → string | ibu = Ibuprofen |',
    );
    expect(readme).toContain('| meds_reason | Medications taken: reason (code) | Medication → string | pain = Pain |');
    expect(readme).toContain('| notes | Notes | Text → string |  |  | no | at most 200 characters; Alphanumeric |');
    expect(readme).toContain('| participant | Participant code | string |  |  | yes |  |');
  });

  it('documents the study tables from the column lists the writer uses', () => {
    for (const c of [...PARTICIPANT_COLUMNS, ...QUERY_COLUMNS, ...AUDIT_COLUMNS]) {
      expect(readme).toContain(`| ${c.name} | ${c.description} |`);
    }
    expect(tableHeader(AUDIT_COLUMNS)).toBe(`${AUDIT_COLUMNS.map((c) => c.name).join(',')}\r\n`);
  });

  it('an empty study has a README too', () => {
    const empty = dataDictionary({ ...EXPORT_STUDY, name: '', versionNumber: null }, []);
    expect(empty).toContain('# DEMO (DEMO): study data export');
    expect(empty).toContain('study version draft');
    expect(empty).toContain('No activity has exported data.');
  });

  it('describes ranges of every constrained type, escaping table characters', () => {
    const a = parseActivity({
      ...EXPORT_FORM.activity,
      scoringVariables: [],
      questions: [
        {
          id: '1',
          identifier: 'd',
          type: 'Date',
          body: { en: 'a|b' },
          constraints: { range: { kind: 'deviation', target: 'current', daysBefore: 2, daysAfter: 1 } },
        },
        {
          id: '2',
          identifier: 't',
          type: 'Time',
          body: { en: 'x' },
          constraints: { range: { kind: 'deviation', target: '12:00', hoursBefore: 1, hoursAfter: 2 } },
        },
        {
          id: '3',
          identifier: 't2',
          type: 'Time',
          body: { en: 'x' },
          constraints: { range: { kind: 'fixed', start: '06:00' } },
        },
        { id: '4', identifier: 'n', type: 'Integer', body: { en: 'x' }, constraints: { softMin: 3 } },
        { id: '5', identifier: 'plain', type: 'Date', body: { en: 'x' } },
        { id: '6', identifier: 'tx', type: 'Time', body: { en: 'x' } },
        { id: '7', identifier: 'w', type: 'WongBaker', body: { en: 'x\ny' } },
        { id: '8', identifier: 'txt', type: 'Text', body: { en: 'x' } },
        { id: '9', identifier: 'rec', type: 'AudioRecording', body: { en: 'x' } },
      ],
    });
    expect(a.questions.map(questionRange)).toEqual([
      '2 day(s) before to 1 after current',
      '1 h before to 2 h after 12:00',
      '≥ 06:00',
      'expected ≥ 3',
      '',
      '',
      '0, 2, 4, 6, 8, 10',
      '',
      '',
    ]);
    const text = dataDictionary(EXPORT_STUDY, [{ ...EXPORT_FORM, activity: a }]);
    expect(text).toContain('| d | a\\|b | Date → date |');
    expect(text).toContain('| w | x y | WongBaker → integer |');
  });

  it('is byte-stable', () => {
    expect(dataDictionary(EXPORT_STUDY, [EXPORT_FORM])).toBe(readme);
  });
});
