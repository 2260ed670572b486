/**
 * What the staff and participant sides of participant documents share: a transition checked against the state
 * machine (contract, E-108), the history row every step writes, the signed PDF, the e-mail to the participant.
 */
import { type DocumentAction, type DocumentStatus, documentTransition, type SignerRole } from '@trialpath/contract';
import { type MessageKey, type MessageParams, messageRef, recipientLanguage, translate } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { readStoredFile, storeFile } from '../files/files.service';
import { queueRendered } from '../outbox/outbox.service';
import { participantById } from '../participants/participants.service';
import { clientOfStudy, studyCodeOf } from '../studies/studies.service';
import {
  type DocumentRow,
  documentById,
  insertEvent,
  lockDocument,
  signaturesOf,
  updateDocument,
} from './participant-documents.repository';
import { renderSignedDocument } from './participant-documents.pdf';
import { factsOf } from './participant-documents.views';

export const conflict = (key: MessageKey, params?: MessageParams) =>
  fail('CONFLICT', undefined, { message: messageRef(key, params) });

/** The document and its signatures, read again under the document's row lock (writes on one document take turns). */
export async function lockedDocument(ctx: ServiceCtx, id: string) {
  await lockDocument(ctx.db, id);
  const row = await documentById(ctx.db, id);
  if (!row) throw fail('NOT_FOUND');
  return { row, signatures: await signaturesOf(ctx.db, [row.id]) };
}

/** The status after `action`, or the refusal that says why not. */
export function transitionOrRefuse(
  row: DocumentRow,
  signatures: Awaited<ReturnType<typeof signaturesOf>>,
  action: DocumentAction,
): DocumentStatus {
  const facts = factsOf(row, signatures);
  if (facts.isInvalidate) throw conflict('participantDocuments.invalidated');
  const next = documentTransition(facts, action);
  if (next) return next;
  if ((action === 'cancel' || action === 'resend' || action === 'decline') && facts.signed.length > 0)
    throw conflict('participantDocuments.alreadySigned');
  throw conflict('participantDocuments.stateRefused', { status: facts.status });
}

/** One history row (E-093): what happened, the status after it, by whom. */
export async function recordEvent(
  ctx: ServiceCtx,
  documentId: string,
  event: string,
  status: DocumentStatus,
  note: string | null = null,
) {
  const actor = ctx.actor;
  await insertEvent(ctx.db, {
    document_id: documentId,
    event,
    status,
    user_id: actor?.type === 'staff' ? actor.userId : null,
    participant_id: actor?.type === 'participant' ? actor.participantId : null,
    note,
  });
}

/** The PDF as sent (the exact bytes the hash names). */
export async function originalPdf(ctx: ServiceCtx, row: Pick<DocumentRow, 'file_id'>) {
  const stored = await readStoredFile(ctx, row.file_id);
  if (!stored) throw fail('NOT_FOUND');
  return stored;
}

/** Makes the signed PDF again with every signature given so far and keeps it as a stored file. */
export async function storeSignedPdf(ctx: ServiceCtx, row: DocumentRow) {
  const signatures = await signaturesOf(ctx.db, [row.id]);
  const participant = await participantById(ctx, row.participant_id);
  const data = await renderSignedDocument({
    original: (await originalPdf(ctx, row)).data,
    title: row.title,
    studyCode: await studyCodeOf(ctx, row.study_id),
    participantCode: row.participant_code,
    signatures,
    language: recipientLanguage(participant?.language, ctx.request.language),
  });
  const file = await storeFile(ctx, {
    clientId: await clientOfStudy(ctx, row.study_id),
    studyId: row.study_id,
    kind: 'document',
    contentType: 'application/pdf',
    data,
    fileName: signedName(row),
  });
  await updateDocument(ctx.db, row.id, { signed_file_id: file.id });
  return file;
}

export const signedName = (row: Pick<DocumentRow, 'title' | 'participant_code'>) =>
  `${row.title}-${row.participant_code}-signed.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * E-097: the participant is told by e-mail (outbox, in their language) that the document waits for them. Answers
 * the address, or null for a participant without one (the portal still lists the document).
 */
export async function mailParticipant(ctx: ServiceCtx, row: DocumentRow): Promise<string | null> {
  const p = await participantById(ctx, row.participant_id);
  if (!p?.email) return null;
  const lang = recipientLanguage(p.language, ctx.request.language);
  const params = { study: await studyCodeOf(ctx, row.study_id), title: row.title };
  await queueRendered.email(ctx, {
    to: p.email,
    subject: translate('participantDocuments.mail.subject', params, lang),
    body: translate('participantDocuments.mail.body', params, lang),
  });
  return p.email;
}

/** What the audit trail keeps of a document's state. */
export const auditState = (row: Pick<DocumentRow, 'status' | 'pi_signature_required' | 'is_invalidate'>) => ({
  status: row.status,
  piSignatureRequired: row.pi_signature_required,
  isInvalidate: row.is_invalidate,
});

export type { SignerRole };
