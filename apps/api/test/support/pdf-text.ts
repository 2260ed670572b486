/** Reading a PDF the server made, as a person would read it: its text lines (API tests and browser journeys). */
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';

/** A PDF's text lines: its content streams inflated, each `<hex> Tj` decoded (WinAnsi ≈ latin1). */
export function pdfTextOf(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  // A compressed stream may itself end in \r: try the bytes with and without it (the PDF's date varies run to run).
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)(\r?)\nendstream/g)].map((m) => {
    for (const candidate of [m[1]!, m[1]! + m[2]!]) {
      try {
        return inflateSync(Buffer.from(candidate, 'latin1')).toString('latin1');
      } catch {
        // not this one
      }
    }
    return m[1]!;
  });
  return streams
    .flatMap((s) => [...s.matchAll(/<([0-9A-Fa-f]+)> Tj/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')))
    .join('\n');
}

/** The PDF as pdf-lib reads it (it must load), with its text lines and bytes. */
export async function pdfOf(base64: string) {
  const bytes = Buffer.from(base64, 'base64');
  const doc = await PDFDocument.load(bytes);
  return { doc, text: pdfTextOf(bytes), bytes };
}
