/**
 * Ordered lists of study content whose items carry stable ids (welcome screens, eligibility questions,
 * learn-more sections…): the id, not the position, names an item in the audit trail, in a version
 * diff and in a translation file, so an item keeps its id when it moves and ids are unique per list.
 */
import { z } from 'zod';

/** An item id: letters, digits, `_` and `-` (the editor makes one when it adds the item). */
export const ITEM_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const ItemIdSchema = z.string().regex(ITEM_ID_PATTERN);

/**
 * A list of items with ids, in order, at most `max` long; a repeated id is refused on the repeated
 * item's `id` field (`studyContent.duplicateId`).
 */
export function keyedById<T extends z.ZodObject<{ id: typeof ItemIdSchema }>>(item: T, max: number) {
  return z
    .array(item)
    .max(max)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((it, index) => {
        const id = (it as { id: string }).id;
        if (seen.has(id)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'id'],
            message: `Duplicate id ${id}`,
            params: { messageKey: 'studyContent.duplicateId', messageParams: { id } },
          });
        }
        seen.add(id);
      });
    });
}

/** A list of distinct values (e.g. onboarding steps); a repeated value is refused where it repeats. */
export function distinctList<T extends z.ZodType<string>>(value: T, max: number) {
  return z
    .array(value)
    .max(max)
    .superRefine((values, ctx) => {
      const seen = new Set<string>();
      values.forEach((v, index) => {
        if (seen.has(v)) {
          ctx.addIssue({
            code: 'custom',
            path: [index],
            message: `Duplicate value ${v}`,
            params: { messageKey: 'studyContent.duplicateValue', messageParams: { value: v } },
          });
        }
        seen.add(v);
      });
    });
}
