/** Request validation with the contract's schemas → 400 VALIDATION_FAILED with per-field messages. */
import { parseRequestPart, type RequestPart } from '@trialpath/contract';
import type { z } from 'zod';
import { fail } from '../kernel/errors';

export function parsePart(schema: z.ZodType | undefined, value: unknown, part: RequestPart): unknown {
  const r = parseRequestPart(schema, value, part);
  if (!r.ok) throw fail('VALIDATION_FAILED', undefined, { fields: r.fields });
  return r.value;
}
