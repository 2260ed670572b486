/**
 * Prepared activities (issue 7, decision B-prepared-activity). The form builder and the preview change
 * activity objects in place, so nothing may be remembered about an ordinary activity object between
 * calls. An activity made by prepareActivity is parsed once and deeply frozen: it cannot change, so
 * its parsed form and the plans worked out from it (flow, option sets, scoring expressions) are kept
 * for as long as the object lives. The server holds prepared activities; the builder holds ordinary
 * ones.
 */
import { type Activity, parseActivity } from './model';

/** Every object inside an activity prepared here (all frozen by us, so none of them can change). */
const frozen = new WeakSet<object>();
/** The prepared activities themselves. */
const activities = new WeakSet<object>();

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || frozen.has(value)) return;
  frozen.add(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  Object.freeze(value);
}

/**
 * Parse an activity definition and freeze it deeply (throws when invalid). The definition is read as
 * the JSON it is stored as, so the frozen objects are all new: nothing of the caller's is frozen
 * (zod passes the values of `rows` and unknown constraint keys through by reference).
 */
export function prepareActivity(input: unknown): Activity {
  if (isPreparedActivity(input)) return input;
  const activity = parseActivity(JSON.parse(JSON.stringify(input) ?? 'null'));
  deepFreeze(activity);
  activities.add(activity);
  return activity;
}

/** Whether a value is an activity made by prepareActivity (parsed, and unable to change). */
export function isPreparedActivity(value: unknown): value is Activity {
  return typeof value === 'object' && value !== null && activities.has(value);
}

/**
 * `make(key)`, remembered in `cache` when the key is part of a prepared activity; worked out afresh
 * for any other object (which may have been changed since the last call).
 */
export function memoIfPrepared<K extends object, V>(cache: WeakMap<K, V>, key: K, make: (key: K) => V): V {
  // only keys of prepared activities are ever stored, so a hit needs no other check
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const value = make(key);
  if (frozen.has(key)) cache.set(key, value);
  return value;
}
