/**
 * Item-level audit of study content (decision 0015): a changed text of a list item is named by the
 * item's id, not its position — `welcomeScreens.screens.w2.title.es` — so moving an item does not read
 * as every item after it changing. A list's order is its own item (`….screens.$order`), and an added or
 * removed item is one entry holding the whole item.
 */
import { type AuditItemChange, auditItemChanges } from '../audit/items';
import { isPlainObject } from '../plain-object';

/** The key of a list's order in the keyed view; `$` never appears in an item id. */
export const ORDER_KEY = '$order';

function isKeyedList(value: unknown[]): value is { id: string }[] {
  return value.length > 0 && value.every((v) => isPlainObject(v) && typeof v.id === 'string');
}

function keyedObject(list: readonly { id: string }[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { id, ...rest } of list) out[id] = keyedView(rest);
  out[ORDER_KEY] = list.map((v) => v.id);
  return out;
}

/** The value with every list of items with ids turned into an object keyed by id, plus its order. */
export function keyedView(value: unknown): unknown {
  if (Array.isArray(value)) return isKeyedList(value) ? keyedObject(value) : value;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = keyedView(v);
    return out;
  }
  return value;
}

/**
 * Keyed views of two values of the same field, side by side: an empty list beside a list of items
 * with ids is an empty keyed list, so adding the first item reads as that item being added.
 */
function alignedViews(before: unknown, after: unknown): [unknown, unknown] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const keyed = (isKeyedList(before) || before.length === 0) && (isKeyedList(after) || after.length === 0);
    if (keyed && before.length + after.length > 0)
      return [keyedObject(before as { id: string }[]), keyedObject(after as { id: string }[])];
    return [before, after];
  }
  if (isPlainObject(before) && isPlainObject(after)) {
    const b: Record<string, unknown> = {};
    const a: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (!Object.hasOwn(after, key)) b[key] = keyedView(before[key]);
      else if (!Object.hasOwn(before, key)) a[key] = keyedView(after[key]);
      else [b[key], a[key]] = alignedViews(before[key], after[key]);
    }
    return [b, a];
  }
  return [keyedView(before), keyedView(after)];
}

/** The changed items between two values of one section, each path starting with the section. */
export function contentAuditItems(section: string, before: unknown, after: unknown): AuditItemChange[] {
  const [b, a] = alignedViews(before, after);
  return auditItemChanges({ [section]: b }, { [section]: a });
}
