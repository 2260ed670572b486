/**
 * H-013 "Prototype download by platform" (decision H-prototype-kit). The participant portal is one web app,
 * so a platform's download is a kit: a PDF with the prototype link, its QR code and the steps to open it and
 * keep it on that platform's home screen. Only the link's hash is kept, so the kit is made while the link is
 * on screen: the caller sends the token, which must be this prototype's and still working. Audited (what was
 * handed out, for which platform); the token is not.
 */
import type { PrototypePlatform } from '@trialpath/contract';
import { type MessageKey, messageRef, translate } from '@trialpath/domain';
import QRCode from 'qrcode';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { sha256 } from '../../kernel/hash';
import { renderPdf } from '../../kernel/pdf';
import { requireStudyBuilder } from '../access/access.service';
import { studyCodeOf } from '../studies/studies.service';
import { findPrototype } from './versions-prototype.repository';
import { prototypeUrl } from './versions-prototype.service';

const utcText = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export async function prototypeKit(
  ctx: ServiceCtx,
  input: { studyId: string; prototypeId: string; platform: PrototypePlatform; token: string },
) {
  await requireStudyBuilder(ctx, input.studyId);
  const row = await findPrototype(ctx.db, input.studyId, input.prototypeId);
  if (!row) throw fail('NOT_FOUND');
  if (row.revoked_at || row.expires_at.getTime() <= Date.now())
    throw fail('CONFLICT', undefined, { message: messageRef('prototypes.notActive') });
  if (sha256(input.token) !== row.token_hash)
    throw fieldProblem('VALIDATION_FAILED', 'token', 'prototypes.kitTokenMismatch');
  const studyCode = await studyCodeOf(ctx, input.studyId);
  const link = `${ctx.config.publicUrl}${prototypeUrl(studyCode, input.token)}`;
  const t = (key: string) => translate(key as MessageKey, undefined, ctx.request.language);
  const qr = await QRCode.toBuffer(link, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  const title = t('prototypes.kit.title');
  const pdf = await renderPdf({ title, subject: `${studyCode} v${row.version_number}` }, [
    { kind: 'title', text: title },
    { kind: 'fact', label: t('prototypes.kit.study'), value: studyCode },
    { kind: 'fact', label: t('prototypes.kit.version'), value: String(row.version_number) },
    { kind: 'fact', label: t('prototypes.kit.until'), value: utcText(row.expires_at) },
    ...(row.note ? [{ kind: 'fact' as const, label: t('prototypes.kit.note'), value: row.note }] : []),
    { kind: 'heading', text: t(`prototypes.kit.platform.${input.platform}`) },
    { kind: 'image', png: qr, maxWidth: 200 },
    { kind: 'text', text: t('prototypes.kit.scan'), muted: true },
    { kind: 'subheading', text: t('prototypes.kit.link') },
    { kind: 'text', text: link },
    { kind: 'text', text: t(`prototypes.kit.steps.${input.platform}`) },
    { kind: 'text', text: t('prototypes.kit.caution'), muted: true },
  ]);
  ctx.audit({
    action: 'study.prototype.kit',
    entityType: 'study_prototype',
    entityId: row.id,
    after: { platform: input.platform, versionNumber: row.version_number },
  });
  return {
    fileName: `${studyCode}-prototype-v${row.version_number}-${input.platform.toLowerCase()}.pdf`,
    contentType: 'application/pdf' as const,
    base64: Buffer.from(pdf).toString('base64'),
  };
}
