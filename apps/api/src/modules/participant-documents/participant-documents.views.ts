/** How participant documents are shown to staff and to the participant (decision E-participant-documents). */
import {
  type DocumentFacts,
  type DocumentStatus,
  documentTransition,
  type MyDocument,
  mayRequestPiSignature,
  nextSigner,
  type ParticipantDocument,
  type SignerRole,
} from '@trialpath/contract';
import type { DocumentRow, SignatureRow } from './participant-documents.repository';

/** What the caller may do in this study, worked out once per request. */
export interface DocumentViewer {
  identify: boolean;
  manage: boolean;
  /** May sign as investigator (responses.sign on a writable assignment). */
  sign: boolean;
}

const nameOf = (first: string | null, last: string | null, username: string | null) =>
  `${first ?? ''} ${last ?? ''}`.trim() || username || '';

export function factsOf(row: DocumentRow, signatures: readonly SignatureRow[]): DocumentFacts {
  return {
    status: row.status as DocumentStatus,
    isInvalidate: row.is_invalidate,
    piSignatureRequired: row.pi_signature_required,
    signed: signatures.filter((s) => s.document_id === row.id).map((s) => s.signer_role as SignerRole),
  };
}

export function staffView(
  v: DocumentViewer,
  row: DocumentRow,
  signatures: readonly SignatureRow[],
): ParticipantDocument {
  const facts = factsOf(row, signatures);
  const next = nextSigner(facts);
  const may = (ok: boolean) => v.manage && ok;
  return {
    id: row.id,
    studyDocumentId: row.study_document_id,
    participant: {
      id: row.participant_id,
      participantId: row.participant_code,
      name: v.identify ? nameOf(row.first_name, row.last_name, null) || null : null,
      siteId: row.site_id,
    },
    title: row.title,
    status: facts.status,
    reqSignDate: row.req_sign_date?.toISOString() ?? null,
    piSignatureRequired: row.pi_signature_required,
    documentHash: row.document_hash,
    nextSigner: next,
    signatures: signatures
      .filter((s) => s.document_id === row.id)
      .map((s) => ({
        role: s.signer_role as SignerRole,
        printedName: s.printed_name,
        signedAt: s.signed_at.toISOString(),
        meaning: s.meaning,
        hasImage: s.signature_image !== null,
        documentHash: s.document_hash,
      })),
    hasSignedPdf: row.signed_file_id !== null,
    isInvalidate: row.is_invalidate,
    invalidatedAt: row.invalidated_at?.toISOString() ?? null,
    invalidatedBy: row.invalidated_by
      ? nameOf(row.invalidator_first_name, row.invalidator_last_name, row.invalidator_username)
      : null,
    invalidateReason: row.invalidate_reason,
    inValidateDocumentId: row.invalidated_document_id,
    replacedById: row.replaced_by_id ?? null,
    sentBy: nameOf(row.sender_first_name, row.sender_last_name, row.sender_username),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    allowed: {
      requestSignature: may(documentTransition(facts, 'request') !== null),
      resend: may(documentTransition(facts, 'resend') !== null),
      cancelRequest: may(documentTransition(facts, 'cancel') !== null),
      sendMail: may(next === 'PARTICIPANT'),
      requestPiSignature: may(mayRequestPiSignature(facts)),
      piSign: v.sign && next === 'PI',
      invalidate: may(!row.is_invalidate),
    },
  };
}

export function participantView(row: DocumentRow, signatures: readonly SignatureRow[]): MyDocument {
  const facts = factsOf(row, signatures);
  const mine = signatures.find((s) => s.document_id === row.id && s.signer_role === 'PARTICIPANT');
  return {
    id: row.id,
    title: row.title,
    status: facts.status,
    reqSignDate: row.req_sign_date?.toISOString() ?? null,
    awaitingMySignature: nextSigner(facts) === 'PARTICIPANT',
    signedAt: mine?.signed_at.toISOString() ?? null,
    hasSignedPdf: row.signed_file_id !== null,
    createdAt: row.created_at.toISOString(),
  };
}
