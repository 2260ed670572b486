/**
 * CDISC Dataset-JSON 1.1 of one activity revision (`datasetjson/<activity>_r<revision>.json`): the wide layout's
 * columns (columns.ts) and one row per submission. Attributes in the order the 1.1 specification recommends
 * ("Top-level Metadata Attributes" 1–17, "Column Metadata" 1–8) so streaming readers find the metadata first.
 * Values (spec "Supported Column Data Type Combinations"): integer as JSON integers; decimal as strings with
 * targetDataType "decimal" (no binary rounding); date, time, datetime as ISO 8601 strings; missing as null.
 * Streamed: open() with the record count (known up front), row(s) per submission, close().
 */
import { type FormPlan, planForm, type WideColumn } from './columns';
import { EXPORT_SOURCE_SYSTEM, fileOid, itemGroupOid, metaDataVersionOid, studyOid } from './oids';
import { localize } from '../activity/model';
import { EXPORT_LANGUAGE } from './answers';
import type { ExportForm, ExportStudy, ExportSubmission } from './types';

export const DATASET_JSON_VERSION = '1.1.0';

export interface DatasetJsonWriter {
  plan: FormPlan;
  open(): string;
  row(s: ExportSubmission): string;
  close(): string;
}

const INTEGER = /^-?\d{1,15}$/;

function columnJson(c: WideColumn, group: string): Record<string, unknown> {
  const col: Record<string, unknown> = { itemOID: `IT.${group.slice(3)}.${c.name}`, name: c.name, label: c.label };
  col.dataType = c.type;
  if (c.type === 'decimal') col.targetDataType = 'decimal';
  if (c.length) col.length = c.length;
  if (c.keySequence) col.keySequence = c.keySequence;
  return col;
}

export function datasetJsonWriter(study: ExportStudy, form: ExportForm | FormPlan, records: number): DatasetJsonWriter {
  const plan = 'columns' in form ? form : planForm(form);
  const f = plan.form;
  const group = itemGroupOid(f);
  const integer = plan.columns.map((c) => c.type === 'integer');
  let first = true;
  const open = () => {
    const head = {
      datasetJSONCreationDateTime: study.asOf,
      datasetJSONVersion: DATASET_JSON_VERSION,
      fileOID: `${fileOid(study, 'DSJ')}.${group.slice(3)}`,
      dbLastModifiedDateTime: study.asOf,
      originator: EXPORT_SOURCE_SYSTEM.name,
      sourceSystem: { ...EXPORT_SOURCE_SYSTEM },
      studyOID: studyOid(study),
      metaDataVersionOID: metaDataVersionOid(study),
      itemGroupOID: group,
      records,
      name: `${f.activity.identifier}_r${f.revisionNumber}`,
      label: localize(f.activity.title, EXPORT_LANGUAGE) || f.activity.identifier,
      columns: plan.columns.map((c) => columnJson(c, group)),
    };
    first = true;
    return `${JSON.stringify(head).slice(0, -1)},"rows":[`;
  };
  const row = (s: ExportSubmission) => {
    const values = plan.values(s);
    let out = first ? '\n[' : ',\n[';
    first = false;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (i > 0) out += ',';
      if (v === null || v === undefined) out += 'null';
      else if (integer[i]) out += INTEGER.test(v) ? String(Number(v)) : 'null';
      else out += JSON.stringify(v);
    }
    return `${out}]`;
  };
  return { plan, open, row, close: () => '\n]}\n' };
}
