/**
 * Documents as PDF (the IRB/EC documentation, decision 0035; signed consents, decision D-consent-signature), laid out with
 * pdf-lib's standard Helvetica: headings, wrapped paragraphs, images (a drawn signature) and page breaks. Rich texts are shown as plain text (markup removed); a character
 * the standard font cannot write is replaced by "?", never dropped silently.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

export type PdfBlock =
  | { kind: 'title'; text: string }
  /** A PNG drawn at most `maxWidth` points wide, keeping its proportions. */
  | { kind: 'image'; png: Uint8Array; maxWidth: number }
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'fact'; label: string; value: string }
  | { kind: 'text'; text: string; muted?: boolean };

const PAGE = { width: 595.28, height: 841.89, margin: 56 };

/** Markup removed, entities decoded, whitespace folded. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}

export async function renderPdf(meta: { title: string; subject: string }, blocks: PdfBlock[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setSubject(meta.subject);
  doc.setProducer('Trialpath');
  doc.setCreator('Trialpath');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ok = new Map<string, boolean>();
  const safe = (font: PDFFont, s: string) =>
    [...s]
      .map((c) => {
        if (!ok.has(c)) {
          try {
            font.encodeText(c);
            ok.set(c, true);
          } catch {
            ok.set(c, false);
          }
        }
        return ok.get(c) ? c : '?';
      })
      .join('');

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  const lines = (font: PDFFont, size: number, text: string, max: number) => {
    const out: string[] = [];
    for (const para of text.split('\n').map((p) => safe(font, p))) {
      let line = '';
      // A word wider than the line (a link) is cut where it reaches the edge rather than run off the page.
      const words = para.split(' ').flatMap((word) => {
        const parts: string[] = [];
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > max) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > max) cut--;
          parts.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        return [...parts, rest];
      });
      for (const word of words) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) <= max || !line) line = next;
        else {
          out.push(line);
          line = word;
        }
      }
      out.push(line);
    }
    return out;
  };
  const write = (text: string, o: { font: PDFFont; size: number; gap?: number; indent?: number; muted?: boolean }) => {
    const lead = o.size * 1.35;
    for (const line of lines(o.font, o.size, text, width - (o.indent ?? 0))) {
      if (y - lead < PAGE.margin) newPage();
      y -= lead;
      page.drawText(line, {
        x: PAGE.margin + (o.indent ?? 0),
        y,
        size: o.size,
        font: o.font,
        color: o.muted ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0),
      });
    }
    y -= o.gap ?? 0;
  };
  const image = async (png: Uint8Array, maxWidth: number) => {
    const embedded = await doc.embedPng(png);
    const scale = Math.min(1, maxWidth / embedded.width);
    const w = embedded.width * scale;
    const h = embedded.height * scale;
    if (y - h < PAGE.margin) newPage();
    y -= h + 4;
    page.drawImage(embedded, { x: PAGE.margin + 10, y, width: w, height: h });
  };
  for (const b of blocks) {
    if (b.kind === 'image') await image(b.png, b.maxWidth);
    else if (b.kind === 'title') write(b.text, { font: bold, size: 18, gap: 8 });
    else if (b.kind === 'heading') {
      y -= 8;
      write(b.text, { font: bold, size: 14, gap: 4 });
    } else if (b.kind === 'subheading') write(b.text, { font: bold, size: 11, gap: 2 });
    else if (b.kind === 'fact') write(`${b.label}: ${b.value}`, { font: regular, size: 10 });
    else write(b.text, { font: regular, size: 10, gap: 3, indent: 10, muted: b.muted });
  }
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    p.drawText(safe(regular, `${meta.title} — ${i + 1} / ${pages.length}`), {
      x: PAGE.margin,
      y: PAGE.margin / 2,
      size: 8,
      font: regular,
      color: rgb(0.4, 0.4, 0.4),
    });
  });
  return doc.save({ useObjectStreams: false });
}
