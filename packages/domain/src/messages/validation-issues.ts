/**
 * Schema validation problems (zod issues) as catalogue messages, one rule for the server's 400
 * `fieldErrors` and the portals' form resolver: the same field gets the same message, in the
 * person's language, in the browser and from the server.
 */
import type { MessageParams } from './translate';
import { addFieldRef, type FieldMessageRefs, type MessageRef, messageRef } from './message-ref';

/** The parts of a zod issue the mapping reads (structural, so this module needs no zod import). */
export interface SchemaIssue {
  code: string;
  path: readonly PropertyKey[];
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  format?: string;
  keys?: readonly string[];
  params?: Record<string, unknown>;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = Object.hasOwn(v, key) ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return v;
}

const num = (v: unknown) => (typeof v === 'bigint' ? Number(v) : (v as number));

/** The message of one issue; `input` is the validated value (a missing value reads as "required"). */
function issueRef(issue: SchemaIssue, input: unknown): MessageRef {
  switch (issue.code) {
    case 'invalid_type': {
      const v = valueAt(input, issue.path);
      return messageRef(v === undefined || v === null ? 'errors.required' : 'errors.invalidValue');
    }
    case 'too_small':
      if (issue.origin === 'string')
        return num(issue.minimum) === 1
          ? messageRef('errors.required')
          : messageRef('errors.tooShort', { min: num(issue.minimum) });
      if (issue.origin === 'array' || issue.origin === 'set')
        return messageRef('errors.tooFew', { min: num(issue.minimum) });
      return messageRef('errors.tooSmall', { min: num(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return messageRef('errors.tooLong', { max: num(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set')
        return messageRef('errors.tooMany', { max: num(issue.maximum) });
      return messageRef('errors.tooLarge', { max: num(issue.maximum) });
    case 'invalid_format':
      return messageRef(issue.format === 'email' ? 'errors.invalidEmail' : 'errors.invalidFormat');
    case 'custom': {
      // A refinement names its catalogue message in params (e.g. the password rules).
      const key = issue.params?.messageKey;
      if (typeof key === 'string')
        return { key: key as MessageRef['key'], params: issue.params?.messageParams as MessageParams | undefined };
      return messageRef('errors.invalidValue');
    }
    default:
      return messageRef('errors.invalidValue');
  }
}

/**
 * Field messages of a failed validation, keyed by dotted path; `root` names the value itself when the
 * issue has no path (a request part: `body`, `query`, `params`). Every unknown key of a strict object
 * is named on its own path.
 */
export function issueFieldRefs(issues: readonly SchemaIssue[], input: unknown, root = ''): FieldMessageRefs {
  const out: FieldMessageRefs = {};
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? [])
        addFieldRef(out, base ? `${base}.${key}` : key, messageRef('errors.unknownField', { field: key }));
    } else {
      addFieldRef(out, base || root, issueRef(issue, input));
    }
  }
  return out;
}
