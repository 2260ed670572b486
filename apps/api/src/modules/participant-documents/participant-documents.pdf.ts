/**
 * The signed PDF of a participant document (decision E-participant-documents): the document's own pages, unchanged,
 * followed by a signature page per signature (21 CFR 11.50: printed name, date and time, meaning; 11.70: the SHA-256
 * of the document bytes signed, so the manifest stays linked to exactly that document).
 */
import { type Language, translate } from '@trialpath/domain';
import { PDFDocument } from 'pdf-lib';
import { type PdfBlock, renderPdf } from '../../kernel/pdf';
import type { SignatureRow } from './participant-documents.repository';

export interface SignedPdfFacts {
  original: Uint8Array;
  title: string;
  studyCode: string;
  participantCode: string;
  signatures: readonly SignatureRow[];
  language: Language;
}

const utcText = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function pngOf(dataUrl: string | null): Uint8Array | null {
  if (!dataUrl) return null;
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

export async function renderSignedDocument(f: SignedPdfFacts): Promise<Uint8Array> {
  const t = (key: Parameters<typeof translate>[0]) => translate(key, undefined, f.language);
  const blocks: PdfBlock[] = [
    { kind: 'title', text: t('participantDocuments.pdf.signaturePage') },
    { kind: 'fact', label: t('participantDocuments.pdf.document'), value: f.title },
    { kind: 'fact', label: t('participantDocuments.pdf.study'), value: f.studyCode },
    { kind: 'fact', label: t('participantDocuments.pdf.participant'), value: f.participantCode },
  ];
  for (const s of f.signatures) {
    blocks.push({
      kind: 'heading',
      text: t(
        s.signer_role === 'PI' ? 'participantDocuments.pdf.role.PI' : 'participantDocuments.pdf.role.PARTICIPANT',
      ),
    });
    const png = pngOf(s.signature_image);
    if (png) blocks.push({ kind: 'image', png, maxWidth: 220 });
    blocks.push(
      { kind: 'fact', label: t('participantDocuments.pdf.signedBy'), value: s.printed_name },
      { kind: 'fact', label: t('participantDocuments.pdf.meaning'), value: s.meaning },
      { kind: 'fact', label: t('participantDocuments.pdf.signedUtc'), value: utcText(s.signed_at) },
      { kind: 'fact', label: t('participantDocuments.pdf.hash'), value: s.document_hash },
    );
  }
  blocks.push({ kind: 'text', text: t('participantDocuments.pdf.method'), muted: true });
  const manifest = await PDFDocument.load(
    await renderPdf({ title: f.title, subject: `${f.studyCode} ${f.participantCode}` }, blocks),
  );
  const out = await PDFDocument.load(f.original);
  const pages = await out.copyPages(manifest, manifest.getPageIndices());
  for (const p of pages) out.addPage(p);
  return out.save();
}

/** The pages of a page of pages, each copied into a one-page PDF (E-091). */
export async function pagesOf(data: Uint8Array, pageNum: number, pageSize: number) {
  const source = await PDFDocument.load(data);
  const count = source.getPageCount();
  const first = (pageNum - 1) * pageSize;
  const items = [];
  for (let i = first; i < Math.min(count, first + pageSize); i++) {
    const one = await PDFDocument.create();
    const [page] = await one.copyPages(source, [i]);
    one.addPage(page!);
    items.push({
      page: i + 1,
      contentType: 'application/pdf' as const,
      base64: Buffer.from(await one.save()).toString('base64'),
    });
  }
  return { pageCount: count, pageNum, pageSize, items };
}
