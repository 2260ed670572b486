import { makePasswordSchema } from '@trialpath/domain';
import type { z } from 'zod';

/**
 * A new password: the domain's rule (001 §5: 8 characters, a letter, a number, a special character),
 * in the schema so a portal's form refuses exactly what the server refuses, with the rule's own message.
 */
export const NewPasswordSchema = makePasswordSchema().max(256);

/** A password change refuses the current password as the new one (`password.reused` on the new field). */
export function refuseReusedPassword<T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  current: string,
  next: string,
) {
  return schema.refine((v) => v[next] !== v[current], {
    path: [next],
    params: { messageKey: 'password.reused' },
  });
}
