/** A new question of a type with that type's defaults, and a question changed to another type. */
import { DEFAULT_BOOLEAN_OPTIONS, isBranchingCapable, isChoiceType, type QuestionType } from '@trialpath/domain';
import type { QuestionDraft } from './draft-values';
import { newId, nextName } from './fields';

const TWO_OPTIONS = () => [
  { id: 'o1', body: {} },
  { id: 'o2', body: {} },
];

function constraintsOf(type: QuestionType): Record<string, unknown> {
  switch (type) {
    case 'MultiChoice':
      return { subType: 'single' };
    case 'ImageChoice':
      return { allowMultiple: false };
    case 'NumberScale':
      return { min: 0, max: 10, step: 1 };
    case 'VAS':
      return { min: 0, max: 100, step: 1 };
    case 'Date':
      return { format: 'mm/dd/yyyy' };
    case 'Time':
      return { format: '24' };
    case 'DateTime':
      return { date: { format: 'mm/dd/yyyy' }, time: { format: '24' } };
    case 'Integer':
      return { decimals: 0 };
    case 'Text':
      return { multiline: false };
    case 'Medication':
      return { medications: [], units: [], reasons: [], allowOther: true };
    default:
      return {};
  }
}

function optionsOf(type: QuestionType) {
  if (type === 'Boolean') return DEFAULT_BOOLEAN_OPTIONS.map((o) => ({ id: o.id, body: { ...o.body } }));
  if (isChoiceType(type)) return TWO_OPTIONS();
  return [];
}

export function newQuestion(type: QuestionType, takenIdentifiers: readonly string[]): QuestionDraft {
  return {
    id: newId('q'),
    identifier: nextName('Q', takenIdentifiers, takenIdentifiers.length + 1),
    type,
    body: {},
    optional: false,
    options: optionsOf(type),
    labels: [],
    dataEditChecks: [],
    constraints: constraintsOf(type),
  };
}

/** A copy under a new id and identifier (its options, checks and rules kept). */
export function duplicateQuestion(q: QuestionDraft, takenIdentifiers: readonly string[]): QuestionDraft {
  const copy = structuredClone(q);
  return { ...copy, id: newId('q'), identifier: nextName(`${q.identifier}_`, takenIdentifiers, 2) };
}

/**
 * The question as another type: its identifier, texts, optional flag and checks kept; options kept between
 * choice types; branching kept when the new type can branch; the new type's constraints.
 */
export function retype(q: QuestionDraft, type: QuestionType): QuestionDraft {
  const choice = isChoiceType(type);
  const keepOptions = choice && isChoiceType(q.type as QuestionType) && (q.options?.length ?? 0) > 0;
  const next: QuestionDraft = {
    ...q,
    type,
    options: keepOptions ? q.options : optionsOf(type),
    constraints: constraintsOf(type),
    labels: [],
    branching: isBranchingCapable(type) ? q.branching : undefined,
  };
  if (!choice) {
    for (const k of [
      'otherOptionId',
      'otherOptionBody',
      'otherOptionContentField',
      'otherOptionCommentField',
      'otherScore',
    ])
      delete next[k];
  }
  return next;
}
