/**
 * A message as data: a catalogue key and its parameters. Error bodies carry these beside their English
 * text, so a portal shows the message in its own language without matching English text back to keys.
 */
import type { MessageKey } from './catalogue';
import { type MessageParams, translate } from './translate';

export interface MessageRef {
  key: MessageKey;
  params?: MessageParams;
}

/** Per-field messages as references, keyed by the field's dotted path (`password`, `answers.3.value`). */
export type FieldMessageRefs = Record<string, MessageRef[]>;

export function messageRef(key: MessageKey, params?: MessageParams): MessageRef {
  return params === undefined ? { key } : { key, params };
}

export function refText(ref: MessageRef, lang = 'en'): string {
  return translate(ref.key, ref.params, lang);
}

/**
 * Set an own property, whatever the key: a field named `__proto__` (an unknown field someone sent) must
 * become an entry, not the object's prototype (plain assignment would swallow it silently).
 */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The per-field texts of a set of references, in one language. */
export function fieldTexts(fields: FieldMessageRefs, lang = 'en'): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, refs] of Object.entries(fields))
    setOwn(
      out,
      field,
      refs.map((r) => refText(r, lang)),
    );
  return out;
}

/** Add one field's message to a set (the list for that field grows). */
export function addFieldRef(fields: FieldMessageRefs, field: string, ref: MessageRef): void {
  const list = Object.hasOwn(fields, field) ? fields[field]! : [];
  list.push(ref);
  setOwn(fields, field, list);
}
