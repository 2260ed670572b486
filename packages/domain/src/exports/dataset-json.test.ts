import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { planForm } from './columns';
import { DATASET_JSON_VERSION, datasetJsonWriter } from './dataset-json';
import { EXPORT_FORM, EXPORT_STUDY, EXPORT_SUBMISSIONS } from './fixtures';

const ISO =
  '^([0-9][0-9][0-9][0-9])(-(([0][1-9])|([1][0-2])))(-(([0][1-9])|([1-2][0-9])|([3][0-1])))T(([0-1][0-9])|([2][0-3])):([0-5][0-9])(:([0-5][0-9]))((\\.[0-9]+))?((((\\+|-)(([0-1][0-9])|([2][0-3])):[0-5][0-9])|(Z)))?$';
/**
 * CDISC Dataset-JSON 1.1 (final, 2024-12-05) as JSON Schema, from the specification's tables "Top-level Metadata
 * Attributes", "Column Metadata" and "Supported Column Data Type Combinations" (cdisc-org/DataExchange-DatasetJson).
 */
const DATASET_JSON_1_1 = {
  type: 'object',
  additionalProperties: false,
  required: [
    'datasetJSONCreationDateTime',
    'datasetJSONVersion',
    'itemGroupOID',
    'records',
    'name',
    'label',
    'columns',
  ],
  properties: {
    datasetJSONCreationDateTime: { type: 'string', pattern: ISO },
    datasetJSONVersion: { type: 'string', pattern: '^1\\.1(\\.(0|([1-9][0-9]*)))?$' },
    fileOID: { type: 'string', minLength: 1 },
    dbLastModifiedDateTime: { type: 'string', pattern: ISO },
    originator: { type: 'string' },
    sourceSystem: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'version'],
      properties: { name: { type: 'string' }, version: { type: 'string' } },
    },
    studyOID: { type: 'string', minLength: 1 },
    metaDataVersionOID: { type: 'string', minLength: 1 },
    metaDataRef: { type: 'string' },
    itemGroupOID: { type: 'string', minLength: 1 },
    records: { type: 'integer', minimum: 0 },
    name: { type: 'string', minLength: 1 },
    label: { type: 'string' },
    columns: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['itemOID', 'name', 'label', 'dataType'],
        properties: {
          itemOID: { type: 'string', minLength: 1 },
          name: { type: 'string', minLength: 1 },
          label: { type: 'string' },
          dataType: {
            enum: ['string', 'integer', 'decimal', 'float', 'double', 'boolean', 'datetime', 'date', 'time', 'URI'],
          },
          targetDataType: { enum: ['integer', 'decimal'] },
          length: { type: 'integer', minimum: 1 },
          displayFormat: { type: 'string' },
          keySequence: { type: 'integer', minimum: 1 },
        },
      },
    },
    rows: {
      type: 'array',
      items: { type: 'array', items: { type: ['string', 'integer', 'boolean', 'number', 'null'] } },
    },
  },
};
const validate = new Ajv({ strict: false }).compile(DATASET_JSON_1_1);

function write(records = EXPORT_SUBMISSIONS) {
  const w = datasetJsonWriter(EXPORT_STUDY, EXPORT_FORM, records.length);
  return w.open() + records.map(w.row).join('') + w.close();
}

describe('Dataset-JSON 1.1', () => {
  it('is a valid 1.1 dataset with the attributes in the specification order', () => {
    const doc = JSON.parse(write());
    const ok = validate(doc);
    if (!ok) console.error(validate.errors);
    expect(ok).toBe(true);
    expect(Object.keys(doc)).toEqual([
      'datasetJSONCreationDateTime',
      'datasetJSONVersion',
      'fileOID',
      'dbLastModifiedDateTime',
      'originator',
      'sourceSystem',
      'studyOID',
      'metaDataVersionOID',
      'itemGroupOID',
      'records',
      'name',
      'label',
      'columns',
      'rows',
    ]);
    expect(doc).toMatchObject({
      datasetJSONCreationDateTime: EXPORT_STUDY.asOf,
      datasetJSONVersion: DATASET_JSON_VERSION,
      originator: 'Trialpath',
      studyOID: 'ST.DEMO.LIVE',
      metaDataVersionOID: 'MDV.DEMO.v2',
      itemGroupOID: 'IG.daily-diary.R3',
      records: 3,
      name: 'daily-diary_r3',
      label: 'Daily diary',
    });
    expect(doc.rows).toHaveLength(doc.records);
  });

  it('has the wide CSV columns, typed values and null for missing', () => {
    const doc = JSON.parse(write());
    const plan = planForm(EXPORT_FORM);
    expect(doc.columns.map((c: { name: string }) => c.name)).toEqual(plan.columns.map((c) => c.name));
    const col = (name: string) => doc.columns.find((c: { name: string }) => c.name === name);
    expect(col('participant')).toEqual({
      itemOID: 'IT.daily-diary.R3.participant',
      name: 'participant',
      label: 'Participant code',
      dataType: 'string',
      keySequence: 1,
    });
    expect(col('weight')).toMatchObject({ dataType: 'decimal', targetDataType: 'decimal' });
    expect(col('steps')).toMatchObject({ dataType: 'integer' });
    expect(col('notes')).toMatchObject({ dataType: 'string', length: 200 });
    expect(col('visitDate')).toMatchObject({ dataType: 'date' });
    const value = (row: number, name: string) => doc.rows[row][doc.columns.indexOf(col(name))];
    expect(value(0, 'steps')).toBe(8000);
    expect(value(1, 'steps')).toBe(-12);
    expect(value(0, 'weight')).toBe('72.5');
    expect(value(1, 'weight')).toBeNull();
    expect(value(0, 'symptoms')).toBe('cough|fever');
    expect(value(1, 'notes')).toContain('=HYPERLINK("http://x","a,b")\r\n');
  });

  it('writes null for an integer answer that is not an integer', () => {
    const bad = {
      ...EXPORT_SUBMISSIONS[0]!,
      answers: EXPORT_SUBMISSIONS[0]!.answers.map((e) => (e.questionId === 'steps' ? { ...e, answerText: '12.5' } : e)),
    };
    const doc = JSON.parse(write([bad]));
    expect(doc.rows[0][doc.columns.findIndex((c: { name: string }) => c.name === 'steps')]).toBeNull();
  });

  it('an activity with no submissions is a valid dataset with no rows', () => {
    const doc = JSON.parse(write([]));
    expect(validate(doc)).toBe(true);
    expect(doc).toMatchObject({ records: 0, rows: [] });
  });

  it('is byte-stable', () => {
    expect(write()).toBe(write());
  });
});
