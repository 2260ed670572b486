/**
 * The ODM 1.3.2 study metadata (CDISC ODM 1.3.2 §3.1 Study, §3.1.3 MetaDataVersion): one StudyEventDef holding
 * every activity revision as a repeating FormDef; per form a non-repeating ItemGroupDef with one ItemDef per answer
 * and a repeating ItemGroupDef per multi-select (one ItemGroupData per chosen option) and per medication list (one
 * per entry). DataType per question type (§3.1.3.6 ItemDef, DataType): Integer, WongBaker → integer; Number,
 * Decimal, NumberScale, VAS → float; Date → date; Time → time; DateTime → datetime; options → text with a
 * CodeList (§3.1.3.9); text, recordings and medication fields → text.
 */
import { localize, type LocalizedText, type Question } from '../activity/model';
import { type QuestionReader, exportedQuestions, questionReader } from './answers';
import { formOid, itemGroupOid, metaDataVersionOid, oidPart, oidRegistry, studyOid } from './oids';
import type { ExportForm, ExportStudy } from './types';
import { xmlElement, xmlText, xmlTextElement } from './xml';

export const ODM_STUDY_EVENT_OID = 'SE.ACTIVITIES';

const DATA_TYPE: Readonly<Record<string, string>> = {
  Integer: 'integer',
  WongBaker: 'integer',
  Number: 'float',
  Decimal: 'float',
  NumberScale: 'float',
  VAS: 'float',
  Date: 'date',
  Time: 'time',
  DateTime: 'datetime',
};
export const odmDataType = (q: Question): string => DATA_TYPE[q.type] ?? 'text';

/** Medication entry fields, each an ItemDef of the list's repeating group. */
export const ODM_MEDICATION_FIELDS = ['MEDICATION', 'NAME', 'DOSE', 'UNIT', 'DOSES', 'REASON'] as const;
export type OdmMedicationField = (typeof ODM_MEDICATION_FIELDS)[number];

export interface OdmQuestionPlan {
  reader: QuestionReader;
  /** The answer's item (single choice, scalar) or the repeated item (multi-select). */
  itemOid: string;
  dataType: string;
  otherOid?: string;
  /** The repeating group of a multi-select or a medication list. */
  groupOid?: string;
  medicationOids?: Readonly<Record<OdmMedicationField, string>>;
}
export interface OdmFormPlan {
  form: ExportForm;
  formOid: string;
  groupOid: string;
  questions: readonly OdmQuestionPlan[];
  index: ReadonlyMap<string, number>;
}

const LANG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;
/** TranslatedText per language of a localised text (languages that are no xml:lang are left out). */
function translated(text: LocalizedText | undefined, fallback: string): string {
  const langs = Object.keys(text ?? {})
    .filter((l) => LANG.test(l))
    .sort();
  if (langs.length === 0) return xmlElement('TranslatedText', { 'xml:lang': 'en' }, xmlTextOrDash(fallback));
  return langs.map((l) => xmlElement('TranslatedText', { 'xml:lang': l }, xmlTextOrDash(localize(text, l)))).join('');
}
const xmlTextOrDash = (s: string) => xmlText(s || '-');

interface Pending {
  itemDefs: string[];
  codeLists: string[];
  groups: string[];
}

function codeList(oid: string, name: string, codes: readonly { code: string; label: LocalizedText | string }[]) {
  const items = codes.map((c, i) =>
    xmlElement(
      'CodeListItem',
      { CodedValue: c.code, OrderNumber: i + 1 },
      xmlElement(
        'Decode',
        {},
        typeof c.label === 'string' ? translated({ en: c.label }, c.code) : translated(c.label, c.code),
      ),
    ),
  );
  return xmlElement('CodeList', { OID: oid, Name: name, DataType: 'text' }, items.join(''));
}

function rangeChecks(q: Question): string {
  if (q.type !== 'Number' && q.type !== 'Integer' && q.type !== 'Decimal') return '';
  const check = (cmp: string, v: number | undefined, hard: boolean) =>
    v === undefined
      ? ''
      : xmlElement(
          'RangeCheck',
          { Comparator: cmp, SoftHard: hard ? 'Hard' : 'Soft' },
          xmlTextElement('CheckValue', String(v)),
        );
  const c = q.constraints;
  return (
    check('GE', c.min, true) + check('LE', c.max, true) + check('GE', c.softMin, false) + check('LE', c.softMax, false)
  );
}

function itemDef(
  oid: string,
  name: string,
  dataType: string,
  q: Question,
  extra: { length?: number; body?: string; codeList?: string } = {},
) {
  const children =
    xmlElement('Question', {}, extra.body ? translated({ en: extra.body }, name) : translated(q.body, name)) +
    rangeChecks(q) +
    (extra.codeList ? xmlElement('CodeListRef', { CodeListOID: extra.codeList }) : '');
  return xmlElement('ItemDef', { OID: oid, Name: name, DataType: dataType, Length: extra.length }, children);
}

function planQuestion(f: string, r: QuestionReader, oid: (c: string) => string, out: Pending): OdmQuestionPlan {
  const q = r.question;
  const key = oidPart(q.identifier);
  const plan: OdmQuestionPlan = { reader: r, itemOid: oid(`I.${f}.${key}`), dataType: odmDataType(q) };
  const refs: string[] = [];
  if (r.kind === 'medication' && q.type === 'Medication') {
    plan.groupOid = oid(`IG.${f}.${key}`);
    const oids = Object.fromEntries(ODM_MEDICATION_FIELDS.map((m) => [m, oid(`I.${f}.${key}.${m}`)]));
    plan.medicationOids = oids as Record<OdmMedicationField, string>;
    const meds = q.constraints.medications.map((m) => ({ code: m.id, label: m.name }));
    const reasons = q.constraints.reasons.map((m) => ({ code: m.id, label: m.body }));
    ODM_MEDICATION_FIELDS.forEach((m, i) => {
      const list = m === 'MEDICATION' ? meds : m === 'REASON' ? reasons : [];
      const cl = list.length > 0 ? oid(`CL.${f}.${key}.${m}`) : undefined;
      if (cl) out.codeLists.push(codeList(cl, `${q.identifier} ${m.toLowerCase()}`, list));
      const body = `${localize(q.body, 'en')}: ${m.toLowerCase()}`;
      out.itemDefs.push(
        itemDef(oids[m] as string, `${q.identifier}_${m.toLowerCase()}`, 'text', q, { body, codeList: cl }),
      );
      refs.push(xmlElement('ItemRef', { ItemOID: oids[m], OrderNumber: i + 1, Mandatory: 'No' }));
    });
    out.groups.push(
      xmlElement('ItemGroupDef', { OID: plan.groupOid, Name: q.identifier, Repeating: 'Yes' }, refs.join('')),
    );
    return plan;
  }
  const cl = r.codes.length > 0 ? oid(`CL.${f}.${key}`) : undefined;
  if (cl) out.codeLists.push(codeList(cl, q.identifier, r.codes));
  const length = q.type === 'Text' ? q.constraints.maxLength : undefined;
  out.itemDefs.push(itemDef(plan.itemOid, q.identifier, plan.dataType, q, { length, codeList: cl }));
  if (r.multiple) {
    plan.groupOid = oid(`IG.${f}.${key}`);
    const ref = xmlElement('ItemRef', { ItemOID: plan.itemOid, OrderNumber: 1, Mandatory: 'Yes' });
    out.groups.push(xmlElement('ItemGroupDef', { OID: plan.groupOid, Name: q.identifier, Repeating: 'Yes' }, ref));
  }
  if (q.otherOptionId) {
    plan.otherOid = oid(`I.${f}.${key}.OTHER`);
    const body = `${localize(q.body, 'en')} (other, text)`;
    out.itemDefs.push(itemDef(plan.otherOid, `${q.identifier}_other`, 'text', q, { body }));
  }
  return plan;
}

/** The Study element and the plans ClinicalData is written with. */
export function odmStudy(study: ExportStudy, forms: readonly ExportForm[]): { xml: string; plans: OdmFormPlan[] } {
  const oid = oidRegistry();
  const out: Pending = { itemDefs: [], codeLists: [], groups: [] };
  const formDefs: string[] = [];
  const plans = forms.map((form) => {
    const fOid = oid(formOid(form));
    const f = fOid.slice(2);
    const groupOid = oid(itemGroupOid(form));
    const firstGroup = out.groups.length;
    const questions = exportedQuestions(form.activity.questions).map((q) =>
      planQuestion(f, questionReader(q), oid, out),
    );
    const mainRefs = questions
      .flatMap((p) => [
        ...(p.groupOid ? [] : [[p.itemOid, p.reader.question.optional]]),
        ...(p.otherOid ? [[p.otherOid, true]] : []),
      ])
      .map(([item, optional], i) =>
        xmlElement('ItemRef', { ItemOID: item as string, OrderNumber: i + 1, Mandatory: optional ? 'No' : 'Yes' }),
      );
    const groupRefs = [groupOid, ...questions.flatMap((p) => (p.groupOid ? [p.groupOid] : []))].map((g, i) =>
      xmlElement('ItemGroupRef', { ItemGroupOID: g, OrderNumber: i + 1, Mandatory: i === 0 ? 'Yes' : 'No' }),
    );
    const title = localize(form.activity.title, 'en') || form.activity.identifier;
    formDefs.push(
      xmlElement(
        'FormDef',
        { OID: fOid, Name: `${title} (revision ${form.revisionNumber})`, Repeating: 'Yes' },
        groupRefs.join(''),
      ),
    );
    const main = xmlElement(
      'ItemGroupDef',
      { OID: groupOid, Name: form.activity.identifier, Repeating: 'No' },
      mainRefs.join(''),
    );
    out.groups.splice(firstGroup, 0, main);
    return {
      form,
      formOid: fOid,
      groupOid,
      questions,
      index: new Map(questions.map((p, i) => [p.reader.question.identifier, i])),
    };
  });
  const formRefs = plans.map((p, i) =>
    xmlElement('FormRef', { FormOID: p.formOid, OrderNumber: i + 1, Mandatory: 'No' }),
  );
  const mdv = xmlElement(
    'MetaDataVersion',
    { OID: metaDataVersionOid(study), Name: study.versionNumber === null ? 'Draft' : `Version ${study.versionNumber}` },
    xmlElement(
      'Protocol',
      {},
      xmlElement('StudyEventRef', { StudyEventOID: ODM_STUDY_EVENT_OID, OrderNumber: 1, Mandatory: 'No' }),
    ) +
      xmlElement(
        'StudyEventDef',
        { OID: ODM_STUDY_EVENT_OID, Name: 'Activities', Repeating: 'No', Type: 'Common' },
        formRefs.join(''),
      ) +
      formDefs.join('') +
      out.groups.join('') +
      out.itemDefs.join('') +
      out.codeLists.join(''),
  );
  const globals = xmlElement(
    'GlobalVariables',
    {},
    xmlTextElement('StudyName', study.name || study.code) +
      xmlTextElement('StudyDescription', `${study.name || study.code} (${study.code}, ${study.environment})`) +
      xmlTextElement('ProtocolName', study.code),
  );
  return { xml: xmlElement('Study', { OID: studyOid(study) }, globals + mdv), plans };
}
