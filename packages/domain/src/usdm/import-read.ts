/**
 * Careful reading of untrusted USDM JSON for the import: typed accessors that never throw, Trialpath's
 * extension attributes, and the report of what was not mapped (with its JSON path).
 */
import { EXT_BASE } from './codes';

export type Obj = Record<string, unknown>;
export interface Unmapped {
  path: string;
  reason: string;
}
export interface ImportError {
  path: string;
  message: string;
}

/** Longest list read from any one USDM array; the rest is reported, not read. */
export const MAX_ITEMS = 5000;
/** Longest extension value parsed (an activity definition with many questions fits easily). */
const MAX_EXTENSION_CHARS = 2_000_000;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A value that says something: not null, not an empty string, list or object. */
function present(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isObj(v)) return Object.keys(v).length > 0;
  return true;
}

/** Attributes every USDM class has and the import never needs to report. */
const ALWAYS = new Set(['id', 'name', 'label', 'description', 'instanceType', 'extensionAttributes']);

export class ImportReport {
  readonly unmapped: Unmapped[] = [];
  readonly errors: ImportError[] = [];

  skip(path: string, reason: string) {
    this.unmapped.push({ path, reason });
  }

  error(path: string, message: string) {
    this.errors.push({ path, message });
  }

  /** The objects of a list (at most MAX_ITEMS), with each one's path; anything else is reported. */
  list(value: unknown, path: string): [Obj, string][] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.skip(path, 'not a list');
      return [];
    }
    if (value.length > MAX_ITEMS)
      this.skip(`${path}[${MAX_ITEMS}]`, `more than ${MAX_ITEMS} items; the rest were not read`);
    const out: [Obj, string][] = [];
    value.slice(0, MAX_ITEMS).forEach((item, i) => {
      if (isObj(item)) out.push([item, `${path}[${i}]`]);
      else this.skip(`${path}[${i}]`, 'not an object');
    });
    return out;
  }

  /**
   * Reports the attributes of `o` the import does not map (those not in `handled`, when they hold
   * something) and extension attributes that are not Trialpath's.
   */
  leftovers(o: Obj, path: string, handled: readonly string[], reason = 'no Trialpath counterpart') {
    for (const [key, value] of Object.entries(o)) {
      if (ALWAYS.has(key) || handled.includes(key) || !present(value)) continue;
      this.skip(`${path}.${key}`, reason);
    }
    const extensions = Array.isArray(o.extensionAttributes) ? o.extensionAttributes.slice(0, MAX_ITEMS) : [];
    extensions.forEach((e, i) => {
      const url = isObj(e) ? str(e.url) : undefined;
      if (!url?.startsWith(EXT_BASE))
        this.skip(`${path}.extensionAttributes[${i}]`, 'extension not known to Trialpath');
    });
  }
}

/** The parsed JSON value of a Trialpath extension attribute on `o`; undefined when absent or unreadable. */
export function extensionValue(o: Obj, url: string): unknown {
  const list = Array.isArray(o.extensionAttributes) ? o.extensionAttributes.slice(0, MAX_ITEMS) : [];
  for (const e of list) {
    if (!isObj(e) || e.url !== url) continue;
    const text = str(e.valueString);
    if (text === undefined || text.length > MAX_EXTENSION_CHARS) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The code of a USDM Code (or of an AliasCode's standard code). */
export function codeOf(v: unknown): string | undefined {
  if (!isObj(v)) return undefined;
  return str(v.code) ?? (isObj(v.standardCode) ? str(v.standardCode.code) : undefined);
}

/** The decode of a USDM Code (or of an AliasCode's standard code). */
export function decodeOf(v: unknown): string | undefined {
  if (!isObj(v)) return undefined;
  return str(v.decode) ?? (isObj(v.standardCode) ? str(v.standardCode.decode) : undefined);
}
