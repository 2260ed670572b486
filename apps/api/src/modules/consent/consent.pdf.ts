/**
 * The signed consent PDF (decision D-consent-signature): the consent's text (its documents, else its sections), the optional
 * consents as answered, the statements accepted, the drawn signature, and the signature manifest (21 CFR 11.50:
 * the printed name, the date and time, the meaning) in UTC and the participant's local time, with the content
 * hash and the version; then the investigator's countersignature, or that it is still to come.
 */
import { type Consent, localize, translate } from '@trialpath/domain';
import { type PdfBlock, plainText, renderPdf } from '../../kernel/pdf';
import type { ConsentSignatureRow } from './consent-signing.repository';

export interface ConsentPdfFacts {
  consent: Consent;
  signature: ConsentSignatureRow;
  studyCode: string;
  participantCode: string;
  versionNumber: number;
}

/** `2026-11-25 09:30 (+01:00)`: the UTC instant shown at the participant's offset. */
export function localTimeText(at: Date, offset: string): string {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  const minutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  const local = new Date(at.getTime() + minutes * 60_000);
  return `${local.toISOString().slice(0, 16).replace('T', ' ')} (${offset})`;
}

const utcText = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function pngOf(dataUrl: string | null): Uint8Array | null {
  if (!dataUrl) return null;
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return Buffer.from(base64, 'base64');
}

export async function renderConsentPdf(f: ConsentPdfFacts): Promise<Uint8Array> {
  const { consent, signature: s } = f;
  const lang = s.language;
  const t = (key: Parameters<typeof translate>[0]) => translate(key, undefined, lang);
  const text = (v: Record<string, string>) => localize(v, lang);
  const name = text(consent.name);
  const blocks: PdfBlock[] = [
    { kind: 'title', text: name },
    { kind: 'fact', label: t('consent.pdf.study'), value: f.studyCode },
    { kind: 'fact', label: t('consent.pdf.participant'), value: f.participantCode },
    { kind: 'fact', label: t('consent.pdf.version'), value: String(f.versionNumber) },
  ];
  const parts = consent.documents.length
    ? consent.documents.map((d) => ({ title: text(d.title), body: text(d.body) }))
    : consent.sections.map((x) => ({ title: text(x.title), body: text(x.body) }));
  for (const p of parts) {
    blocks.push({ kind: 'heading', text: p.title }, { kind: 'text', text: plainText(p.body) });
  }
  const accepted = consent.disclaimers.filter((d) => s.accepted_disclaimers.includes(d.id));
  if (accepted.length) {
    blocks.push({ kind: 'heading', text: t('consent.pdf.disclaimers') });
    for (const d of accepted) blocks.push({ kind: 'text', text: `[x] ${text(d.text)}` });
  }
  if (consent.optionalConsents.length) {
    blocks.push({ kind: 'heading', text: t('consent.pdf.optional') });
    for (const o of consent.optionalConsents) {
      const answer = s.optional_consents[o.id] ? t('consent.pdf.yes') : t('consent.pdf.no');
      blocks.push({ kind: 'fact', label: text(o.text), value: answer });
    }
  }
  blocks.push({ kind: 'heading', text: t('consent.pdf.manifest') });
  const drawn = pngOf(s.drawn_signature);
  if (drawn) {
    blocks.push({ kind: 'subheading', text: t('consent.pdf.drawn') }, { kind: 'image', png: drawn, maxWidth: 220 });
  }
  blocks.push(
    { kind: 'fact', label: t('consent.pdf.signedBy'), value: s.participant_name },
    { kind: 'fact', label: t('consent.pdf.meaning'), value: s.meaning },
    { kind: 'fact', label: t('consent.pdf.signedUtc'), value: utcText(s.signed_at) },
    { kind: 'fact', label: t('consent.pdf.signedLocal'), value: localTimeText(s.signed_at, s.local_offset) },
    { kind: 'text', text: t('consent.pdf.method') },
    { kind: 'fact', label: t('consent.pdf.hash'), value: s.content_hash },
  );
  if (s.countersigned_at && s.countersigner_name) {
    blocks.push(
      { kind: 'fact', label: t('consent.pdf.countersignedBy'), value: s.countersigner_name },
      { kind: 'fact', label: t('consent.pdf.meaning'), value: s.countersign_meaning ?? '' },
      { kind: 'fact', label: t('consent.pdf.countersignedUtc'), value: utcText(s.countersigned_at) },
    );
  } else {
    blocks.push({ kind: 'text', text: t('consent.pdf.notCountersigned'), muted: true });
  }
  return renderPdf({ title: name, subject: `${f.studyCode} ${f.participantCode}` }, blocks);
}
