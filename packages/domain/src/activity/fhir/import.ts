/**
 * Any FHIR R4 Questionnaire → an editable activity, with a list of what could not be mapped. One we
 * wrote (toQuestionnaire) reads back whole from our extensions; a foreign one is mapped from its native
 * fields: groups are flattened, item types become the closest question type, and an enableWhen becomes
 * branching only where the domain's skip rules decide the same once the activity is done. The input is
 * untrusted JSON: only own properties are read, nesting and counts are capped and nothing throws; what
 * cannot be read comes back as errors (no activity), what is left out as unmapped.
 */
import type { Activity, ActivityType, BranchingRule } from '../model';
import { ACTIVITY_TYPES, ActivitySchema, SKIP_TO_END } from '../model';
import type { QuestionType } from '../question-types';
import { fromQuestionnaire } from './questionnaire';
import { EXT, type Questionnaire } from './types';

export interface ImportProblem {
  /** Where in the Questionnaire, e.g. `item[3].item[0]` or `item[3].enableWhen[0]`. */
  path: string;
  reason: string;
}
export interface QuestionnaireImport {
  activity: Activity | null;
  unmapped: ImportProblem[];
  errors: ImportProblem[];
}
export interface QuestionnaireImportOptions {
  identifier?: string;
  language?: string;
  type?: ActivityType;
}

const MAX_ITEMS = 500;
const MAX_DEPTH = 10;
const MAX_NOTES = 1000;
const SDC = 'http://hl7.org/fhir/StructureDefinition/';
const SCORE_URLS = [EXT.ordinalValue, `${SDC}itemWeight`];
const LANGUAGE = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;
const ACTIVITY_IDENTIFIER = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const TYPES = new Map<string, QuestionType>([
  ['boolean', 'Boolean'],
  ['decimal', 'Decimal'],
  ['integer', 'Integer'],
  ['date', 'Date'],
  ['time', 'Time'],
  ['dateTime', 'DateTime'],
  ['string', 'Text'],
  ['text', 'Text'],
  ['choice', 'MultiChoice'],
  ['open-choice', 'MultiChoice'],
  ['display', 'SurveyInstruction'],
]);

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Own properties only: a `__proto__` or `constructor` key of the JSON never reaches a prototype. */
const get = (o: unknown, key: string): unknown => (isObj(o) && Object.hasOwn(o, key) ? o[key] : undefined);
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const int = (v: unknown) => (Number.isSafeInteger(v) ? (v as number) : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const list = (v: unknown, max = MAX_ITEMS): unknown[] => (Array.isArray(v) ? v.slice(0, max) : []);
/** The text an answerOption (`value`) or an enableWhen (`answer`) names: a code, a string, an integer. */
const valueKey = (o: unknown, p: 'value' | 'answer') => {
  const [coding, flag] = [get(o, `${p}Coding`), get(o, `${p}Boolean`)];
  const n = int(get(o, `${p}Integer`));
  return (
    text(get(coding, 'code')) ??
    text(get(coding, 'display')) ??
    text(get(o, `${p}String`)) ??
    n?.toString() ??
    (typeof flag === 'boolean' ? String(flag) : undefined)
  );
};
const extNumber = (exts: unknown, urls: string[]) => {
  const e = list(exts, 50).find((x) => urls.includes(get(x, 'url') as string));
  return num(get(e, 'valueDecimal')) ?? num(get(e, 'valueInteger'));
};

/** Letters, digits and _ (and - for an activity), starting with a letter, at most 64: usable in formulas. */
function safeName(raw: unknown, dash = false): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const s = raw
    .slice(0, 200)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(dash ? /[^A-Za-z0-9_-]+/g : /[^A-Za-z0-9_]+/g, '_')
    .replace(/^[_-]+/, '');
  return s === '' ? undefined : (/^[A-Za-z]/.test(s) ? s : `q${s}`).slice(0, 64).replace(/[_-]+$/, '');
}
function unique(base: string, taken: Set<string>, max = 64): string {
  let id = base;
  // END is where a branching rule skips to the end: no question may be called so
  for (let n = 2; taken.has(id) || (max === 64 && id === SKIP_TO_END); n++) id = `${base.slice(0, max - 6)}_${n}`;
  taken.add(id);
  return id;
}

/** A question input being built (the fields read again later are typed). */
type Draft = Json & { identifier: string; type: QuestionType; optional: boolean; constraints: Json } & {
  options: Json[];
  branching?: { mode: 'normal'; rules: BranchingRule[] };
};
/** An enableWhen of an item or of a group around it: where it is, how many conditions, the first. */
type When = { path: string; count: number; first: unknown };
/** A question with its linkId, the enableWhens it is under and its option id per answer value. */
type Entry = { q: Draft; linkId?: string; whens: When[]; values: Map<string, string> };
type State = { lang: string; entries: Entry[]; unmapped: ImportProblem[]; taken: Set<string>; count: number };
const note = (s: State, path: string, reason: string) => {
  if (s.unmapped.length < MAX_NOTES) s.unmapped.push({ path, reason });
};

function choice(item: Json, path: string, q: Draft, values: Map<string, string>, s: State): Set<string> {
  const raw = get(item, 'answerOption');
  const ids = new Set<string>();
  list(raw).forEach((ao, k) => {
    const coding = get(ao, 'valueCoding');
    const value = valueKey(ao, 'value');
    if (value === undefined) {
      note(s, `${path}.answerOption[${k}]`, 'only coded, text and integer options');
      return;
    }
    const id = unique(value.slice(0, 190), ids, 200);
    if (!values.has(value)) values.set(value, id);
    const score = extNumber(get(ao, 'extension'), SCORE_URLS) ?? extNumber(get(coding, 'extension'), SCORE_URLS);
    const body = { [s.lang]: text(get(coding, 'display')) ?? value };
    q.options.push({ id, body, ...(score === undefined ? {} : { score }) });
    if (get(ao, 'initialSelected') === true) note(s, `${path}.answerOption[${k}]`, 'initial selection not kept');
  });
  if (Array.isArray(raw) && raw.length > MAX_ITEMS) note(s, `${path}.answerOption`, `only ${MAX_ITEMS} options kept`);
  if (q.options.length === 0) {
    if (text(get(item, 'answerValueSet')))
      note(s, `${path}.answerValueSet`, 'value sets are not expanded: add options');
    else note(s, path, 'no options');
  }
  return ids;
}

function addQuestion(item: Json, path: string, fhirType: string, type: QuestionType, whens: When[], s: State) {
  const linkId = typeof get(item, 'linkId') === 'string' ? (get(item, 'linkId') as string) : undefined;
  const n = s.entries.length + 1;
  const identifier = unique(safeName(linkId) ?? `q${n}`, s.taken);
  const body = { [s.lang]: text(get(item, 'text')) ?? text(linkId) ?? identifier };
  const optional = type !== 'SurveyInstruction' && get(item, 'required') !== true; // a display is never "answered"
  const q: Draft = { id: `q${n}`, identifier, type, body, optional, options: [], constraints: {} };
  const values = new Map(type === 'Boolean' ? ['true', 'false'].map((v) => [v, v]) : []);
  const repeats = get(item, 'repeats') === true;
  if (type === 'MultiChoice') {
    const ids = choice(item, path, q, values, s);
    q.constraints = { subType: repeats ? 'multi' : 'single' };
    if (fhirType === 'open-choice')
      Object.assign(q, {
        otherOptionId: unique('other', ids, 200),
        otherOptionBody: { en: 'Other' },
        otherOptionContentField: true,
      });
  } else if (repeats) note(s, `${path}.repeats`, 'repeating answers are not supported: one answer is asked');
  if (type === 'Text') {
    const max = int(get(item, 'maxLength'));
    q.constraints = { multiline: fhirType === 'text', ...(max && max > 0 ? { maxLength: max } : {}) };
  }
  const numeric = type === 'Integer' || type === 'Decimal';
  if (numeric) {
    const [min, max] = ['minValue', 'maxValue'].map((b) => extNumber(get(item, 'extension'), [`${SDC}${b}`]));
    q.constraints = { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
  }
  // what carries meaning for the participant or the data, yet has no place in the question
  if (get(item, 'readOnly') === true) note(s, `${path}.readOnly`, 'read-only: imported as an answerable question');
  if (list(get(item, 'initial'), 1).length > 0) note(s, `${path}.initial`, 'initial answers are not kept');
  if (text(get(item, 'prefix'))) note(s, `${path}.prefix`, 'the prefix (label) is not kept');
  if (list(get(item, 'code'), 1).length > 0) note(s, `${path}.code`, 'item codes (e.g. LOINC) are not kept');
  if (list(get(item, 'modifierExtension'), 1).length > 0) note(s, `${path}.modifierExtension`, 'not understood');
  const known = [...SCORE_URLS, ...(numeric ? [`${SDC}minValue`, `${SDC}maxValue`] : [])];
  const other = list(get(item, 'extension'), 50).filter((e) => !known.includes(get(e, 'url') as string));
  const urls = other.slice(0, 5).map((e) => String(get(e, 'url')).slice(0, 100));
  if (urls.length > 0) note(s, `${path}.extension`, `not mapped: ${urls.join(', ')}`);
  s.entries.push({ q, linkId, whens, values });
}

/** Items in order, groups flattened; nested deeper than MAX_DEPTH or past MAX_ITEMS is not read. */
function walk(items: unknown[], prefix: string, depth: number, whens: When[], s: State): void {
  for (let i = 0; i < items.length && s.count <= MAX_ITEMS; i++) {
    if (++s.count > MAX_ITEMS) return;
    const item = items[i];
    const path = `${prefix}item[${i}]`;
    if (!isObj(item)) {
      note(s, path, 'not an item');
      continue;
    }
    const ew = get(item, 'enableWhen');
    const at = `${path}.enableWhen${Array.isArray(ew) && ew.length === 1 ? '[0]' : ''}`;
    // an item is shown under its own enableWhen and those of the groups around it
    const inner = Array.isArray(ew) && ew.length > 0 ? [...whens, { path: at, count: ew.length, first: ew[0] }] : whens;
    const type = get(item, 'type');
    const mapped = typeof type === 'string' ? TYPES.get(type) : undefined;
    if (type === 'group') {
      const repeats = get(item, 'repeats') === true;
      if (repeats || text(get(item, 'text'))) {
        note(s, path, `group not kept: its items follow in order, without its heading${repeats ? ', asked once' : ''}`);
      }
    } else if (mapped) addQuestion(item, path, type as string, mapped, inner, s);
    else note(s, path, `${typeof type === 'string' ? type.slice(0, 40) : 'untyped'} items have no question type`);
    const children = get(item, 'item');
    if (!Array.isArray(children) || children.length === 0) continue;
    if (depth >= MAX_DEPTH) note(s, `${path}.item`, `nested deeper than ${MAX_DEPTH} levels: not read`);
    else {
      if (type !== 'group') note(s, `${path}.item`, 'items nested under a question follow it');
      walk(children, `${path}.`, depth + 1, inner, s);
    }
  }
}

/** The condition of an entry as branching of an earlier question, or why it cannot be one. */
type Cond = { ctl: number; key: string; rules: (first: string, after: string) => BranchingRule[] };
function condition(entries: Entry[], i: number, at: Map<string, number>): Cond | string {
  const [w, more] = (entries[i] as Entry).whens;
  if (!w || more || w.count !== 1) return 'more than one condition: branching follows one answer of one question';
  const c = w.first;
  const op = get(c, 'operator');
  const linkId = get(c, 'question');
  const ci = typeof linkId === 'string' ? at.get(linkId) : undefined;
  if (ci === undefined || ci < 0 || ci >= i) return 'not on an earlier imported question with a unique linkId';
  const ctl = entries[ci] as Entry;
  if (ctl.q.type !== 'Boolean' && ctl.q.constraints.subType !== 'single') return 'not on a single-answer choice';
  if (ctl.whens.length > 0) return 'the question it depends on is itself conditional';
  // "shown while unanswered": an otherwise rule skips the items once it is answered
  if (op === 'exists' && get(c, 'answerBoolean') === false)
    return { ctl: ci, key: `${ci}-`, rules: (_, after) => [{ operator: 'ot', skipTo: after }] };
  // answered and required agree once the activity is done (the domain cannot skip on an unanswered one)
  if (ctl.q.optional)
    return 'the question it depends on is optional: branching cannot hide items while it is unanswered';
  if (op === 'exists' && get(c, 'answerBoolean') === true) return { ctl: ci, key: `${ci}+`, rules: () => [] };
  if (op !== '=' && op !== '!=') return 'only =, != and exists are mapped';
  const raw = valueKey(c, 'answer');
  const value = raw === undefined ? undefined : ctl.values.get(raw);
  if (value === undefined) return 'the answer it names is not an option of that question';
  if (op === '!=')
    return { ctl: ci, key: `${ci}!${value}`, rules: (_, after) => [{ operator: 'eq', value, skipTo: after }] };
  return {
    ctl: ci,
    key: `${ci}=${value}`,
    rules: (first, after) => [
      { operator: 'eq', value, skipTo: first },
      { operator: 'ot', skipTo: after },
    ],
  };
}

/** enableWhens as skip rules of the question right before the run of items they show; else unmapped. */
function branch(s: State): void {
  const { entries } = s;
  // position per linkId; -1 for a repeated one (a condition on it could mean either)
  const at = new Map<string, number>();
  for (const [i, e] of entries.entries()) if (e.linkId !== undefined) at.set(e.linkId, at.has(e.linkId) ? -1 : i);
  const reported = new Set<string>();
  const skip = (e: Entry, reason: string) => {
    for (const w of e.whens) {
      if (!reported.has(w.path)) note(s, w.path, reason);
      reported.add(w.path);
    }
  };
  for (let i = 0; i < entries.length; ) {
    const cond = (entries[i] as Entry).whens.length > 0 ? condition(entries, i, at) : null;
    if (cond === null || typeof cond === 'string') {
      if (cond) skip(entries[i] as Entry, cond);
      i++;
      continue;
    }
    // the run of items after it under the same condition is shown and hidden together
    const same = (j: number) => {
      const c = condition(entries, j, at);
      return typeof c !== 'string' && c.key === cond.key;
    };
    let j = i + 1;
    while (j < entries.length && same(j)) j++;
    const ctl = (entries[cond.ctl] as Entry).q;
    const rules = cond.rules((entries[i] as Entry).q.identifier, entries[j]?.q.identifier ?? SKIP_TO_END);
    const problem =
      rules.length === 0
        ? null
        : cond.ctl !== i - 1
          ? 'other questions stand between it and the question it depends on'
          : ctl.branching
            ? 'the question it depends on already branches'
            : null;
    if (problem) for (let k = i; k < j; k++) skip(entries[k] as Entry, problem);
    else if (rules.length > 0) ctl.branching = { mode: 'normal', rules };
    i = j;
  }
}

const failed = (reason: string, path = '', unmapped: ImportProblem[] = []): QuestionnaireImport => ({
  activity: null,
  unmapped,
  errors: [{ path, reason }],
});
const pathText = (path: PropertyKey[]) =>
  path.map((k, n) => (typeof k === 'number' ? `[${k}]` : `${n > 0 ? '.' : ''}${String(k)}`)).join('');
function finish(candidate: unknown, unmapped: ImportProblem[]): QuestionnaireImport {
  const r = ActivitySchema.safeParse(candidate);
  if (r.success) return { activity: r.data, unmapped, errors: [] };
  const errors = r.error.issues.map((i) => ({ path: pathText(i.path), reason: i.message }));
  return { activity: null, unmapped, errors };
}

function importOrFail(qn: unknown, options: QuestionnaireImportOptions): QuestionnaireImport {
  if (!isObj(qn)) return failed('not a JSON object');
  if (get(qn, 'resourceType') !== 'Questionnaire') return failed('not a FHIR Questionnaire', 'resourceType');
  const items = get(qn, 'item');
  if (!Array.isArray(items) || items.length === 0) return failed('the Questionnaire has no items', 'item');
  if (items.length > MAX_ITEMS) return failed(`more than ${MAX_ITEMS} items`, 'item');
  const type = ACTIVITY_TYPES.find((t) => t === options.type);
  const identifier = safeName(options.identifier, true);
  const lang = [options.language, get(qn, 'language')].find((l) => typeof l === 'string' && LANGUAGE.test(l));
  const s: State = { lang: (lang as string) ?? 'en', entries: [], unmapped: [], taken: new Set(), count: 0 };
  if (list(get(qn, 'extension'), 50).some((e) => get(e, 'url') === EXT.activity)) {
    try {
      const a = fromQuestionnaire(qn as unknown as Questionnaire);
      const own = ACTIVITY_IDENTIFIER.test(a.identifier) ? a.identifier : safeName(a.identifier, true);
      return finish({ ...a, identifier: identifier ?? own ?? 'imported', type: type ?? a.type }, []);
    } catch {
      note(s, 'extension', 'the Trialpath definition could not be read: mapped from FHIR fields');
    }
  }
  walk(items, '', 0, [], s);
  if (s.count > MAX_ITEMS) return failed(`more than ${MAX_ITEMS} items, groups included`, 'item', s.unmapped);
  if (s.entries.length === 0) return failed('none of the items could be mapped to a question', 'item', s.unmapped);
  branch(s);
  const ident =
    identifier ?? safeName(get(qn, 'name'), true) ?? safeName(get(list(get(qn, 'identifier'), 1)[0], 'value'), true);
  const id = ident ?? 'imported';
  const description = text(get(qn, 'description'));
  return finish(
    {
      id,
      activityId: id,
      identifier: id,
      revisionId: text(get(qn, 'version'))?.slice(0, 200) ?? '1',
      type: type ?? 'survey',
      title: { [s.lang]: text(get(qn, 'title')) ?? text(get(qn, 'name')) ?? id },
      ...(description ? { description: { [s.lang]: description } } : {}),
      questions: s.entries.map((e) => e.q),
    },
    s.unmapped,
  );
}

/** The activity a FHIR R4 Questionnaire stands for, with what was left out; never throws. */
export function importQuestionnaire(input: unknown, options: QuestionnaireImportOptions = {}): QuestionnaireImport {
  try {
    return importOrFail(input, options ?? {});
  } catch {
    // a getter or proxy that throws: nothing usable came out of it
    return failed('the document could not be read');
  }
}
