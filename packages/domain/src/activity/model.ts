/**
 * The activity model (spec 000 §3, 001 §3, 002 §3): zod schemas and their TypeScript types.
 * docs/activity-model.md shows one JSON example per question type.
 */
import { z } from 'zod';
import type { QuestionType } from './question-types';
import { formulaProblem } from './scoring/formula-check';

/** The model version written into stored activities, so they can be migrated when the model grows. */
export const ACTIVITY_SCHEMA_VERSION = 1;

/** Text per language culture, e.g. `{ en: 'Pain', es: 'Dolor' }`. May hold sanitised HTML. */
export const LocalizedTextSchema = z.record(z.string(), z.string());
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

const Id = z.string().min(1).max(200);
const Scalar = z.union([z.string(), z.number()]);

export const OptionSchema = z.object({
  id: Id,
  body: LocalizedTextSchema,
  score: z.number().finite().optional(),
  imageUrl: z.string().optional(),
});
export type Option = z.infer<typeof OptionSchema>;

export const LabelSchema = z.object({ value: Scalar, text: LocalizedTextSchema });
export type Label = z.infer<typeof LabelSchema>;

export const DATA_EDIT_CHECK_TYPES = ['NOT_BLANK', 'DATA_TYPE', 'LESS_THAN', 'GREATER_THAN', 'DATA_FORMAT'] as const;
export type DataEditCheckType = (typeof DATA_EDIT_CHECK_TYPES)[number];
/** `check`: SOFT, or hard (any other value is read as HARD; stored upper case). */
export const DataEditCheckSchema = z.object({
  id: Id,
  check: z.preprocess(
    (v) => (typeof v === 'string' && v.toUpperCase() === 'SOFT' ? 'SOFT' : 'HARD'),
    z.enum(['SOFT', 'HARD']),
  ),
  type: z.enum(DATA_EDIT_CHECK_TYPES),
  value: Scalar.optional(),
});
export type DataEditCheck = z.infer<typeof DataEditCheckSchema>;

export const BRANCHING_OPERATORS = ['eq', 'between', 'ot'] as const;
export type BranchingOperator = (typeof BRANCHING_OPERATORS)[number];
/** Where a rule goes: a question identifier, or END (the rest of the activity is skipped). */
export const SKIP_TO_END = 'END';
export const BranchingRuleSchema = z.object({
  operator: z.enum(BRANCHING_OPERATORS),
  singleValue: Scalar.optional(),
  startValue: Scalar.optional(),
  endValue: Scalar.optional(),
  value: Scalar.optional(),
  skipTo: Id,
});
export type BranchingRule = z.infer<typeof BranchingRuleSchema>;

/** Decision B-020: normal (first matching rule) or advance (every matching rule opens its branch). */
export const BranchingSchema = z.object({
  mode: z.enum(['normal', 'advance']).default('normal'),
  /** Advance only: after each chosen branch (and any branching inside it) come back for the next. */
  recursiveLoop: z.boolean().default(false),
  /** Advance only: where the branches join again (identifier or END); default: after the last branch. */
  rejoinAt: Id.optional(),
  rules: z.array(BranchingRuleSchema).default([]),
});
export type Branching = z.infer<typeof BranchingSchema>;

export const DATE_FORMATS_INPUT = ['dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy/mm/dd'] as const;
export type DateInputFormat = (typeof DATE_FORMATS_INPUT)[number];
/** A date bound: an ISO date `YYYY-MM-DD` or `current` (today in the participant's time zone). */
const DateBound = z.union([z.literal('current'), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]);
export const DateRangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), start: DateBound.optional(), end: DateBound.optional() }),
  z.object({
    kind: z.literal('deviation'),
    target: DateBound,
    daysBefore: z.number().int().min(0).default(0),
    daysAfter: z.number().int().min(0).default(0),
  }),
]);
export type DateRange = z.infer<typeof DateRangeSchema>;
export const DateConstraintsSchema = z.object({
  format: z.enum(DATE_FORMATS_INPUT).default('mm/dd/yyyy'),
  range: DateRangeSchema.optional(),
});
export type DateConstraints = z.infer<typeof DateConstraintsSchema>;

/** A time bound: `HH:mm` (24-hour) or `current` (now in the participant's time zone). */
const TimeBound = z.union([z.literal('current'), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/)]);
export const TimeRangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), start: TimeBound.optional(), end: TimeBound.optional() }),
  z.object({
    kind: z.literal('deviation'),
    target: TimeBound,
    hoursBefore: z.number().min(0).max(24).default(0),
    hoursAfter: z.number().min(0).max(24).default(0),
  }),
]);
export type TimeRange = z.infer<typeof TimeRangeSchema>;
export const TimeConstraintsSchema = z.object({
  format: z.enum(['12', '24']).default('24'),
  range: TimeRangeSchema.optional(),
});
export type TimeConstraints = z.infer<typeof TimeConstraintsSchema>;

export const NumberConstraintsSchema = z.object({
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
  softMin: z.number().finite().optional(),
  softMax: z.number().finite().optional(),
  /** Decimal places allowed; 0 = none. Integer forces 0; Decimal defaults to 2; Number: any. */
  decimals: z.number().int().min(0).max(15).optional(),
  /** Default: allowed only when min is below 0. */
  allowNegative: z.boolean().optional(),
});
export type NumberConstraints = z.infer<typeof NumberConstraintsSchema>;

export const TEXT_DATA_TYPES = ['Alphabet', 'Alphanumeric', 'Numeric'] as const;
export type TextDataType = (typeof TEXT_DATA_TYPES)[number];
export const TextConstraintsSchema = z.object({
  maxLength: z.number().int().positive().optional(),
  dataType: z.enum(TEXT_DATA_TYPES).optional(),
  multiline: z.boolean().default(false),
});
export type TextConstraints = z.infer<typeof TextConstraintsSchema>;

export const ScaleConstraintsSchema = z.object({
  min: z.number().finite().default(0),
  max: z.number().finite().default(10),
  step: z.number().positive().default(1),
});
export type ScaleConstraints = z.infer<typeof ScaleConstraintsSchema>;

export const MedicationConstraintsSchema = z.object({
  medications: z.array(z.object({ id: Id, name: LocalizedTextSchema })).default([]),
  units: z.array(z.string()).default([]),
  /** When reasons are listed, each entry needs one (001 §5). */
  reasons: z.array(OptionSchema).default([]),
  /** Whether a drug that is not in the list can be typed in. */
  allowOther: z.boolean().default(true),
  maxEntries: z.number().int().positive().optional(),
});
export type MedicationConstraints = z.infer<typeof MedicationConstraintsSchema>;

const QuestionBase = z.object({
  id: Id,
  identifier: Id,
  body: LocalizedTextSchema,
  /** Formatted (HTML) text; sanitised with sanitizeContent before it is stored. */
  formattedBody: LocalizedTextSchema.optional(),
  optional: z.boolean().default(false),
  /** Optional grouping into steps (pages) of the activity. */
  step: z.number().int().positive().optional(),
  options: z.array(OptionSchema).default([]),
  otherOptionId: Id.optional(),
  otherOptionBody: LocalizedTextSchema.optional(),
  /** The other option carries a free-text field that must be filled when it is chosen. */
  otherOptionContentField: z.boolean().optional(),
  /** The other option carries an optional comment field. */
  otherOptionCommentField: z.boolean().optional(),
  otherScore: z.number().finite().optional(),
  labels: z.array(LabelSchema).default([]),
  dataEditChecks: z.array(DataEditCheckSchema).default([]),
  branching: BranchingSchema.optional(),
  /**
   * The answer unblinds (treatment kit, allocation, unblinded pharmacist's entries): only unblinded staff receive it;
   * the server leaves it out of everything it sends a blinded reader (A-117, activity/blinding.ts).
   */
  unblindedOnly: z.boolean().optional(),
});

const Empty = z.object({}).passthrough();
function variant<T extends QuestionType, C extends z.ZodType>(type: T, constraints: C) {
  return QuestionBase.extend({ type: z.literal(type), constraints: constraints.prefault({} as z.input<C>) });
}

export const QuestionSchema = z.discriminatedUnion('type', [
  variant('MultiChoice', z.object({ subType: z.enum(['single', 'multi']).default('single') })),
  variant('Boolean', Empty),
  variant('CustomScale', Empty),
  variant('DropDown', Empty),
  variant('ImageChoice', z.object({ allowMultiple: z.boolean().default(false) })),
  variant('NumberScale', ScaleConstraintsSchema),
  variant('VAS', ScaleConstraintsSchema.extend({ max: z.number().finite().default(100) })),
  variant('WongBaker', Empty),
  variant('Date', DateConstraintsSchema),
  variant('Time', TimeConstraintsSchema),
  variant('DateTime', z.object({ date: DateConstraintsSchema.prefault({}), time: TimeConstraintsSchema.prefault({}) })),
  variant('Number', NumberConstraintsSchema),
  variant('Integer', NumberConstraintsSchema),
  variant('Decimal', NumberConstraintsSchema),
  variant('Text', TextConstraintsSchema),
  variant('Medication', MedicationConstraintsSchema),
  variant('SurveyInstruction', Empty),
  variant('VideoRecording', Empty),
  variant('AudioRecording', Empty),
  variant('Measurements', Empty),
  variant('Index', Empty),
  variant('Log', Empty),
  variant('ImageCapture', Empty),
  variant('Section', Empty),
  variant('GPSkin', Empty),
  variant('ValidatedEntry', Empty),
  variant('SkinAnalyser', Empty),
]);
export type Question = z.infer<typeof QuestionSchema>;
export type QuestionInput = z.input<typeof QuestionSchema>;
export type QuestionOf<T extends QuestionType> = Extract<Question, { type: T }>;

export const ScoringVariableSchema = z.object({
  id: Id,
  /** Name used in other expressions: letters, digits and _, not starting with a digit. */
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
  label: LocalizedTextSchema.optional(),
  /** Expression over question identifiers (their scores) and earlier variables; decision B-086. */
  expression: z.string().max(2000),
});
export type ScoringVariable = z.infer<typeof ScoringVariableSchema>;

export const ACTIVITY_TYPES = ['survey', 'epro', 'edro', 'dataCaptureForm'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

const ActivityBase = z.object({
  schemaVersion: z.literal(ACTIVITY_SCHEMA_VERSION).default(ACTIVITY_SCHEMA_VERSION),
  id: Id,
  activityId: Id,
  identifier: Id,
  revisionId: z.union([z.string(), z.number()]).transform(String),
  type: z.enum(ACTIVITY_TYPES),
  title: LocalizedTextSchema,
  description: LocalizedTextSchema.optional(),
  questions: z.array(QuestionSchema),
  /** Grid rows of data capture forms (layout only; not interpreted by the rules). */
  rows: z.array(z.record(z.string(), z.unknown())).default([]),
  stepsCount: z.number().int().min(0).optional(),
  allowDataEditChecks: z.boolean().default(false),
  canScoreResponses: z.boolean().default(false),
  scoringVariables: z.array(ScoringVariableSchema).default([]),
});

type Issue = { path: (string | number)[]; key: string; params?: Record<string, string | number> };
const addIssue = (ctx: z.RefinementCtx, i: Issue) =>
  ctx.addIssue({
    code: 'custom',
    path: i.path,
    message: i.key,
    params: { messageKey: i.key, messageParams: i.params },
  });

/**
 * Structural checks across questions: unique identifiers and option ids, branching only forward to a known
 * question, scoring formulas reading only known names. Each refusal names its field and a catalogue message
 * (the form builder shows it on the field, the server answers it as a field error).
 */
export const ActivitySchema = ActivityBase.superRefine((a, ctx) => {
  const index = new Map<string, number>();
  a.questions.forEach((q, i) => {
    if (index.has(q.identifier)) {
      addIssue(ctx, {
        path: ['questions', i, 'identifier'],
        key: 'activityBuild.duplicateIdentifier',
        params: { identifier: q.identifier },
      });
    }
    index.set(q.identifier, i);
  });
  a.questions.forEach((q, i) => {
    const ids = new Set<string>();
    for (const o of q.options) {
      if (ids.has(o.id)) addIssue(ctx, { path: ['questions', i, 'options'], key: 'activityBuild.duplicateOption' });
      ids.add(o.id);
    }
    const rules = q.branching?.rules ?? [];
    const targets = [
      ...rules.map((r, r_i) => ({ to: r.skipTo, path: ['questions', i, 'branching', 'rules', r_i, 'skipTo'] })),
      ...(q.branching?.rejoinAt ? [{ to: q.branching.rejoinAt, path: ['questions', i, 'branching', 'rejoinAt'] }] : []),
    ];
    for (const t of targets) {
      if (t.to === SKIP_TO_END) continue;
      const j = index.get(t.to);
      const key =
        j === undefined
          ? 'activityBuild.branchUnknown'
          : j === i
            ? 'activityBuild.branchToItself'
            : j < i
              ? 'activityBuild.branchBackwards'
              : null;
      if (key) addIssue(ctx, { path: t.path, key, params: { target: t.to } });
    }
  });
  const names = new Set<string>(index.keys());
  a.scoringVariables.forEach((v, i) => {
    if (names.has(v.name)) {
      addIssue(ctx, {
        path: ['scoringVariables', i, 'name'],
        key: 'activityBuild.duplicateVariable',
        params: { name: v.name },
      });
    }
    const problem = formulaProblem(v.expression, names);
    if (problem)
      addIssue(ctx, {
        path: ['scoringVariables', i, 'expression'],
        key: problem.key,
        params: problem.params as Issue['params'],
      });
    names.add(v.name);
  });
});
export type Activity = z.infer<typeof ActivitySchema>;
export type ActivityInput = z.input<typeof ActivitySchema>;

/** Parse (and fill defaults of) an activity definition; throws a ZodError when invalid. */
export function parseActivity(input: unknown): Activity {
  return ActivitySchema.parse(input);
}

/**
 * Text of a localised value in a language, falling back to the base language, English, then to the
 * first value. Only the record's own keys count (a language `constructor` finds no inherited member).
 */
export function localize(text: LocalizedText | undefined, lang = 'en'): string {
  if (!text) return '';
  const own = (key: string) => (Object.hasOwn(text, key) ? text[key] : undefined);
  const cut = lang.search(/[-_]/);
  const base = (cut < 0 ? lang : lang.slice(0, cut)).toLowerCase();
  return own(lang) ?? own(base) ?? own('en') ?? Object.values(text)[0] ?? '';
}
