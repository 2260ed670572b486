/**
 * Validation of one part of a request against the contract (server and portal forms alike): first
 * every string and key must be safe text (no NUL, no lone surrogate — for every endpoint, so none can
 * pass them on to the database), then the part's schema. Problems come back as catalogue messages per field.
 */
import { type FieldMessageRefs, issueFieldRefs, messageRef, unsafeTextPaths } from '@trialpath/domain';
import type { z } from 'zod';

export type RequestPart = 'params' | 'query' | 'body';

export type PartResult = { ok: true; value: unknown } | { ok: false; fields: FieldMessageRefs };

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'object' && Object.keys(value as Record<string, unknown>).length === 0)
  );
}

/** The fields holding text no field may hold (NUL, lone surrogates), or null when there are none. */
export function unsafeTextFields(value: unknown, part: RequestPart): FieldMessageRefs | null {
  const unsafe = unsafeTextPaths(value);
  if (unsafe.length === 0) return null;
  return Object.fromEntries(unsafe.map((p) => [p || part, [messageRef('errors.invalidCharacters')]]));
}

/** Parse one part; a part without a schema accepts nothing but an empty value. */
export function parseRequestPart(schema: z.ZodType | undefined, value: unknown, part: RequestPart): PartResult {
  const unsafe = unsafeTextFields(value, part);
  if (unsafe) return { ok: false, fields: unsafe };
  if (!schema) {
    if (isEmpty(value)) return { ok: true, value: undefined };
    const keys = typeof value === 'object' ? Object.keys(value as Record<string, unknown>) : [part];
    return {
      ok: false,
      fields: Object.fromEntries(keys.map((k) => [k, [messageRef('errors.unknownField', { field: k })]])),
    };
  }
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, fields: issueFieldRefs(r.error.issues, value, part) };
}
