/**
 * Participant documents, the staff side (E-089…E-101; decision E-participant-documents). Staff who may see a
 * participant read their documents; staff who manage participants send a study document (the exact file it is then,
 * with its SHA-256), ask for, resend or cancel the signature, ask the investigator to sign after the participant,
 * e-mail the participant, and invalidate a document (sending it again as a new one that points back). The
 * investigator signs with their password again. Every write is made under the document's row lock, checked against
 * the state machine of the contract, written to the document's history and audited.
 */
import type { ParticipantDocument } from '@trialpath/contract';
import { can, pickText, translate } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { participantsVisibleTo, requireStudy, rolesOf, type StudyAccess } from '../access/access.service';
import { verifySigner } from '../auth/signature.service';
import { documentList } from '../files/documents.service';
import { requireParticipantManager, visibleParticipant } from '../participants/participant-access.service';
import { mayIdentify, mayManage } from '../participants/participant-list.service';
import {
  auditState,
  conflict,
  lockedDocument,
  mailParticipant,
  originalPdf,
  recordEvent,
  signedName,
  storeSignedPdf,
  transitionOrRefuse,
} from './participant-documents.core';
import { readStoredFile } from '../files/files.service';
import {
  countVisibleDocuments,
  type DocumentRow,
  documentById,
  eventsOf,
  insertDocument,
  insertSignature,
  liveCopy,
  piRequiredAt,
  signaturesOf,
  updateDocument,
  visibleDocuments,
} from './participant-documents.repository';
import { pagesOf } from './participant-documents.pdf';
import { type DocumentViewer, staffView } from './participant-documents.views';

type DocumentInput = { studyId: string; documentId: string };

export function viewerOf(ctx: ServiceCtx, access: StudyAccess): DocumentViewer {
  const readOnly = access.assignment?.readOnly ?? false;
  return {
    identify: mayIdentify(ctx, access.studyId),
    manage: mayManage(ctx, access.studyId, readOnly),
    sign: !readOnly && rolesOf(ctx.staff(), access.studyId).some((r) => can(r, 'responses.sign')),
  };
}

export async function viewsOf(ctx: ServiceCtx, v: DocumentViewer, rows: DocumentRow[]): Promise<ParticipantDocument[]> {
  const signatures = await signaturesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => staffView(v, r, signatures));
}

const visible = (ctx: ServiceCtx, access: StudyAccess) =>
  participantsVisibleTo(ctx, access, { participant: 'p', site: 's' });

/** A document of the study's data space whose participant the caller sees; else 403 (404 for the platform admin). */
async function visibleDocument(ctx: ServiceCtx, access: StudyAccess, documentId: string) {
  const row = await documentById(ctx.db, documentId);
  if (!row || row.study_id !== access.studyId || row.environment !== ctx.env)
    throw access.global ? fail('NOT_FOUND') : fail('FORBIDDEN');
  await visibleParticipant(ctx, access, row.participant_id);
  return row;
}

async function oneView(ctx: ServiceCtx, access: StudyAccess, documentId: string) {
  const row = (await documentById(ctx.db, documentId))!;
  return (await viewsOf(ctx, viewerOf(ctx, access), [row]))[0]!;
}

// ── reads ─────────────────────────────────────────────────────────────────────────────────────────────

/** E-089: a participant's documents, newest first. */
export async function participantDocuments(ctx: ServiceCtx, input: { studyId: string; participantId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const p = await visibleParticipant(ctx, access, input.participantId);
  const rows = await visibleDocuments(ctx.db, visible(ctx, access), { participantId: p.id });
  return { items: await viewsOf(ctx, viewerOf(ctx, access), rows) };
}

/** E-021: the study's participant documents at the sites the caller sees, by status, a page at a time. */
export async function studyParticipantDocuments(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    status: ParticipantDocument['status'] | 'INVALIDATED' | 'ALL';
    pageNum: number;
    pageSize: number;
  },
) {
  const access = await requireStudy(ctx, input.studyId);
  const status = input.status === 'ALL' ? null : input.status;
  const where = visible(ctx, access);
  const [rows, total] = await Promise.all([
    visibleDocuments(ctx.db, where, {
      status,
      page: { offset: (input.pageNum - 1) * input.pageSize, limit: input.pageSize },
    }),
    countVisibleDocuments(ctx.db, where, status),
  ]);
  return {
    items: await viewsOf(ctx, viewerOf(ctx, access), rows),
    total,
    page: input.pageNum,
    pageSize: input.pageSize,
  };
}

/** E-090 */
export async function documentDetail(ctx: ServiceCtx, input: DocumentInput) {
  const access = await requireStudy(ctx, input.studyId);
  const row = await visibleDocument(ctx, access, input.documentId);
  return (await viewsOf(ctx, viewerOf(ctx, access), [row]))[0]!;
}

/** E-092 */
export async function documentStatus(ctx: ServiceCtx, input: DocumentInput) {
  const access = await requireStudy(ctx, input.studyId);
  const row = await visibleDocument(ctx, access, input.documentId);
  return {
    id: row.id,
    status: row.status,
    isInvalidate: row.is_invalidate,
    reqSignDate: row.req_sign_date?.toISOString() ?? null,
  };
}

/** E-093: this document's steps and those of the documents it was sent again for, oldest first. */
export async function documentHistory(ctx: ServiceCtx, input: DocumentInput) {
  const access = await requireStudy(ctx, input.studyId);
  const row = await visibleDocument(ctx, access, input.documentId);
  const chain = [row.id];
  let previous = row.invalidated_document_id;
  while (previous && chain.length < 100) {
    chain.push(previous);
    previous = (await documentById(ctx.db, previous))?.invalidated_document_id ?? null;
  }
  const rows = await eventsOf(ctx.db, chain);
  return {
    items: rows.map((e) => ({
      id: e.id,
      event: e.event,
      status: e.status as ParticipantDocument['status'],
      at: e.at.toISOString(),
      by: e.username ? `${e.first_name ?? ''} ${e.last_name ?? ''}`.trim() || e.username : (e.participant_code ?? null),
      note: e.note,
    })),
  };
}

/** E-101: who signs in order, who has, whose turn it is. */
export async function signOrder(ctx: ServiceCtx, input: DocumentInput) {
  const d = await documentDetail(ctx, input);
  const roles = d.piSignatureRequired ? (['PARTICIPANT', 'PI'] as const) : (['PARTICIPANT'] as const);
  return {
    status: d.status,
    steps: roles.map((role) => {
      const s = d.signatures.find((x) => x.role === role);
      return {
        role,
        state: s ? ('SIGNED' as const) : d.nextSigner === role ? ('NEXT' as const) : ('WAITING' as const),
        signedAt: s?.signedAt ?? null,
        printedName: s?.printedName ?? null,
      };
    }),
  };
}

/** E-091 */
export async function documentPages(ctx: ServiceCtx, input: DocumentInput & { pageNum: number; pageSize: number }) {
  const access = await requireStudy(ctx, input.studyId);
  const row = await visibleDocument(ctx, access, input.documentId);
  return pagesOf((await originalPdf(ctx, row)).data, input.pageNum, input.pageSize);
}

export async function documentDownload(ctx: ServiceCtx, input: DocumentInput & { signed: 'true' | 'false' }) {
  const access = await requireStudy(ctx, input.studyId);
  const row = await visibleDocument(ctx, access, input.documentId);
  if (input.signed === 'true') {
    const stored = row.signed_file_id ? await readStoredFile(ctx, row.signed_file_id) : null;
    if (!stored) throw conflict('participantDocuments.notSigned');
    return {
      fileName: signedName(row),
      contentType: 'application/pdf' as const,
      base64: stored.data.toString('base64'),
    };
  }
  const stored = await originalPdf(ctx, row);
  return {
    fileName: stored.file.fileName ?? `${row.title}.pdf`,
    contentType: 'application/pdf' as const,
    base64: stored.data.toString('base64'),
  };
}

// ── sending ───────────────────────────────────────────────────────────────────────────────────────────

/** An active study document of this site (or the whole study) the caller sees, through the files area. */
export async function sendableStudyDocument(ctx: ServiceCtx, studyId: string, siteId: string, studyDocumentId: string) {
  for (let pageNum = 1; ; pageNum++) {
    const page = await documentList(ctx, {
      studyId,
      siteId,
      pageNum,
      pageSize: 100,
      sort: 'createdAt',
      includeDeleted: false,
    });
    const found = page.items.find((d) => d.documentId === studyDocumentId);
    if (found) {
      if (!found.status || !found.active)
        throw fieldProblem('VALIDATION_FAILED', 'studyDocumentId', 'participantDocuments.notSendable');
      return found;
    }
    if (pageNum * 100 >= page.total)
      throw fieldProblem('VALIDATION_FAILED', 'studyDocumentId', 'participantDocuments.notSendable');
  }
}

/**
 * A study document sent to one participant (the exact file and hash it is now); with `requestSignature` the
 * signature is asked for at once and the participant e-mailed. The site's configuration decides whether the
 * investigator signs after them (E-096). Answers the new document's id.
 */
export async function sendTo(
  ctx: ServiceCtx,
  p: { id: string; study_id: string; site_id: string; environment: string },
  doc: Awaited<ReturnType<typeof sendableStudyDocument>>,
  opts: { requestSignature: boolean; replaces?: string },
) {
  const title =
    pickText(doc.title, ctx.request.language, 'en') || Object.values(doc.title)[0] || doc.file.fileName || '';
  const row = await insertDocument(ctx.db, {
    study_id: p.study_id,
    participant_id: p.id,
    environment: ctx.env,
    study_document_id: doc.documentId,
    file_id: doc.file.id,
    document_hash: doc.file.sha256,
    title,
    pi_signature_required: await piRequiredAt(ctx.db, p.study_id, p.site_id),
    invalidated_document_id: opts.replaces ?? null,
    sent_by: ctx.staff().userId,
  });
  await recordEvent(ctx, row.id, 'SENT', 'SIGNATURE_INIT', opts.replaces ? `replaces ${opts.replaces}` : null);
  ctx.audit({
    action: 'participant.document.send',
    entityType: 'participant_document',
    entityId: row.id,
    after: {
      participantId: p.id,
      studyDocumentId: doc.documentId,
      fileId: doc.file.id,
      documentHash: doc.file.sha256,
      replaces: opts.replaces ?? null,
    },
  });
  if (opts.requestSignature) await applyRequest(ctx, row.id, { cancelRequest: false, resend: false });
  return row.id;
}

/** Sends a document to a participant the caller manages (one live copy per study document). */
export async function sendDocument(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; studyDocumentId: string; requestSignature: boolean },
) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const p = await visibleParticipant(ctx, access, input.participantId);
  const doc = await sendableStudyDocument(ctx, input.studyId, p.site_id, input.studyDocumentId);
  if (await liveCopy(ctx.db, p.id, doc.documentId)) throw conflict('participantDocuments.alreadySent');
  const id = await sendTo(ctx, p, doc, { requestSignature: input.requestSignature });
  return oneView(ctx, access, id);
}

/** Request, resend or cancel on a locked document (E-094); resend and request e-mail the participant. */
async function applyRequest(ctx: ServiceCtx, documentId: string, input: { cancelRequest: boolean; resend: boolean }) {
  if (input.cancelRequest && input.resend)
    throw fieldProblem('VALIDATION_FAILED', 'resend', 'participantDocuments.cancelOrResend');
  const { row, signatures } = await lockedDocument(ctx, documentId);
  const action = input.cancelRequest ? 'cancel' : input.resend ? 'resend' : 'request';
  const status = transitionOrRefuse(row, signatures, action);
  const reqSignDate = action === 'cancel' ? null : new Date();
  await updateDocument(ctx.db, row.id, { status, req_sign_date: reqSignDate });
  const event = { request: 'SIGNATURE_REQUESTED', resend: 'REQUEST_RESENT', cancel: 'REQUEST_CANCELLED' }[action];
  await recordEvent(ctx, row.id, event, status);
  const sentTo = action === 'cancel' ? null : await mailParticipant(ctx, row);
  ctx.audit({
    action: `participant.document.${action}`,
    entityType: 'participant_document',
    entityId: row.id,
    before: { ...auditState(row), reqSignDate: row.req_sign_date?.toISOString() ?? null },
    after: { ...auditState({ ...row, status }), reqSignDate: reqSignDate?.toISOString() ?? null, mailedTo: sentTo },
  });
}

/** E-094 */
export async function requestSignature(
  ctx: ServiceCtx,
  input: DocumentInput & { cancelRequest: boolean; resend: boolean },
) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const row = await visibleDocument(ctx, access, input.documentId);
  await applyRequest(ctx, row.id, input);
  return oneView(ctx, access, row.id);
}

/** E-095: the investigator signs after the participant. */
export async function requestPi(ctx: ServiceCtx, input: DocumentInput) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const seen = await visibleDocument(ctx, access, input.documentId);
  const { row } = await lockedDocument(ctx, seen.id);
  if (row.is_invalidate) throw conflict('participantDocuments.invalidated');
  if (row.pi_signature_required || row.status === 'COMPLETED') throw conflict('participantDocuments.piAlreadyAsked');
  await updateDocument(ctx.db, row.id, { pi_signature_required: true });
  await recordEvent(ctx, row.id, 'PI_REQUESTED', row.status);
  ctx.audit({
    action: 'participant.document.pi.request',
    entityType: 'participant_document',
    entityId: row.id,
    before: auditState(row),
    after: auditState({ ...row, pi_signature_required: true }),
  });
  return oneView(ctx, access, row.id);
}

/** The investigator's signature (responses.sign, password again), after the participant's; bound to the hash. */
export async function piSign(
  ctx: ServiceCtx,
  input: DocumentInput & { currentPassword: string; documentHash: string; drawnSignature: string | null },
) {
  const access = await requireStudy(ctx, input.studyId);
  if (!viewerOf(ctx, access).sign) throw fail('FORBIDDEN');
  const seen = await visibleDocument(ctx, access, input.documentId);
  const { row, signatures } = await lockedDocument(ctx, seen.id);
  if (row.is_invalidate) throw conflict('participantDocuments.invalidated');
  const signed = signatures.map((s) => s.signer_role);
  if (
    !(
      row.status === 'IN_PROGRESS' &&
      row.pi_signature_required &&
      signed.includes('PARTICIPANT') &&
      !signed.includes('PI')
    )
  )
    throw conflict('participantDocuments.notPiTurn');
  if (input.documentHash !== row.document_hash) throw conflict('participantDocuments.changed');
  const status = transitionOrRefuse(row, signatures, 'sign');
  const signer = await verifySigner(ctx, input.currentPassword);
  const meaning = translate('participantDocuments.meaning.pi', undefined, ctx.request.language);
  const saved = await insertSignature(ctx.db, {
    document_id: row.id,
    signer_role: 'PI',
    user_id: signer.userId,
    printed_name: signer.name,
    meaning,
    signature_image: input.drawnSignature,
    document_hash: row.document_hash,
    ip: ctx.request.ip,
    user_agent: ctx.request.userAgent,
  });
  if (!saved) throw conflict('participantDocuments.notPiTurn');
  await updateDocument(ctx.db, row.id, { status });
  const file = await storeSignedPdf(ctx, row);
  await recordEvent(ctx, row.id, 'SIGNED_PI', status);
  ctx.audit({
    action: 'participant.document.pi.sign',
    entityType: 'participant_document',
    entityId: row.id,
    before: auditState(row),
    after: {
      ...auditState({ ...row, status }),
      signatureId: saved.id,
      signedBy: signer.userId,
      printedName: signer.name,
      meaning,
      signedAt: saved.signed_at.toISOString(),
      documentHash: row.document_hash,
      signedFileId: file.id,
    },
  });
  return oneView(ctx, access, row.id);
}

/** E-097: e-mail the participant that the document waits for their signature. */
export async function sendMail(ctx: ServiceCtx, input: DocumentInput) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const seen = await visibleDocument(ctx, access, input.documentId);
  const { row, signatures } = await lockedDocument(ctx, seen.id);
  if (row.is_invalidate) throw conflict('participantDocuments.invalidated');
  const waiting = row.status === 'IN_PROGRESS' && !signatures.some((s) => s.signer_role === 'PARTICIPANT');
  if (!waiting) throw conflict('participantDocuments.notAwaitingParticipant');
  const sentTo = await mailParticipant(ctx, row);
  if (!sentTo) throw conflict('participantDocuments.noEmail');
  await recordEvent(ctx, row.id, 'MAIL_SENT', row.status);
  ctx.audit({
    action: 'participant.document.mail',
    entityType: 'participant_document',
    entityId: row.id,
    after: { mailedTo: sentTo },
  });
  return { ok: true as const, sentTo };
}

/** E-098: invalidated with a reason (frozen from then on); with resendDocument, sent again as a new document. */
export async function invalidate(ctx: ServiceCtx, input: DocumentInput & { resendDocument: boolean; reason: string }) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const seen = await visibleDocument(ctx, access, input.documentId);
  const { row } = await lockedDocument(ctx, seen.id);
  if (row.is_invalidate) throw conflict('participantDocuments.invalidated');
  const now = new Date();
  await updateDocument(ctx.db, row.id, {
    is_invalidate: true,
    invalidated_at: now,
    invalidated_by: ctx.staff().userId,
    invalidate_reason: input.reason,
  });
  await recordEvent(ctx, row.id, 'INVALIDATED', row.status, input.reason);
  ctx.audit({
    action: 'participant.document.invalidate',
    entityType: 'participant_document',
    entityId: row.id,
    before: auditState(row),
    after: { ...auditState({ ...row, is_invalidate: true }), resendDocument: input.resendDocument },
    reason: input.reason,
  });
  let resent: string | null = null;
  if (input.resendDocument) {
    const p = await visibleParticipant(ctx, access, row.participant_id);
    const doc = await sendableStudyDocument(ctx, input.studyId, p.site_id, row.study_document_id);
    // the copy sent again is asked to be signed when the invalidated one was
    resent = await sendTo(ctx, p, doc, { requestSignature: row.req_sign_date !== null, replaces: row.id });
  }
  return {
    invalidated: await oneView(ctx, access, row.id),
    resent: resent ? await oneView(ctx, access, resent) : null,
  };
}
