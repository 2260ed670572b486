/**
 * Design-time check of a scoring formula (the form builder checks it as it is typed, the server when the
 * activity is saved): it must parse, and every name it reads must be a question identifier or a variable
 * defined before it — a formula that reads an unknown name would silently score null for everyone.
 */
import type { MessageRef } from '../../messages/message-ref';
import { ExpressionError, expressionIdentifiers, parseExpression, SCORING_FUNCTIONS } from './evaluator';

const FUNCTIONS = new Set(SCORING_FUNCTIONS);

/** null when the formula is sound; else the catalogue message saying what is wrong. */
export function formulaProblem(expression: string, known: ReadonlySet<string>): MessageRef | null {
  if (expression.trim() === '') return { key: 'activityBuild.formulaEmpty' };
  let names: Set<string>;
  try {
    names = expressionIdentifiers(parseExpression(expression));
  } catch (e) {
    const detail = e instanceof ExpressionError ? e.message : 'syntax error';
    return { key: 'activityBuild.formulaInvalid', params: { detail } };
  }
  for (const name of names) {
    if (!known.has(name) && !FUNCTIONS.has(name)) return { key: 'activityBuild.formulaUnknownName', params: { name } };
  }
  return null;
}
