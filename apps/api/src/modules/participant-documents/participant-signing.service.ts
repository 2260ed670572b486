/**
 * Participant documents, the participant's side (decision E-participant-documents): their documents, one to read,
 * and their Part 11 signature of it (password again, the meaning accepted, the typed name as printed name, an
 * optional drawn signature; bound to the SHA-256 of the exact bytes sent), or declining it. A participant reaches only
 * their own documents; one that is not theirs answers as a missing one.
 */
import { messageRef, recipientLanguage, translate } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { verifyParticipantSigner } from '../auth/signature.service';
import { readStoredFile } from '../files/files.service';
import { participantById } from '../participants/participants.service';
import {
  auditState,
  conflict,
  lockedDocument,
  originalPdf,
  recordEvent,
  signedName,
  storeSignedPdf,
  transitionOrRefuse,
} from './participant-documents.core';
import {
  documentById,
  documentsOfParticipant,
  insertSignature,
  signatureByRequest,
  signaturesOf,
  updateDocument,
} from './participant-documents.repository';
import { participantView } from './participant-documents.views';

/** One of the caller's own documents that is not invalidated. */
async function myDocument(ctx: ServiceCtx, documentId: string) {
  const row = await documentById(ctx.db, documentId);
  if (!row || row.participant_id !== ctx.participant().participantId || row.is_invalidate) throw fail('NOT_FOUND');
  return row;
}

async function myView(ctx: ServiceCtx, documentId: string) {
  const row = (await documentById(ctx.db, documentId))!;
  return participantView(row, await signaturesOf(ctx.db, [row.id]));
}

export async function myDocuments(ctx: ServiceCtx) {
  const rows = await documentsOfParticipant(ctx.db, ctx.participant().participantId);
  const signatures = await signaturesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const items = rows.map((r) => participantView(r, signatures));
  // what waits for the participant first, then the newest
  return { items: [...items.filter((i) => i.awaitingMySignature), ...items.filter((i) => !i.awaitingMySignature)] };
}

async function meaningFor(ctx: ServiceCtx) {
  const p = await participantById(ctx, ctx.participant().participantId);
  return translate(
    'participantDocuments.meaning.participant',
    undefined,
    recipientLanguage(p?.language, ctx.request.language),
  );
}

export async function openMyDocument(ctx: ServiceCtx, input: { documentId: string }) {
  const row = await myDocument(ctx, input.documentId);
  const stored = await originalPdf(ctx, row);
  return {
    ...participantView(row, await signaturesOf(ctx.db, [row.id])),
    meaning: await meaningFor(ctx),
    documentHash: row.document_hash,
    pdf: {
      fileName: stored.file.fileName ?? `${row.title}.pdf`,
      contentType: 'application/pdf' as const,
      base64: stored.data.toString('base64'),
    },
  };
}

export async function signDocument(
  ctx: ServiceCtx,
  input: {
    documentId: string;
    requestId: string;
    documentHash: string;
    password: string;
    typedName: string;
    drawnSignature: string | null;
  },
) {
  // a request sent again is a replay, refused before anything else (the first one stands)
  if (await signatureByRequest(ctx.db, input.requestId)) throw conflict('participantDocuments.replay');
  const seen = await myDocument(ctx, input.documentId);
  const { row, signatures } = await lockedDocument(ctx, seen.id);
  const waiting = row.status === 'IN_PROGRESS' && !signatures.some((s) => s.signer_role === 'PARTICIPANT');
  if (!waiting) throw fail('CONFLICT', undefined, { message: messageRef('participantDocuments.notYourTurn') });
  if (input.documentHash !== row.document_hash) throw conflict('participantDocuments.changed');
  const status = transitionOrRefuse(row, signatures, 'sign');
  const p = await verifyParticipantSigner(ctx, input.password);
  const meaning = await meaningFor(ctx);
  const saved = await insertSignature(ctx.db, {
    document_id: row.id,
    signer_role: 'PARTICIPANT',
    participant_id: p.id,
    printed_name: input.typedName.trim(),
    meaning,
    signature_image: input.drawnSignature,
    document_hash: row.document_hash,
    request_id: input.requestId,
    ip: ctx.request.ip,
    user_agent: ctx.request.userAgent,
  });
  // two requests racing: the unique index lets one through
  if (!saved) throw conflict('participantDocuments.notYourTurn');
  await updateDocument(ctx.db, row.id, { status });
  const file = await storeSignedPdf(ctx, row);
  await recordEvent(ctx, row.id, 'SIGNED_PARTICIPANT', status);
  ctx.audit({
    action: 'participant.document.sign',
    entityType: 'participant_document',
    entityId: row.id,
    before: auditState(row),
    after: {
      ...auditState({ ...row, status }),
      signatureId: saved.id,
      printedName: saved.printed_name,
      meaning,
      signedAt: saved.signed_at.toISOString(),
      documentHash: row.document_hash,
      hasDrawnSignature: saved.signature_image !== null,
      signedFileId: file.id,
    },
  });
  return myView(ctx, row.id);
}

/** The participant declines: the request is withdrawn (RESET), their reason kept in the history. */
export async function declineDocument(ctx: ServiceCtx, input: { documentId: string; reason: string }) {
  const seen = await myDocument(ctx, input.documentId);
  const { row, signatures } = await lockedDocument(ctx, seen.id);
  const status = transitionOrRefuse(row, signatures, 'decline');
  await updateDocument(ctx.db, row.id, { status, req_sign_date: null });
  await recordEvent(ctx, row.id, 'DECLINED', status, input.reason || null);
  ctx.audit({
    action: 'participant.document.decline',
    entityType: 'participant_document',
    entityId: row.id,
    before: auditState(row),
    after: { ...auditState({ ...row, status }), reason: input.reason || null },
  });
  return myView(ctx, row.id);
}

export async function mySignedPdf(ctx: ServiceCtx, input: { documentId: string }) {
  const row = await myDocument(ctx, input.documentId);
  const stored = row.signed_file_id ? await readStoredFile(ctx, row.signed_file_id) : null;
  if (!stored) throw conflict('participantDocuments.notSigned');
  return { fileName: signedName(row), contentType: 'application/pdf' as const, base64: stored.data.toString('base64') };
}
