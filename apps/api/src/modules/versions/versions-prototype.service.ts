/**
 * Prototypes of a study's draft (C-006 previewpage, C-064 review/generate-prototype; decision 0043). A
 * prototype freezes the draft's content as it is now; the participant portal shows that copy through a
 * secret link instead of the live version. The token is answered once and only its SHA-256 is kept. A
 * preview is the study team's own and lasts two hours; a shared link lasts the days chosen and can be
 * withdrawn with a reason. Creating and withdrawing are audited; the portal's reads are not (GETs).
 */
import { PREVIEW_VALID_HOURS, type StudyPrototype } from '@trialpath/contract';
import { messageRef, StudyContentSchema } from '@trialpath/domain';
import { randomBytes } from 'node:crypto';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { sha256 } from '../../kernel/hash';
import { requireStudyBuilder } from '../access/access.service';
import { studyCodeOf } from '../studies/studies.service';
import { staffPeople } from '../users/users.service';
import { portalBranding } from './versions-branding.service';
import {
  findPrototype,
  findPrototypeByTokenHash,
  insertPrototype,
  listSharedPrototypes,
  type PrototypeRow,
  revokePrototypeRow,
} from './versions-prototype.repository';
import { findDraft } from './versions.repository';
import { contentOf, json } from './versions.service';

const HOUR_MS = 3_600_000;
const isActive = (p: PrototypeRow, now = Date.now()) => !p.revoked_at && p.expires_at.getTime() > now;

/** The participant portal's address of a prototype (hash route of the study's first page). */
export const prototypeUrl = (studyCode: string, token: string) =>
  `/participant/#/participants/web/${encodeURIComponent(studyCode)}/language?prototype=${token}`;

async function views(ctx: ServiceCtx, rows: PrototypeRow[]): Promise<StudyPrototype[]> {
  const people = await staffPeople(
    ctx,
    rows.flatMap((r) => [r.created_by, r.revoked_by]),
  );
  const person = (id: string | null) => (id ? (people.get(id) ?? { id, name: id }) : null);
  return rows.map((r) => ({
    id: r.id,
    purpose: r.purpose,
    versionNumber: r.version_number,
    note: r.note,
    createdBy: person(r.created_by)!,
    createdAt: r.created_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
    revokedBy: person(r.revoked_by),
    revokedAt: r.revoked_at ? r.revoked_at.toISOString() : null,
    state: r.revoked_at ? 'REVOKED' : isActive(r) ? 'ACTIVE' : 'EXPIRED',
  }));
}

const auditView = (r: PrototypeRow) => ({
  purpose: r.purpose,
  versionNumber: r.version_number,
  note: r.note,
  expiresAt: r.expires_at.toISOString(),
  revokedAt: r.revoked_at ? r.revoked_at.toISOString() : null,
});

/** A prototype of the draft as it is now: a two-hour preview, or a link to share for the days chosen. */
export async function createPrototype(
  ctx: ServiceCtx,
  input: { studyId: string; purpose: 'PREVIEW' | 'SHARE'; validDays?: number; note?: string },
) {
  await requireStudyBuilder(ctx, input.studyId);
  if (input.purpose === 'SHARE' && input.validDays === undefined)
    throw fieldProblem('VALIDATION_FAILED', 'validDays', 'errors.required');
  if (input.purpose === 'PREVIEW' && input.validDays !== undefined)
    throw fieldProblem('VALIDATION_FAILED', 'validDays', 'errors.invalidValue');
  const draft = await findDraft(ctx.db, input.studyId);
  if (!draft) throw fail('NO_DRAFT');
  const token = randomBytes(32).toString('base64url');
  const lasts = input.purpose === 'SHARE' ? input.validDays! * 24 * HOUR_MS : PREVIEW_VALID_HOURS * HOUR_MS;
  const row = await insertPrototype(ctx.db, {
    study_id: input.studyId,
    version_id: draft.id,
    version_number: draft.number,
    content: JSON.stringify(contentOf(draft)),
    purpose: input.purpose,
    token_hash: sha256(token),
    note: input.note?.trim() || null,
    created_by: ctx.staff().userId,
    expires_at: new Date(Date.now() + lasts),
  });
  ctx.audit({
    action: 'study.prototype.create',
    entityType: 'study_prototype',
    entityId: row.id,
    after: auditView(row),
  });
  const [view] = await views(ctx, [row]);
  return { ...view!, url: prototypeUrl(await studyCodeOf(ctx, input.studyId), token) };
}

/** The study's shared prototypes, newest first (a preview is its maker's own and not listed). */
export async function prototypeList(ctx: ServiceCtx, input: { studyId: string; pageNum: number; pageSize: number }) {
  await requireStudyBuilder(ctx, input.studyId);
  const { rows, total } = await listSharedPrototypes(ctx.db, input.studyId, {
    offset: (input.pageNum - 1) * input.pageSize,
    limit: input.pageSize,
  });
  return { items: await views(ctx, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** Withdraw a link that still works; the reason goes to the trail. */
export async function revokePrototype(ctx: ServiceCtx, input: { studyId: string; prototypeId: string }) {
  await requireStudyBuilder(ctx, input.studyId);
  const before = await findPrototype(ctx.db, input.studyId, input.prototypeId, true);
  if (!before) throw fail('NOT_FOUND');
  if (!isActive(before)) throw fail('CONFLICT', undefined, { message: messageRef('prototypes.notActive') });
  const after = await revokePrototypeRow(ctx.db, before.id, ctx.staff().userId);
  ctx.audit({
    action: 'study.prototype.revoke',
    entityType: 'study_prototype',
    entityId: before.id,
    before: auditView(before),
    after: auditView(after),
  });
  return (await views(ctx, [after]))[0]!;
}

/**
 * The portal's study look through a prototype link: the frozen draft's branding and the version it copies.
 * An unknown, expired or withdrawn link is not found (the portal says the link no longer works).
 */
export async function prototypeForPortal(ctx: ServiceCtx, studyId: string, token: string) {
  const row = await findPrototypeByTokenHash(ctx.db, studyId, sha256(token));
  if (!row || !isActive(row)) throw fail('NOT_FOUND');
  const content = StudyContentSchema.parse(json(row.content));
  return {
    branding: await portalBranding(ctx, studyId, content),
    prototype: { versionNumber: row.version_number, expiresAt: row.expires_at.toISOString() },
  };
}
