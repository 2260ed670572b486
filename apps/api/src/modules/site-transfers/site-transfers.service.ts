/**
 * Participant site transfers (E-022, E-114…E-119; 002 §4; decision E-site-transfers). Staff who manage a participant
 * ask for them to move to another site of the study taking participants in this data space, with a reason; staff who
 * manage participants at the receiving site approve or refuse it with a review reason — never the person who asked
 * (four eyes); who asked, or who manages the participant, may cancel it while it waits. An approval moves the
 * participant in the same transaction: everything recorded about them is keyed by the participant, so it moves with
 * them, and both sites' access follows at once. Every write is made under the participant's row lock, from the
 * request as it stands (one already closed, or a participant moved meanwhile, is refused), and audited with its reason.
 */
import type { SimpleParticipant, SiteTransfer, SiteTransferStatus } from '@trialpath/contract';
import { SIMPLE_PARTICIPANT_LIMIT } from '@trialpath/contract';
import {
  FINAL_STATUSES,
  type MessageKey,
  type MessageParams,
  messageRef,
  type ParticipantStatus,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { participantsVisibleTo, requireStudy, type StudyAccess, visibleSites } from '../access/access.service';
import { requireParticipantManager, visibleParticipant } from '../participants/participant-access.service';
import { mayIdentify, mayManage } from '../participants/participant-list.service';
import { changeParticipant, lockParticipant } from '../participants/participants.service';
import {
  closeTransfer,
  countTransfers,
  findPendingTransferOf,
  findTransfer,
  insertTransfer,
  lockTransfer,
  simpleParticipants,
  type StudySiteRow,
  studySites,
  type TransferRow,
  transferRows,
  type TransferSelection,
} from './site-transfers.repository';

const conflict = (key: MessageKey, params?: MessageParams, details?: unknown) =>
  fail('CONFLICT', undefined, { message: messageRef(key, params), details });

const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';

const nameOf = (first: string | null, last: string | null, username: string | null) =>
  `${first ?? ''} ${last ?? ''}`.trim() || username || '';

const siteRef = (s: Pick<StudySiteRow, 'id' | 'name' | 'site_code'>) => ({
  id: s.id,
  name: s.name,
  siteCode: s.site_code,
});

/** Whether a site takes participants in the request's data space (its status there is Active). */
const takesParticipants = (ctx: ServiceCtx, s: StudySiteRow) =>
  (ctx.env === 'TEST' ? s.test_status : s.live_status) === 'ACTIVE';

/** What the caller may do with transfers in this study, worked out once per request. */
interface TransferViewer {
  access: StudyAccess;
  userId: string;
  identify: boolean;
  manage: boolean;
  /** null: every site (the study's platform admin). */
  siteIds: ReadonlySet<string> | null;
}

async function viewerOf(ctx: ServiceCtx, access: StudyAccess, sites?: StudySiteRow[]): Promise<TransferViewer> {
  const all = sites ?? (await studySites(ctx.db, access.studyId));
  return {
    access,
    userId: ctx.staff().userId,
    identify: mayIdentify(ctx, access.studyId),
    manage: mayManage(ctx, access.studyId, access.assignment?.readOnly ?? false),
    siteIds: access.global ? null : new Set(visibleSites(ctx, access, all).map((s) => s.id)),
  };
}

const sees = (v: TransferViewer, siteId: string) => v.siteIds === null || v.siteIds.has(siteId);

/** The transfer as this caller may receive it (a name only for who may identify participants). */
function transferView(v: TransferViewer, r: TransferRow): SiteTransfer {
  const pending = r.status === 'PENDING';
  const asked = r.requested_by === v.userId;
  return {
    id: r.id,
    participant: {
      id: r.participant_id,
      participantId: r.participant_code,
      name: v.identify ? nameOf(r.first_name, r.last_name, null) || null : null,
      visible: sees(v, r.participant_site_id),
    },
    fromSite: { id: r.from_site_id, name: r.from_site_name, siteCode: r.from_site_code },
    toSite: { id: r.to_site_id, name: r.to_site_name, siteCode: r.to_site_code },
    status: r.status,
    reason: r.reason,
    requestedBy: nameOf(r.requester_first_name, r.requester_last_name, r.requester_username),
    requestedAt: r.requested_at.toISOString(),
    reviewedBy: r.reviewed_by ? nameOf(r.reviewer_first_name, r.reviewer_last_name, r.reviewer_username) : null,
    reviewedAt: r.reviewed_at ? r.reviewed_at.toISOString() : null,
    reviewReason: r.review_reason,
    mayReview: pending && v.manage && sees(v, r.to_site_id) && !asked,
    // the participant waits at the from-site: who sees it manages them
    mayCancel: pending && v.manage && (asked || sees(v, r.from_site_id)),
  };
}

async function oneView(ctx: ServiceCtx, v: TransferViewer, transferId: string) {
  const [row] = await transferRows(ctx.db, { transferId });
  if (!row) throw fail('NOT_FOUND');
  return transferView(v, row);
}

/**
 * A transfer of the study's data space from or to a site the caller sees; otherwise the same answer as a missing
 * one (403 for a non-admin, as for participants: nothing tells them it exists).
 */
async function visibleTransfer(ctx: ServiceCtx, v: TransferViewer, transferId: string) {
  const t = await findTransfer(ctx.db, v.access.studyId, ctx.env, transferId);
  if (!t || !(sees(v, t.from_site_id) || sees(v, t.to_site_id)))
    throw v.access.global ? fail('NOT_FOUND') : fail('FORBIDDEN');
  return t;
}

// ── reads ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The sites a participant can be sent to: every other site of the study taking participants in this data space —
 * not only the caller's (a coordinator sends a participant to a site they do not staff).
 */
export async function transferOptions(ctx: ServiceCtx, input: { studyId: string; participantId: string }) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const p = await visibleParticipant(ctx, access, input.participantId);
  const sites = await studySites(ctx.db, input.studyId);
  const current = sites.find((s) => s.id === p.site_id)!;
  return {
    currentSite: siteRef(current),
    sites: sites.filter((s) => s.id !== p.site_id && takesParticipants(ctx, s)).map(siteRef),
  };
}

/** E-116: one participant's transfers, newest first, for who may see the participant. */
export async function participantTransfers(ctx: ServiceCtx, input: { studyId: string; participantId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const p = await visibleParticipant(ctx, access, input.participantId);
  const [v, rows] = await Promise.all([viewerOf(ctx, access), transferRows(ctx.db, { participantId: p.id })]);
  return { items: rows.map((r) => transferView(v, r)) };
}

/** E-117, E-022: the study's transfers from or to a site the caller sees, newest first, by status, a page at a time. */
export async function transferList(
  ctx: ServiceCtx,
  input: { studyId: string; status: SiteTransferStatus | 'ALL'; pageNum: number; pageSize: number },
) {
  const access = await requireStudy(ctx, input.studyId);
  const v = await viewerOf(ctx, access);
  const selection: TransferSelection = {
    studyId: input.studyId,
    environment: ctx.env,
    status: input.status === 'ALL' ? null : input.status,
    siteIds: v.siteIds === null ? null : [...v.siteIds],
  };
  const offset = (input.pageNum - 1) * input.pageSize;
  const [rows, total] = await Promise.all([
    transferRows(ctx.db, selection, { offset, limit: input.pageSize }),
    countTransfers(ctx.db, selection),
  ]);
  return {
    items: rows.map((r) => transferView(v, r)),
    total,
    page: input.pageNum,
    pageSize: input.pageSize,
    identify: v.identify,
  };
}

/** E-117: one transfer by its id. */
export async function transferDetail(ctx: ServiceCtx, input: { studyId: string; transferId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const v = await viewerOf(ctx, access);
  const t = await visibleTransfer(ctx, v, input.transferId);
  return oneView(ctx, v, t.id);
}

/** E-119: the participants the caller sees whose id starts with the search, for a picker; names for who may identify. */
export async function simpleParticipantList(
  ctx: ServiceCtx,
  input: { studyId: string; search: string },
): Promise<{ items: SimpleParticipant[] }> {
  const access = await requireStudy(ctx, input.studyId);
  const visible = participantsVisibleTo(ctx, access, { participant: 'p', site: 's' });
  const identify = mayIdentify(ctx, input.studyId);
  const rows = await simpleParticipants(ctx.db, visible, input.search, SIMPLE_PARTICIPANT_LIMIT);
  return {
    items: rows.map((r) => ({
      id: r.id,
      participantId: r.participant_code,
      name: identify ? nameOf(r.first_name, r.last_name, null) || null : null,
    })),
  };
}

// ── writes ────────────────────────────────────────────────────────────────────────────────────────────

/** E-115: a request to move a participant the caller manages to another site of the study, with a reason. */
export async function requestTransfer(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; toSiteId: string; reason: string },
) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const seen = await visibleParticipant(ctx, access, input.participantId);
  const p = (await lockParticipant(ctx, seen.id))!;
  if (FINAL_STATUSES.includes(p.status as ParticipantStatus))
    throw conflict('participants.transfer.participantLeft', undefined, { status: p.status });
  if (input.toSiteId === p.site_id)
    throw fieldProblem('VALIDATION_FAILED', 'toSiteId', 'participants.transfer.sameSite');
  const sites = await studySites(ctx.db, input.studyId);
  const target = sites.find((s) => s.id === input.toSiteId);
  if (!target) throw fieldProblem('VALIDATION_FAILED', 'toSiteId', 'participants.transfer.unknownSite');
  if (!takesParticipants(ctx, target))
    throw fieldProblem('VALIDATION_FAILED', 'toSiteId', 'participants.transfer.siteNotTaking', { site: target.name });
  const open = await findPendingTransferOf(ctx.db, p.id);
  if (open) throw conflict('participants.transfer.alreadyPending', { site: open.to_site_name });
  const me = ctx.staff();
  const made = await insertTransfer(ctx.db, {
    participantId: p.id,
    studyId: input.studyId,
    environment: ctx.env,
    fromSiteId: p.site_id,
    toSiteId: target.id,
    reason: input.reason,
    by: me.userId,
  }).catch((e: unknown) => {
    // the participant's row lock serialises requests; the index stays the last word
    if (isUniqueViolation(e)) throw conflict('participants.transfer.alreadyPending', { site: target.name });
    throw e;
  });
  ctx.audit({
    action: 'participant.transfer.request',
    entityType: 'participant',
    entityId: p.id,
    after: { transferId: made.id, status: 'PENDING', fromSiteId: p.site_id, toSiteId: target.id },
    reason: input.reason,
  });
  return oneView(ctx, await viewerOf(ctx, access, sites), made.id);
}

/**
 * Locks the participant then the transfer (the order every write takes), and refuses a request that is no longer
 * waiting: two people closing it at once cannot both succeed.
 */
async function lockPending(ctx: ServiceCtx, transfer: { id: string; participant_id: string }) {
  const p = (await lockParticipant(ctx, transfer.participant_id))!;
  const t = await lockTransfer(ctx.db, transfer.id);
  if (t.status !== 'PENDING') throw conflict('participants.transfer.noLongerPending', undefined, { status: t.status });
  return { p, t };
}

/** E-114, E-118: the receiving site approves (the participant moves now) or refuses a waiting request. */
export async function reviewTransfer(
  ctx: ServiceCtx,
  input: { studyId: string; transferId: string; status: 'APPROVED' | 'REFUSED'; reviewReason: string },
) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const sites = await studySites(ctx.db, input.studyId);
  const v = await viewerOf(ctx, access, sites);
  const seen = await visibleTransfer(ctx, v, input.transferId);
  const site = (id: string) => sites.find((s) => s.id === id)!;
  const target = site(seen.to_site_id);
  if (!sees(v, target.id))
    throw fail('FORBIDDEN', undefined, {
      message: messageRef('participants.transfer.notTargetSite', { site: target.name }),
    });
  if (seen.requested_by === v.userId)
    throw fail('FORBIDDEN', undefined, { message: messageRef('participants.transfer.ownRequest') });
  const { p, t } = await lockPending(ctx, seen);
  // the request was judged where the participant was; elsewhere it is a different request (it can still be cancelled)
  if (p.site_id !== t.from_site_id)
    throw conflict('participants.transfer.participantMoved', { site: site(t.from_site_id).name });
  if (input.status === 'APPROVED') {
    if (FINAL_STATUSES.includes(p.status as ParticipantStatus))
      throw conflict('participants.transfer.participantLeft', undefined, { status: p.status });
    if (!takesParticipants(ctx, target)) throw conflict('participants.transfer.siteNotTaking', { site: target.name });
    // the version stays: a version change is its own action
    await changeParticipant(ctx, p.id, { site_id: target.id });
  }
  await closeTransfer(ctx.db, t.id, { status: input.status, by: v.userId, reason: input.reviewReason });
  const moved = input.status === 'APPROVED';
  ctx.audit({
    action: 'participant.transfer.review',
    entityType: 'participant',
    entityId: p.id,
    before: { transferId: t.id, status: 'PENDING', ...(moved ? { siteId: t.from_site_id } : {}) },
    after: { transferId: t.id, status: input.status, ...(moved ? { siteId: t.to_site_id } : {}) },
    reason: input.reviewReason,
  });
  return oneView(ctx, v, t.id);
}

/** A waiting request withdrawn by who asked for it, or by staff who manage the participant at its site. */
export async function cancelTransfer(ctx: ServiceCtx, input: { studyId: string; transferId: string; reason: string }) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const sites = await studySites(ctx.db, input.studyId);
  const v = await viewerOf(ctx, access, sites);
  const seen = await visibleTransfer(ctx, v, input.transferId);
  if (seen.requested_by !== v.userId && !sees(v, seen.from_site_id))
    throw fail('FORBIDDEN', undefined, { message: messageRef('participants.transfer.mayNotCancel') });
  const { p, t } = await lockPending(ctx, seen);
  await closeTransfer(ctx.db, t.id, { status: 'CANCELLED', by: v.userId, reason: input.reason });
  ctx.audit({
    action: 'participant.transfer.cancel',
    entityType: 'participant',
    entityId: p.id,
    before: { transferId: t.id, status: 'PENDING' },
    after: { transferId: t.id, status: 'CANCELLED' },
    reason: input.reason,
  });
  return oneView(ctx, v, t.id);
}
