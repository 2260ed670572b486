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

/** The colour images of a PDF (pdf-lib stores an embedded PNG as deflated RGB rows), as RGBA pixels. */
export function pdfImagesOf(bytes: Buffer): { width: number; height: number; rgba: Uint8ClampedArray }[] {
  const raw = bytes.toString('latin1');
  const images = [];
  for (const m of raw.matchAll(/<<([\s\S]*?)>>\s*stream\r?\n/g)) {
    const dict = m[1]!;
    if (!/\/Subtype\s*\/Image/.test(dict) || !/\/ColorSpace\s*\/DeviceRGB/.test(dict)) continue;
    const width = Number(/\/Width\s+(\d+)/.exec(dict)?.[1]);
    const height = Number(/\/Height\s+(\d+)/.exec(dict)?.[1]);
    const length = Number(/\/Length\s+(\d+)/.exec(dict)?.[1]);
    const start = m.index! + m[0].length;
    const rgb = inflateSync(Buffer.from(raw.slice(start, start + length), 'latin1'));
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba.set([rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!, 255], i * 4);
    }
    images.push({ width, height, rgba });
  }
  return images;
}
