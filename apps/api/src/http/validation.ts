/** Request validation with the contract's zod schemas → 400 VALIDATION_FAILED with fieldErrors. */
import { translate } from '@trialpath/domain';
import type { z } from 'zod';
import { fail } from './errors';

type Part = 'params' | 'query' | 'body';

export function fieldErrorsOf(error: z.ZodError, part: Part): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (key: string, msg: string) => {
    const list = out[key] ?? [];
    list.push(msg);
    out[key] = list;
  };
  for (const issue of error.issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      // Schemas are .strict(): every unknown field is named.
      for (const key of issue.keys)
        add(base ? `${base}.${key}` : key, translate('errors.unknownField', { field: key }));
    } else {
      add(base || part, issue.message);
    }
  }
  return out;
}

/** Parse one part of the request; a missing schema accepts nothing but an empty value. */
export function parsePart(schema: z.ZodType | undefined, value: unknown, part: Part): unknown {
  if (!schema) {
    const empty =
      value === undefined ||
      value === null ||
      (typeof value === 'object' && Object.keys(value as Record<string, unknown>).length === 0);
    if (!empty) {
      const keys = typeof value === 'object' ? Object.keys(value as Record<string, unknown>) : [part];
      const fieldErrors = Object.fromEntries(keys.map((k) => [k, [translate('errors.unknownField', { field: k })]]));
      throw fail('VALIDATION_FAILED', undefined, { fieldErrors });
    }
    return undefined;
  }
  const r = schema.safeParse(value);
  if (!r.success) throw fail('VALIDATION_FAILED', undefined, { fieldErrors: fieldErrorsOf(r.error, part) });
  return r.data;
}
