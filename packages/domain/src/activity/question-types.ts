/**
 * Question types (spec 000 §3, 001 §4–§5; decision B-003). Identifiers are the spec's names.
 */
export const QUESTION_TYPES = [
  'MultiChoice',
  'Boolean',
  'CustomScale',
  'DropDown',
  'ImageChoice',
  'NumberScale',
  'VAS',
  'WongBaker',
  'Date',
  'Time',
  'DateTime',
  'Number',
  'Integer',
  'Decimal',
  'Text',
  'Medication',
  'SurveyInstruction',
  'VideoRecording',
  'AudioRecording',
  'Measurements',
  'Index',
  'Log',
  'ImageCapture',
  'Section',
  'GPSkin',
  'ValidatedEntry',
  'SkinAnalyser',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Types the participant flow leaves out (001 §4). */
export const SKIPPABLE_TYPES: readonly QuestionType[] = [
  'VideoRecording',
  'AudioRecording',
  'Measurements',
  'Index',
  'Log',
  'ImageCapture',
  'Section',
  'GPSkin',
  'ValidatedEntry',
  'SkinAnalyser',
];

/** Types that always pass the required-answer check (001 §5). */
export const ALWAYS_PASS_TYPES: readonly QuestionType[] = [
  'SurveyInstruction',
  'Log',
  'ImageCapture',
  'Index',
  'GPSkin',
  'ValidatedEntry',
  'AudioRecording',
  'VideoRecording',
];

/** Types whose answer is one or more options of the question. */
export const CHOICE_TYPES: readonly QuestionType[] = [
  'MultiChoice',
  'Boolean',
  'CustomScale',
  'DropDown',
  'ImageChoice',
];
/** Types whose answer is a number typed or picked on a scale. */
export const NUMERIC_TYPES: readonly QuestionType[] = ['Number', 'Integer', 'Decimal'];
export const SCALE_TYPES: readonly QuestionType[] = ['NumberScale', 'VAS', 'WongBaker'];

/** WongBaker faces (001 §5, §9). */
export const WONG_BAKER_VALUES = [0, 2, 4, 6, 8, 10] as const;

const ALL = new Set<string>(QUESTION_TYPES);
const SKIPPABLE = new Set(SKIPPABLE_TYPES);
const ALWAYS_PASS = new Set(ALWAYS_PASS_TYPES);
const CHOICE = new Set(CHOICE_TYPES);
const BRANCHING = new Set<QuestionType>([...CHOICE_TYPES, ...NUMERIC_TYPES, ...SCALE_TYPES, 'Date', 'Text']);

export function isQuestionType(v: unknown): v is QuestionType {
  return typeof v === 'string' && ALL.has(v);
}
export const isSkippableType = (t: QuestionType): boolean => SKIPPABLE.has(t);
export const isAlwaysPassType = (t: QuestionType): boolean => ALWAYS_PASS.has(t);
export const isChoiceType = (t: QuestionType): boolean => CHOICE.has(t);
/** Types whose answer can drive branching rules. */
export const isBranchingCapable = (t: QuestionType): boolean => BRANCHING.has(t);
