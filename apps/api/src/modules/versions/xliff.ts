/**
 * XLIFF 2.0 (OASIS) files of a study's texts (decision 0035), written and read with fast-xml-parser:
 * one <file> per version, one <unit> per text (its id the text's section path), the text in <source>
 * and its translation, when there is one, in <target>. Texts are written as XML text (markup of rich
 * texts escaped), so a translation tool shows the HTML as it is and gives it back the same way.
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

export const XLIFF_NAMESPACE = 'urn:oasis:names:tc:xliff:document:2.0';

export interface XliffUnitOut {
  id: string;
  /** The section's title, written as the unit's note for the translator. */
  note: string;
  source: string;
  target?: string;
}

export interface XliffDocument {
  fileId: string;
  sourceLanguage: string;
  targetLanguage: string;
  units: XliffUnitOut[];
}

export function writeXliff(doc: XliffDocument): string {
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    suppressEmptyNode: true,
    processEntities: true,
  });
  const xml = builder.build({
    xliff: {
      '@_xmlns': XLIFF_NAMESPACE,
      '@_version': '2.0',
      '@_srcLang': doc.sourceLanguage,
      '@_trgLang': doc.targetLanguage,
      file: {
        '@_id': doc.fileId,
        unit: doc.units.map((u) => ({
          '@_id': u.id,
          notes: { note: { '@_category': 'section', '#text': u.note } },
          segment: { source: u.source, ...(u.target !== undefined && u.target !== '' ? { target: u.target } : {}) },
        })),
      },
    },
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
}

export interface XliffUnitIn {
  id: string;
  source: string;
  target: string;
}

export type XliffRead =
  | { ok: true; sourceLanguage: string; targetLanguage: string; units: XliffUnitIn[] }
  | { ok: false; problem: 'notXliff' };

function asArray<T>(v: T | T[] | undefined): T[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/** The text of an element read with `#text` (a number-looking text stays a string: parseTagValue off). */
function textOf(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && '#text' in (v as Record<string, unknown>))
    return String((v as { '#text': unknown })['#text']);
  return '';
}

/**
 * Read a translated XLIFF 2.0 file: its languages and every unit's id, source and target (segments of a
 * unit joined). Anything that is not well-formed XLIFF 2.0 is `notXliff`; DOCTYPEs (entity expansion)
 * are refused before parsing.
 */
export function readXliff(text: string): XliffRead {
  if (/<!DOCTYPE/i.test(text) || XMLValidator.validate(text) !== true) return { ok: false, problem: 'notXliff' };
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: true,
    htmlEntities: false,
    isArray: (name) => ['file', 'unit', 'segment'].includes(name),
  });
  const doc = parser.parse(text) as Record<string, unknown>;
  const root = doc.xliff as Record<string, unknown> | undefined;
  if (root?.['@_version'] !== '2.0' || root['@_xmlns'] !== XLIFF_NAMESPACE) return { ok: false, problem: 'notXliff' };
  const sourceLanguage = String(root['@_srcLang'] ?? '');
  const targetLanguage = String(root['@_trgLang'] ?? '');
  const units: XliffUnitIn[] = [];
  for (const file of asArray(root.file as Record<string, unknown>[] | undefined)) {
    for (const unit of asArray(file.unit as Record<string, unknown>[] | undefined)) {
      const id = String(unit['@_id'] ?? '');
      const segments = asArray(unit.segment as Record<string, unknown>[] | undefined);
      units.push({
        id,
        source: segments.map((s) => textOf(s.source)).join(''),
        target: segments.map((s) => textOf(s.target)).join(''),
      });
    }
  }
  if (!sourceLanguage) return { ok: false, problem: 'notXliff' };
  return { ok: true, sourceLanguage, targetLanguage, units };
}
