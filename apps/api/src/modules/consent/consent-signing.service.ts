/**
 * Signing consent (issue 11, decision D-consent-signature). A participant signs each consent of their version (for their
 * cohort) with a Part 11 electronic signature: password again (11.200(a)(1)), the meaning accepted, the typed
 * name (11.50), a drawn signature when the consent asks. The signature is bound to the consent id, the version
 * and the sha-256 of the consent's canonical text; the signed PDF is stored. A consent the participant signed in
 * an earlier version counts as signed while its text is unchanged, else it asks for a new signature (re-consent)
 * and holds back new tasks. The investigator countersigns from the staff side; the PDF is made again with both.
 */
import { createHash } from 'node:crypto';
import type { ConsentSignature, MyConsent } from '@trialpath/contract';
import { type Consent, canonicalConsent, consentsForCohort, localize, messageRef, translate } from '@trialpath/domain';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { verifyParticipantSigner, verifySigner } from '../auth/signature.service';
import { readStoredFile, storeFile } from '../files/files.service';
import {
  changeParticipant,
  type ParticipantRow,
  participantById,
  participantFacts,
  participantSummary,
  visibleParticipantsOf,
} from '../participants/participants.service';
import { clientOfStudy, studyCodeOf } from '../studies/studies.service';
import { versionConsents, versionStamp } from '../versions/versions.service';
import {
  type ConsentSignatureRow,
  insertSignature,
  setCountersignature,
  setSignaturePdf,
  signatureById,
  signatureByRequest,
  signaturesOfParticipant,
  signatureFactsOfParticipants,
  signaturesOfStudy,
} from './consent-signing.repository';
import { renderConsentPdf } from './consent.pdf';

/** sha-256 of the consent's canonical text: what a signature is bound to. */
export function consentHash(c: Consent): string {
  const known = hashes.get(c);
  if (known) return known;
  const hash = createHash('sha256').update(canonicalConsent(c)).digest('hex');
  hashes.set(c, hash);
  return hash;
}
/** By consent object: a cached published version hands out the same objects, so each is hashed once. */
const hashes = new WeakMap<Consent, string>();

type Status = MyConsent['status'];

function signatureView(s: ConsentSignatureRow, versionNumber: number): ConsentSignature {
  return {
    id: s.id,
    consentId: s.consent_id,
    versionId: s.version_id,
    versionNumber,
    contentHash: s.content_hash,
    signedAt: s.signed_at.toISOString(),
    participantName: s.participant_name,
    meaning: s.meaning,
    hasDrawnSignature: s.drawn_signature !== null,
    optionalConsents: s.optional_consents,
    quizAttempts: s.quiz_attempts,
    countersignedAt: s.countersigned_at?.toISOString() ?? null,
    countersignedBy: s.countersigner_name,
    status: s.countersigned_at ? 'piAndParticipantSigned' : 'participantSigned',
  };
}

/** Version numbers of the versions these signatures were made in (one read per version). */
async function versionNumbers(ctx: DbCtx, studyId: string, rows: readonly ConsentSignatureRow[]) {
  const out = new Map<string, number>();
  for (const id of new Set(rows.map((r) => r.version_id))) {
    const v = await versionConsents(ctx, studyId, id);
    out.set(id, v?.number ?? 0);
  }
  return out;
}

/** What a consent's status needs of a signature. */
type SignatureFacts = Pick<ConsentSignatureRow, 'consent_id' | 'version_id' | 'content_hash'>;

/** The status of one consent for a participant, from their signatures (newest first). */
function statusOf<S extends SignatureFacts>(
  consentId: string,
  hash: string,
  versionId: string,
  signatures: readonly S[],
): { status: Status; signature: S | null } {
  const mine = signatures.filter((s) => s.consent_id === consentId);
  const here = mine.find((s) => s.version_id === versionId);
  if (here) return { status: 'SIGNED', signature: here };
  const latest = mine[0] ?? null;
  if (!latest) return { status: 'UNSIGNED', signature: null };
  return { status: latest.content_hash === hash ? 'SIGNED' : 'RECONSENT_REQUIRED', signature: latest };
}

const meaningOf = (c: Consent, language: string) =>
  localize(c.signatureMeaning, language).trim() || translate('consent.signatureMeaning', undefined, language);

type VersionConsents = NonNullable<Awaited<ReturnType<typeof versionConsents>>>;
/**
 * A published version never changes: its consents are read once per process and publication (tasks check them
 * on every answer). A draft is read each time.
 */
const publishedConsents = new Map<string, VersionConsents>();

async function consentsOfVersion(ctx: DbCtx, studyId: string, versionId: string) {
  const stamp = await versionStamp(ctx, studyId, versionId);
  if (!stamp) return undefined;
  const key = stamp.publishedAt && stamp.status !== 'DRAFT' ? `${versionId}@${stamp.publishedAt.toISOString()}` : null;
  const known = key ? publishedConsents.get(key) : undefined;
  if (known) return known;
  const v = await versionConsents(ctx, studyId, versionId);
  if (v && key) publishedConsents.set(key, v);
  return v;
}

/** What deciding a participant's consents needs of them. */
export type ConsentFacts = Pick<ParticipantRow, 'id' | 'study_id' | 'version_id' | 'cohort_id' | 'language'>;

/** Whether a cohort is still to be chosen, and else the consents of the participant's cohort, in order. */
function consentsDue(version: VersionConsents, cohortId: string | null) {
  const cohortKnown = version.cohorts.some((c) => c.id === cohortId);
  const cohortRequired = version.cohorts.length > 0 && !cohortKnown;
  return {
    cohortRequired,
    consents: cohortRequired ? [] : consentsForCohort(version.consents, version.cohorts, cohortId),
  };
}

/** Every consent that asks for a signature is signed (in this version, or earlier with the same text). */
function allSigned(version: VersionConsents, cohortId: string | null, signatures: readonly SignatureFacts[]) {
  const { cohortRequired, consents } = consentsDue(version, cohortId);
  return (
    !cohortRequired &&
    consents.every(
      (c) =>
        !c.documentAndSignatureEnabled || statusOf(c.id, consentHash(c), version.id, signatures).status === 'SIGNED',
    )
  );
}

/** Where a participant stands with their version's consents. */
export async function consentState(ctx: DbCtx, p: ConsentFacts) {
  const version = p.version_id ? await consentsOfVersion(ctx, p.study_id, p.version_id) : undefined;
  if (!version) {
    return { version: null, cohortRequired: false, cohorts: [], items: [], complete: true, signatures: [] };
  }
  const { cohortRequired, consents } = consentsDue(version, p.cohort_id);
  const signatures = await signaturesOfParticipant(ctx.db, p.id);
  const items = consents.map((consent) => {
    const contentHash = consentHash(consent);
    return {
      consent,
      contentHash,
      meaning: meaningOf(consent, p.language),
      ...statusOf(consent.id, contentHash, version.id, signatures),
    };
  });
  const complete = allSigned(version, p.cohort_id, signatures);
  return { version, cohortRequired, cohorts: version.cohorts, items, complete, signatures };
}

/**
 * Does a consent wait to be (re)signed before the participant may start new tasks? (the tasks' hold) The
 * participant by id, or their row when the caller has just read it.
 */
export async function consentOutstanding(ctx: DbCtx, participant: string | ConsentFacts): Promise<boolean> {
  const p = typeof participant === 'string' ? await participantById(ctx, participant) : participant;
  if (!p) return false;
  return (await participantsOwingConsent(ctx, [p])).has(p.id);
}

/**
 * Of these participants, those whose tasks wait for a consent to be (re)signed: one read of signatures for all,
 * each version's consents once (answers written together ask this of a whole batch).
 */
export async function participantsOwingConsent(
  ctx: DbCtx,
  participants: readonly ConsentFacts[],
): Promise<Set<string>> {
  const versions = new Map<string, VersionConsents | undefined>();
  const asked: { p: ConsentFacts; version: VersionConsents }[] = [];
  for (const p of participants) {
    if (!p.version_id) continue;
    if (!versions.has(p.version_id)) versions.set(p.version_id, await consentsOfVersion(ctx, p.study_id, p.version_id));
    const version = versions.get(p.version_id);
    // a version without cohorts or consents to sign asks nothing of anyone
    if (version && (version.cohorts.length > 0 || version.consents.some((c) => c.documentAndSignatureEnabled)))
      asked.push({ p, version });
  }
  const signatures = await signatureFactsOfParticipants(
    ctx.db,
    asked.map((a) => a.p.id),
  );
  const owing = new Set<string>();
  for (const { p, version } of asked) {
    const mine = signatures.filter((s) => s.participant_id === p.id);
    if (!allSigned(version, p.cohort_id, mine)) owing.add(p.id);
  }
  return owing;
}

async function me(ctx: ServiceCtx) {
  const p = await participantById(ctx, ctx.participant().participantId);
  if (!p) throw fail('UNAUTHENTICATED');
  return p;
}

export async function myConsents(ctx: ServiceCtx) {
  const p = await me(ctx);
  const state = await consentState(ctx, p);
  const numbers = await versionNumbers(ctx, p.study_id, state.signatures);
  return {
    versionId: state.version?.id ?? '',
    cohortRequired: state.cohortRequired,
    cohortId: state.cohortRequired ? null : p.cohort_id,
    cohorts: state.cohorts.map((c) => ({ id: c.id, name: c.name, description: c.description })),
    items: state.items.map((i) => ({
      consent: i.consent,
      contentHash: i.contentHash,
      meaning: i.meaning,
      status: i.status,
      signature: i.signature ? signatureView(i.signature, numbers.get(i.signature.version_id) ?? 0) : null,
    })),
    complete: state.complete,
  };
}

export async function chooseCohort(ctx: ServiceCtx, input: { cohortId: string }) {
  const p = await me(ctx);
  const state = await consentState(ctx, p);
  if (!state.cohortRequired) throw fail('CONFLICT', undefined, { message: { key: 'consent.cohortChosen' } });
  if (!state.cohorts.some((c) => c.id === input.cohortId)) {
    throw fieldProblem('VALIDATION_FAILED', 'cohortId', 'consent.cohortNotFound', { cohortId: input.cohortId });
  }
  await changeParticipant(ctx, p.id, { cohort_id: input.cohortId });
  ctx.audit({
    action: 'participant.cohort.choose',
    entityType: 'participant',
    entityId: p.id,
    before: { cohortId: p.cohort_id },
    after: { cohortId: input.cohortId },
  });
  return { cohortId: input.cohortId };
}

export interface SignInput {
  consentId: string;
  requestId: string;
  contentHash: string;
  password: string;
  typedName: string;
  drawnSignature: string | null;
  acceptedDisclaimers: string[];
  optionalConsents: Record<string, boolean>;
  quizAttempts: number;
  localOffset: string;
}

/**
 * What the participant sent must cover what the consent asks: required statements and every optional answer. A
 * drawing is offered, never required: the typed name is the signature, so a keyboard user can sign (WCAG 2.1.1).
 */
function checkAnswers(c: Consent, input: SignInput) {
  const fields: Record<string, ReturnType<typeof messageRef>[]> = {};
  c.disclaimers.forEach((d) => {
    if (d.required && !input.acceptedDisclaimers.includes(d.id))
      fields[`acceptedDisclaimers.${d.id}`] = [messageRef('consent.disclaimerRequired')];
  });
  c.optionalConsents.forEach((o) => {
    if (typeof input.optionalConsents[o.id] !== 'boolean')
      fields[`optionalConsents.${o.id}`] = [messageRef('consent.optionalAnswerRequired')];
  });
  if (Object.keys(fields).length) throw fail('VALIDATION_FAILED', undefined, { fields });
}

async function storePdf(
  ctx: ServiceCtx,
  p: ParticipantRow,
  consent: Consent,
  row: ConsentSignatureRow,
  versionNumber: number,
) {
  const data = await renderConsentPdf({
    consent,
    signature: row,
    studyCode: await studyCodeOf(ctx, p.study_id),
    participantCode: p.participant_code,
    versionNumber,
  });
  const file = await storeFile(ctx, {
    clientId: await clientOfStudy(ctx, p.study_id),
    studyId: p.study_id,
    kind: 'consent',
    contentType: 'application/pdf',
    data,
    fileName: pdfName(p.participant_code, row.consent_id, versionNumber),
  });
  return setSignaturePdf(ctx.db, row.id, file.id);
}

const pdfName = (participantCode: string, consentId: string, versionNumber: number) =>
  `consent-${participantCode}-${consentId}-v${versionNumber}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');

export async function signConsent(ctx: ServiceCtx, input: SignInput) {
  // a request sent again is a replay, refused before anything else (the first one stands)
  if (await signatureByRequest(ctx.db, input.requestId)) {
    throw fail('CONFLICT', undefined, { message: { key: 'consent.replay' } });
  }
  const p = await verifyParticipantSigner(ctx, input.password);
  const state = await consentState(ctx, p);
  if (state.cohortRequired) throw fail('CONFLICT', undefined, { message: { key: 'consent.cohortRequired' } });
  const item = state.items.find((i) => i.consent.id === input.consentId);
  if (!item || !state.version) throw fail('NOT_FOUND', undefined, { message: { key: 'consent.notInVersion' } });
  if (!item.consent.documentAndSignatureEnabled) {
    throw fail('CONFLICT', undefined, { message: { key: 'consent.noSignature' } });
  }
  if (item.contentHash !== input.contentHash)
    throw fail('CONFLICT', undefined, { message: { key: 'consent.changed' } });
  if (item.status === 'SIGNED') throw fail('CONFLICT', undefined, { message: { key: 'consent.alreadySigned' } });
  checkAnswers(item.consent, input);
  const optional = Object.fromEntries(
    item.consent.optionalConsents.map((o) => [o.id, input.optionalConsents[o.id] === true]),
  );
  const accepted = item.consent.disclaimers.map((d) => d.id).filter((id) => input.acceptedDisclaimers.includes(id));
  const row = await insertSignature(ctx.db, {
    participant_id: p.id,
    study_id: p.study_id,
    version_id: state.version.id,
    environment: p.environment,
    consent_id: item.consent.id,
    content_hash: item.contentHash,
    request_id: input.requestId,
    local_offset: input.localOffset,
    participant_name: input.typedName.trim(),
    meaning: item.meaning,
    language: p.language,
    drawn_signature: item.consent.digitalSignatureEnabled ? input.drawnSignature : null,
    accepted_disclaimers: JSON.stringify(accepted),
    optional_consents: JSON.stringify(optional),
    quiz_attempts: input.quizAttempts,
    ip: ctx.request.ip,
    user_agent: ctx.request.userAgent,
  });
  // two requests racing: the unique indexes let one through
  if (!row) throw fail('CONFLICT', undefined, { message: { key: 'consent.alreadySigned' } });
  const saved = await storePdf(ctx, p, item.consent, row, state.version.number);
  ctx.audit({
    action: 'consent.sign',
    entityType: 'consent_signature',
    entityId: saved.id,
    after: {
      participantId: p.id,
      consentId: saved.consent_id,
      versionId: saved.version_id,
      contentHash: saved.content_hash,
      signedName: saved.participant_name,
      meaning: saved.meaning,
      signedAt: saved.signed_at.toISOString(),
      localOffset: saved.local_offset,
      drawnSignature: saved.drawn_signature !== null,
      acceptedDisclaimers: accepted,
      optionalConsents: optional,
      quizAttempts: saved.quiz_attempts,
      reconsent: item.status === 'RECONSENT_REQUIRED',
      pdfFileId: saved.pdf_file_id,
    },
  });
  return signatureView(saved, state.version.number);
}

async function pdfOf(ctx: ServiceCtx, row: ConsentSignatureRow) {
  const stored = row.pdf_file_id ? await readStoredFile(ctx, row.pdf_file_id) : null;
  if (!stored) throw fail('NOT_FOUND');
  return {
    fileName: stored.file.fileName ?? 'consent.pdf',
    contentType: 'application/pdf' as const,
    base64: stored.data.toString('base64'),
  };
}

export async function myConsentPdf(ctx: ServiceCtx, input: { signatureId: string }) {
  const row = await signatureById(ctx.db, input.signatureId);
  // another participant's signature answers as one that does not exist
  if (!row || row.participant_id !== ctx.participant().participantId) throw fail('NOT_FOUND');
  return pdfOf(ctx, row);
}

// ── staff ───────────────────────────────────────────────────────────────────────────────────

/** The participant, once the caller may see them (the full row check); 403/404 as participantSummary answers. */
async function visibleParticipant(ctx: ServiceCtx, studyId: string, participantId: string) {
  await participantSummary(ctx, { studyId, participantId });
  const p = await participantById(ctx, participantId);
  if (!p) throw fail('NOT_FOUND');
  return p;
}

export async function participantConsents(ctx: ServiceCtx, input: { studyId: string; participantId: string }) {
  const p = await visibleParticipant(ctx, input.studyId, input.participantId);
  const state = await consentState(ctx, p);
  const numbers = await versionNumbers(ctx, p.study_id, state.signatures);
  return {
    versionId: state.version?.id ?? null,
    items: state.items.map((i) => ({
      consentId: i.consent.id,
      name: i.consent.name,
      status: i.status,
      signatures: state.signatures
        .filter((s) => s.consent_id === i.consent.id)
        .map((s) => signatureView(s, numbers.get(s.version_id) ?? 0)),
    })),
  };
}

async function participantSignature(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; signatureId: string },
  lock = false,
) {
  const p = await visibleParticipant(ctx, input.studyId, input.participantId);
  const row = await signatureById(ctx.db, input.signatureId, { lock });
  if (!row || row.participant_id !== p.id) throw fail('NOT_FOUND');
  return { p, row };
}

export async function participantConsentPdf(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; signatureId: string },
) {
  const { row } = await participantSignature(ctx, input);
  return pdfOf(ctx, row);
}

export async function countersignConsent(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; signatureId: string; currentPassword: string },
) {
  const { p, row } = await participantSignature(ctx, input, true);
  if (row.countersigned_at) throw fail('CONFLICT', undefined, { message: { key: 'consent.alreadyCountersigned' } });
  const signer = await verifySigner(ctx, input.currentPassword);
  const version = await versionConsents(ctx, p.study_id, row.version_id);
  const consent = version?.consents.find((c) => c.id === row.consent_id);
  if (!version || !consent) throw fail('NOT_FOUND');
  const meaning = translate('consent.countersignMeaning', undefined, ctx.request.language);
  const signed = await setCountersignature(ctx.db, row.id, {
    by: signer.userId,
    name: signer.name,
    meaning,
    at: new Date(),
  });
  const saved = await storePdf(ctx, p, consent, signed, version.number);
  ctx.audit({
    action: 'consent.countersign',
    entityType: 'consent_signature',
    entityId: saved.id,
    before: { countersignedAt: null, pdfFileId: row.pdf_file_id },
    after: {
      participantId: p.id,
      consentId: saved.consent_id,
      countersignedBy: signer.userId,
      signedName: signer.name,
      meaning,
      countersignedAt: saved.countersigned_at?.toISOString(),
      pdfFileId: saved.pdf_file_id,
    },
  });
  return signatureView(saved, version.number);
}

/** Who has and has not signed their version's consents (re-consent after a version changed one). */
export async function reconsentStatus(ctx: ServiceCtx, input: { studyId: string }) {
  const items: {
    participantId: string;
    participantCode: string;
    consentId: string;
    status: Status;
    signedAt: string | null;
  }[] = [];
  // only participants who signed before: the others have not consented yet, which is not a re-consent
  const visible = new Set(await visibleParticipantsOf(ctx, input.studyId, {}));
  const signed = new Map<string, Awaited<ReturnType<typeof signaturesOfStudy>>>();
  for (const s of await signaturesOfStudy(ctx.db, input.studyId, ctx.env)) {
    if (!visible.has(s.participant_id)) continue;
    const mine = signed.get(s.participant_id);
    if (mine) mine.push(s);
    else signed.set(s.participant_id, [s]);
  }
  const versions = new Map<string, Awaited<ReturnType<typeof versionConsents>>>();
  const ids = [...signed.keys()];
  for (let at = 0; at < ids.length; at += PARTICIPANTS_PER_READ) {
    for (const p of await participantFacts(ctx, ids.slice(at, at + PARTICIPANTS_PER_READ))) {
      if (!p.version_id) continue;
      if (!versions.has(p.version_id)) versions.set(p.version_id, await versionConsents(ctx, p.study_id, p.version_id));
      const version = versions.get(p.version_id);
      if (!version) continue;
      const mine = signed.get(p.id) ?? [];
      for (const c of consentsForCohort(version.consents, version.cohorts, p.cohort_id)) {
        if (!c.documentAndSignatureEnabled) continue;
        const { status, signature } = statusOf(c.id, consentHash(c), version.id, mine);
        const changed = signature && signature.version_id !== version.id && status === 'RECONSENT_REQUIRED';
        const resigned =
          signature &&
          signature.version_id === version.id &&
          mine.some((s) => s.consent_id === c.id && s.version_id !== version.id);
        if (changed || resigned) {
          items.push({
            participantId: p.id,
            participantCode: p.participant_code,
            consentId: c.id,
            status,
            signedAt: status === 'SIGNED' ? (signature?.signed_at.toISOString() ?? null) : null,
          });
        }
      }
    }
  }
  return { items };
}

/** Participants read at once by id (a bounded list of parameters, whatever the study's size). */
const PARTICIPANTS_PER_READ = 1_000;
