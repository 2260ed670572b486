/**
 * One question's answer against every rule of 001 §4–§5: required answer and status, the per-type
 * rules, and (when the activity allows them) the data edit checks.
 */
import type { Answer } from './answer';
import { runDataEditChecks } from './data-edit-checks';
import { validateMedication } from './medication';
import type { Question } from './model';
import { isChoiceType } from './question-types';
import { msg, type QuestionResult, type RuleMessage } from './result';
import { validateChoice } from './rules/choice';
import type { RuleContext } from './rules/context';
import { validateDate } from './rules/date';
import { validateNumber } from './rules/number';
import { isAnswerEmpty } from './rules/required';
import { validateScale, validateWongBaker } from './rules/scale';
import { validateText } from './rules/text';
import { validateTime } from './rules/time';

export interface QuestionRuleContext extends RuleContext {
  /** The activity's allowDataEditChecks flag. */
  allowDataEditChecks?: boolean;
}

function typeRules(
  q: Question,
  a: Answer | undefined,
  ctx: QuestionRuleContext,
): { errors: RuleMessage[]; warnings: RuleMessage[] } {
  if (isChoiceType(q.type)) return { errors: validateChoice(q, a), warnings: [] };
  switch (q.type) {
    case 'NumberScale':
    case 'VAS':
      return { errors: validateScale(q, a), warnings: [] };
    case 'WongBaker':
      return { errors: validateWongBaker(a), warnings: [] };
    case 'Number':
    case 'Integer':
    case 'Decimal':
      return validateNumber(q, a);
    case 'Text':
      return { errors: validateText(q, a), warnings: [] };
    case 'Date':
      return { errors: validateDate(a?.date ?? '', q.constraints, ctx), warnings: [] };
    case 'Time':
      return { errors: validateTime(a?.time ?? '', q.constraints, ctx), warnings: [] };
    case 'DateTime': {
      const d = (a?.date ?? '').trim();
      const t = (a?.time ?? '').trim();
      if (!d || !t) return { errors: [msg('activity.dateTime.both', undefined, d ? 'time' : 'date')], warnings: [] };
      return {
        errors: [
          ...validateDate(d, q.constraints.date, ctx, 'date'),
          ...validateTime(t, q.constraints.time, ctx, 'time'),
        ],
        warnings: [],
      };
    }
    case 'Medication':
      return { errors: validateMedication(q, a), warnings: [] };
    default:
      return { errors: [], warnings: [] };
  }
}

/** Validate one answer. Never throws for a parsed question. */
export function validateQuestion(q: Question, a: Answer | undefined, ctx: QuestionRuleContext = {}): QuestionResult {
  // answerStatus(q, a), without deciding emptiness twice
  const empty = isAnswerEmpty(q, a);
  const status = !q.optional && empty ? 'Incomplete' : 'Completed';
  const result: QuestionResult = { status, errors: [], warnings: [], dataChecks: [] };
  if (empty) {
    if (!q.optional) result.errors.push(msg('activity.required'));
  } else {
    const r = typeRules(q, a, ctx);
    result.errors = r.errors;
    result.warnings = r.warnings;
  }
  if (ctx.allowDataEditChecks && q.dataEditChecks.length > 0) {
    const d = runDataEditChecks(q, a, ctx.language);
    result.errors.push(...d.errors);
    result.warnings.push(...d.warnings);
    result.dataChecks.push(...d.dataChecks);
  }
  return result;
}
