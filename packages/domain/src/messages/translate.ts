import { type CatalogueEntry, LANGUAGES, MESSAGES, type Language, type MessageKey } from './catalogue';

/** Tables that joined the catalogue at run time (registerMessages). */
const registered: Record<string, CatalogueEntry> = {};

/**
 * Add a table of messages to the catalogue. A table that only some portals need (the study build's,
 * study-catalogue.ts) calls this when its module is imported, so the other portal's bundle leaves it out.
 * A key already in the catalogue cannot be replaced.
 */
export function registerMessages(table: Record<string, CatalogueEntry>): void {
  for (const [key, entry] of Object.entries(table)) {
    if (Object.hasOwn(MESSAGES, key)) throw new Error(`Message key ${key} is already in the catalogue`);
    registered[key] = entry;
  }
}

function entryOf(key: string): CatalogueEntry | undefined {
  if (Object.hasOwn(MESSAGES, key)) return (MESSAGES as Record<string, CatalogueEntry>)[key];
  return Object.hasOwn(registered, key) ? registered[key] : undefined;
}

export type MessageParams = Record<string, string | number | boolean | null | undefined>;

/** Whether a value is a key of the catalogue (an error body's `messageKey` a portal can translate). */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && entryOf(value) !== undefined;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Resolve a language tag like `es-MX` or `ES` to a catalogue language (fallback `en`). */
export function resolveLanguage(tag: unknown): Language {
  if (typeof tag !== 'string') return 'en';
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : 'en';
}

/** Fill `{name}` placeholders; placeholders without a value stay as they are. */
export function fillPlaceholders(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    return v === undefined || v === null ? whole : String(v);
  });
}

/**
 * The text of a message key in a language (default English), with placeholders filled.
 * Unknown languages fall back to English; an unknown key is returned as is.
 */
export function translate(key: MessageKey, params?: MessageParams, lang: Language | string = 'en'): string {
  const entry = entryOf(key);
  if (!entry) return String(key);
  const text = entry[resolveLanguage(lang)];
  return fillPlaceholders(text, params);
}

/** Every key the catalogue holds now: its own and the tables registered so far (the static strings call, D-070). */
export function catalogueKeys(): MessageKey[] {
  return [...Object.keys(MESSAGES), ...Object.keys(registered)] as MessageKey[];
}
