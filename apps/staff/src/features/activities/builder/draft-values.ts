/**
 * The form builder's values: a revision's definition as react-hook-form holds it, checked by the domain
 * (ActivitySchema: the same refusals, the same messages as the server's 400) and cleaned before sending.
 * Problems are texts keyed by the field's path in the definition (`questions.1.branching.rules.0.skipTo`),
 * the server's (`definition.questions.1…`) put on the same paths.
 */
import { type ActivityInput, ActivitySchema, issueFieldRefs, type LocalizedText, refText } from '@trialpath/domain';
import { fieldErrorsOf } from '../../../shared/refusal';

/** A question as the form holds it: any type's fields (the editors show those of its type). */
export type QuestionDraft = Record<string, unknown> & {
  id: string;
  identifier: string;
  type: string;
  body: LocalizedText;
  options?: { id: string; body: LocalizedText; score?: number; imageUrl?: string }[];
  otherOptionId?: string;
  otherOptionBody?: LocalizedText;
  constraints?: Record<string, unknown>;
  dataEditChecks?: { id: string; check: string; type: string; value?: string | number }[];
  branching?: { mode?: string; recursiveLoop?: boolean; rejoinAt?: string; rules?: RuleDraft[] };
  labels?: { value: string | number; text: LocalizedText }[];
};

export interface RuleDraft {
  operator: 'eq' | 'between' | 'ot';
  value?: string | number;
  singleValue?: string | number;
  startValue?: string | number;
  endValue?: string | number;
  skipTo: string;
}

export interface VariableDraft {
  id: string;
  name: string;
  expression: string;
  label?: LocalizedText;
}

export type DraftValues = Record<string, unknown> & {
  title: LocalizedText;
  description?: LocalizedText;
  questions: QuestionDraft[];
  allowDataEditChecks?: boolean;
  canScoreResponses?: boolean;
  scoringVariables?: VariableDraft[];
};

/** Messages per field path. */
export type Issues = Readonly<Record<string, string>>;

/**
 * A text per language without its empty languages (an empty one would hide the fallback language's); a
 * language whose field was shown but never typed in is held as undefined.
 */
function texts(v: unknown): LocalizedText | undefined {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v as undefined;
  const entries = Object.entries(v);
  if (!entries.every(([, x]) => x === undefined || typeof x === 'string')) return v as LocalizedText;
  return Object.fromEntries(
    entries.filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''),
  );
}

const optionalTexts = (v: unknown) => {
  const out = texts(v);
  return out && Object.keys(out).length > 0 ? out : undefined;
};

const withBodies = <T extends { body?: unknown }>(list: T[] | undefined) =>
  list?.map((o) => ({ ...o, body: texts(o.body) ?? {} }));

function cleanQuestion(q: QuestionDraft): QuestionDraft {
  const c = q.constraints;
  const medication =
    c && Array.isArray(c.medications)
      ? {
          ...c,
          medications: (c.medications as { name?: unknown }[]).map((m) => ({ ...m, name: texts(m.name) ?? {} })),
          reasons: withBodies(c.reasons as { body?: unknown }[]),
        }
      : c;
  return {
    ...q,
    body: texts(q.body) ?? {},
    formattedBody: optionalTexts(q.formattedBody),
    otherOptionBody: q.otherOptionId ? optionalTexts(q.otherOptionBody) : undefined,
    options: withBodies(q.options),
    labels: q.labels?.map((l) => ({ ...l, text: texts(l.text) ?? {} })),
    constraints: medication,
  };
}

/** The definition to check and send: empty texts left out. */
export function cleanDefinition(values: DraftValues): DraftValues {
  return {
    ...values,
    title: texts(values.title) ?? {},
    description: optionalTexts(values.description),
    questions: values.questions.map(cleanQuestion),
    scoringVariables: values.scoringVariables?.map((v) => ({ ...v, label: optionalTexts(v.label) })),
  };
}

/** A definition as comparable text: keys sorted, missing values (undefined) left out. */
export function canonical(value: unknown): string {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, walk((v as Record<string, unknown>)[k])]),
    );
  };
  return JSON.stringify(walk(value));
}

/** Whether the values differ from the saved definition (fields shown but never filled do not count). */
export function changedFrom(saved: string, values: DraftValues): boolean {
  return canonical(cleanDefinition(values)) !== saved;
}

/** The domain's refusals of a definition, in a language: what the server would answer for it. */
export function localIssues(values: DraftValues, lang: string): Issues {
  const cleaned = cleanDefinition(values);
  const result = ActivitySchema.safeParse(cleaned);
  if (result.success) return {};
  const refs = issueFieldRefs(result.error.issues, cleaned);
  return Object.fromEntries(
    Object.entries(refs).map(([path, list]) => [path, list.map((r) => refText(r, lang)).join(' ')]),
  );
}

/** A refused save's field messages on the definition's paths (`definition.questions.0.x` → `questions.0.x`). */
export function serverIssues(error: unknown, lang: string): Issues {
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(fieldErrorsOf(error, lang))) {
    out[path.replace(/^definition\.?/, '') || 'definition'] = text;
  }
  return out;
}

/** The problems of one question (its own and its parts'). */
export function questionIssues(issues: Issues, index: number): string[] {
  const prefix = `questions.${index}`;
  return Object.entries(issues)
    .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`))
    .map(([, text]) => text);
}

/** The index of the first question with a problem, or null. */
export function firstQuestionWithIssue(issues: Issues): number | null {
  const indexes = Object.keys(issues)
    .map((p) => /^questions\.(\d+)(\.|$)/.exec(p)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  return indexes.length ? Math.min(...indexes) : null;
}

export type { ActivityInput };
