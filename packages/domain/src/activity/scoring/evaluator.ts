/**
 * A safe expression evaluator for scoring variables (decision B-scoring-evaluator): jsep parses the
 * text into an AST; this file walks the AST with a closed set of operators and functions. No eval,
 * no Function, no property access, no assignment: an expression can read only the numbers it is given.
 *
 * Values are numbers or null (missing). Arithmetic with a missing value or a division by zero gives
 * null; sum/avg/min/max/count skip missing values; coalesce(x, d) replaces a missing value.
 */
import jsep from 'jsep';

export type ScoreValue = number | null;
export type Scope = (name: string) => ScoreValue | undefined;

export class ExpressionError extends Error {
  override name = 'ExpressionError';
}

const MAX_LENGTH = 2000;
const MAX_DEPTH = 64;

const nums = (xs: ScoreValue[]) => xs.filter((x): x is number => x !== null);
const FUNCTIONS: Record<string, (args: ScoreValue[]) => ScoreValue> = {
  sum: (a) => nums(a).reduce((s, x) => s + x, 0),
  avg: (a) => (nums(a).length ? nums(a).reduce((s, x) => s + x, 0) / nums(a).length : null),
  min: (a) => (nums(a).length ? Math.min(...nums(a)) : null),
  max: (a) => (nums(a).length ? Math.max(...nums(a)) : null),
  count: (a) => nums(a).length,
  abs: ([x]) => (x == null ? null : Math.abs(x)),
  round: ([x, d]) => (x == null ? null : Math.round(x * 10 ** (d ?? 0)) / 10 ** (d ?? 0)),
  floor: ([x]) => (x == null ? null : Math.floor(x)),
  ceil: ([x]) => (x == null ? null : Math.ceil(x)),
  coalesce: (a) => a.find((x) => x !== null && x !== undefined) ?? null,
  if: ([c, t, f]) => (c == null ? null : c !== 0 ? (t ?? null) : (f ?? null)),
};
export const SCORING_FUNCTIONS = Object.keys(FUNCTIONS);

type Bin = (a: number, b: number) => number | null;
const BINARY: Record<string, Bin> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => (b === 0 ? null : a / b),
  '%': (a, b) => (b === 0 ? null : a % b),
  '==': (a, b) => Number(a === b),
  '!=': (a, b) => Number(a !== b),
  '<': (a, b) => Number(a < b),
  '<=': (a, b) => Number(a <= b),
  '>': (a, b) => Number(a > b),
  '>=': (a, b) => Number(a >= b),
};

/** Parse an expression (throws ExpressionError on a syntax error or a construct that is not allowed). */
export function parseExpression(text: string): jsep.Expression {
  if (typeof text !== 'string' || text.length > MAX_LENGTH) throw new ExpressionError('expression too long');
  let ast: jsep.Expression;
  try {
    ast = jsep(text);
  } catch (e) {
    throw new ExpressionError((e as Error).message);
  }
  check(ast, 0);
  return ast;
}

function check(n: jsep.Expression, depth: number): void {
  if (depth > MAX_DEPTH) throw new ExpressionError('expression too deep');
  switch (n.type) {
    case 'Literal':
      if (typeof n.value !== 'number' && typeof n.value !== 'boolean') throw new ExpressionError('only numbers');
      return;
    case 'Identifier':
      return;
    case 'UnaryExpression':
      if (!['-', '+', '!'].includes(n.operator as string)) throw new ExpressionError(`operator ${n.operator}`);
      check(n.argument as jsep.Expression, depth + 1);
      return;
    case 'BinaryExpression':
      if (!((n.operator as string) in BINARY) && n.operator !== '&&' && n.operator !== '||') {
        throw new ExpressionError(`operator ${n.operator}`);
      }
      check(n.left as jsep.Expression, depth + 1);
      check(n.right as jsep.Expression, depth + 1);
      return;
    case 'ConditionalExpression':
      check(n.test as jsep.Expression, depth + 1);
      check(n.consequent as jsep.Expression, depth + 1);
      check(n.alternate as jsep.Expression, depth + 1);
      return;
    case 'CallExpression': {
      const callee = n.callee as jsep.Expression;
      if (callee.type !== 'Identifier' || !Object.hasOwn(FUNCTIONS, callee.name as string)) {
        throw new ExpressionError('unknown function');
      }
      for (const a of n.arguments as jsep.Expression[]) check(a, depth + 1);
      return;
    }
    default:
      throw new ExpressionError(`${n.type} not allowed`);
  }
}

/** The identifiers an expression reads. */
export function expressionIdentifiers(ast: jsep.Expression, out = new Set<string>()): Set<string> {
  if (ast.type === 'Identifier') out.add(ast.name as string);
  for (const key of ['argument', 'left', 'right', 'test', 'consequent', 'alternate'] as const) {
    const child = ast[key] as jsep.Expression | undefined;
    if (child) expressionIdentifiers(child, out);
  }
  if (ast.type === 'CallExpression') for (const a of ast.arguments as jsep.Expression[]) expressionIdentifiers(a, out);
  return out;
}

function finite(x: number | null): ScoreValue {
  return x === null || !Number.isFinite(x) ? null : x;
}

/** Evaluate a checked AST. Unknown identifiers are missing (null). */
export function evaluateAst(n: jsep.Expression, scope: Scope): ScoreValue {
  switch (n.type) {
    case 'Literal':
      return Number(n.value);
    case 'Identifier': {
      const name = n.name as string;
      if (name === 'true') return 1;
      if (name === 'false') return 0;
      return scope(name) ?? null;
    }
    case 'UnaryExpression': {
      const v = evaluateAst(n.argument as jsep.Expression, scope);
      if (v === null) return null;
      return n.operator === '-' ? -v : n.operator === '!' ? Number(v === 0) : v;
    }
    case 'BinaryExpression': {
      const l = evaluateAst(n.left as jsep.Expression, scope);
      if (n.operator === '&&')
        return l === null ? null : l === 0 ? 0 : truth(evaluateAst(n.right as jsep.Expression, scope));
      if (n.operator === '||') return l !== null && l !== 0 ? 1 : truth(evaluateAst(n.right as jsep.Expression, scope));
      const r = evaluateAst(n.right as jsep.Expression, scope);
      if (l === null || r === null) return null;
      return finite((BINARY[n.operator as string] as Bin)(l, r));
    }
    case 'ConditionalExpression': {
      const t = evaluateAst(n.test as jsep.Expression, scope);
      if (t === null) return null;
      return evaluateAst((t !== 0 ? n.consequent : n.alternate) as jsep.Expression, scope);
    }
    default: {
      const fn = FUNCTIONS[(n.callee as jsep.Expression).name as string] as (a: ScoreValue[]) => ScoreValue;
      return finite(fn((n.arguments as jsep.Expression[]).map((a) => evaluateAst(a, scope))));
    }
  }
}

function truth(v: ScoreValue): ScoreValue {
  return v === null ? null : Number(v !== 0);
}

/** Parse and evaluate; a bad expression gives null (it never throws). */
export function evaluateExpression(text: string, scope: Scope): ScoreValue {
  try {
    return evaluateAst(parseExpression(text), scope);
  } catch {
    return null;
  }
}
