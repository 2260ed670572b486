/**
 * Sites of a study and their global settings (002 §3, §7; decision 0032). A site manager (sites.manage
 * in the study, or the platform admin) sees every site of the study; anyone else the sites the access
 * module lets them see (assigned, matching data access type). A site's status is kept per data space:
 * the page's address (the Env header) decides which one a call reads and changes (C-148).
 */
import {
  type AppEnvironment,
  can,
  countryName,
  messageRef,
  roleTitle,
  type SiteStatus,
  type VersionSite,
} from '@trialpath/domain';
import type { SiteInput } from '@trialpath/contract';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail, fieldError, fieldProblem } from '../../kernel/errors';
import { requireStudy, rolesOf, type StudyAccess, visibleSites } from '../access/access.service';
import {
  countryExists,
  findMember,
  findSite,
  findSiteForUpdate,
  findSiteSettings,
  insertSite,
  listSiteDetails,
  listSiteMemberships,
  listSiteRefs,
  listSites,
  listSiteTeam,
  type SiteRow,
  type SiteValues,
  siteCodeTaken,
  updateSiteRow,
  updateSiteStatusRow,
  upsertSiteSettings,
} from './sites.repository';

/** The study, for a site manager: its platform admin, or a role with sites.manage on a writable assignment. */
export function isSiteManager(ctx: ServiceCtx, access: StudyAccess): boolean {
  if (access.global) return true;
  if (access.assignment?.readOnly) return false;
  return rolesOf(ctx.staff(), access.studyId).some((r) => can(r, 'sites.manage'));
}

/** Refuses a caller who may not change the study's sites and teams (a read-only assignment, no sites.manage). */
export async function requireSiteManager(ctx: ServiceCtx, studyId: string): Promise<StudyAccess> {
  const access = await requireStudy(ctx, studyId);
  if (!isSiteManager(ctx, access)) throw fail('FORBIDDEN');
  return access;
}

/** Ids of the study's sites this caller sees; null = every one (a site manager). */
export async function visibleSiteIds(ctx: ServiceCtx, access: StudyAccess): Promise<string[] | null> {
  if (isSiteManager(ctx, access)) return null;
  return visibleSites(ctx, access, await listSiteRefs(ctx.db, access.studyId)).map((s) => s.id);
}

const statusIn = (row: { test_status: string; live_status: string }, env: AppEnvironment) =>
  (env === 'TEST' ? row.test_status : row.live_status) as SiteStatus;

function toListEntry(ctx: ServiceCtx, row: SiteRow) {
  const country = {
    countryId: row.country_id,
    countryName: countryName(row.country_id, ctx.request.language, row.country_name),
  };
  return {
    id: row.id,
    name: row.name,
    siteId: row.site_code,
    siteSubType: row.site_sub_type,
    status: statusIn(row, ctx.env),
    countryList: [country],
    countryNameList: [country.countryName],
    teamSize: Number(row.team_size ?? 0),
  };
}

async function toDetail(ctx: ServiceCtx, studyId: string, row: SiteRow) {
  const lang = ctx.request.language;
  const team = await listSiteTeam(ctx.db, studyId, row.id);
  return {
    ...toListEntry(ctx, row),
    countryId: row.country_id,
    address: row.address,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    contactName: row.contact_name,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    siteAccessType: ctx.env,
    testStatus: row.test_status as SiteStatus,
    liveStatus: row.live_status as SiteStatus,
    updatedAt: row.updated_at.toISOString(),
    siteTeamMembers: team.map((m) => ({
      siteTeamMemberId: m.id,
      userId: m.user_id,
      name: `${m.first_name} ${m.last_name}`.trim(),
      email: m.email,
      role: m.role,
      roleTitle: roleTitle(m.role, lang),
      blinded: m.blinded,
      active: m.active && m.study_active,
      accountStatus: m.account_status,
    })),
  };
}

/** A site of the study (name and code), or undefined: for areas that hang things on a site (documents). */
export async function siteOfStudy(ctx: DbCtx, studyId: string, siteId: string) {
  const row = await findSite(ctx.db, studyId, siteId);
  return row ? { id: row.id, name: row.name, siteCode: row.site_code } : undefined;
}

/** The study's sites as a version records them when published (decision 0030; the diff's sites part). */
export async function versionSites(ctx: DbCtx, studyId: string): Promise<VersionSite[]> {
  return (await listSiteDetails(ctx.db, studyId)).map((s) => ({
    id: s.id,
    siteCode: s.site_code,
    name: s.name,
    subType: s.site_sub_type,
    countryId: s.country_id,
    address: s.address,
    city: s.city,
    state: s.state,
    postalCode: s.postal_code,
    contactName: s.contact_name,
    contactEmail: s.contact_email,
    contactPhone: s.contact_phone,
  }));
}

export async function siteList(
  ctx: ServiceCtx,
  input: { studyId: string; search?: string; page: number; pageSize: number },
) {
  const access = await requireStudy(ctx, input.studyId);
  const visible = await visibleSiteIds(ctx, access);
  const { total, rows } = await listSites(ctx.db, { ...input, visible });
  return {
    items: rows.map((r) => toListEntry(ctx, r)),
    total,
    page: input.page,
    pageSize: input.pageSize,
    siteAccessType: ctx.env,
  };
}

/** A site of the study the caller may see; 404 for a missing one or one they may not see. */
async function seenSite(ctx: ServiceCtx, access: StudyAccess, siteId: string): Promise<SiteRow> {
  const visible = await visibleSiteIds(ctx, access);
  const row = await findSite(ctx.db, access.studyId, siteId);
  if (!row || (visible !== null && !visible.includes(row.id))) throw fail('NOT_FOUND');
  return row;
}

export async function siteDetail(ctx: ServiceCtx, input: { studyId: string; siteId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  return toDetail(ctx, input.studyId, await seenSite(ctx, access, input.siteId));
}

async function checkedValues(
  ctx: ServiceCtx,
  studyId: string,
  body: SiteInput,
  exceptId?: string,
): Promise<SiteValues> {
  if (!(await countryExists(ctx.db, body.countryId))) throw fieldError('countryId', messageRef('sites.unknownCountry'));
  if (await siteCodeTaken(ctx.db, studyId, body.siteId, exceptId)) {
    throw fieldProblem('CONFLICT', 'siteId', 'sites.codeTaken', { code: body.siteId });
  }
  return {
    site_code: body.siteId,
    name: body.name,
    country_id: body.countryId,
    site_sub_type: body.siteSubType,
    address: body.address,
    city: body.city,
    state: body.state,
    postal_code: body.postalCode,
    contact_name: body.contactName,
    contact_email: body.contactEmail,
    contact_phone: body.contactPhone,
  };
}

/** What the audit trail keeps of a site (its fields as the API names them). */
function auditView(row: SiteValues & { test_status?: string; live_status?: string }) {
  return {
    siteId: row.site_code,
    name: row.name,
    countryId: row.country_id,
    siteSubType: row.site_sub_type,
    address: row.address,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    contactName: row.contact_name,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
  };
}

export async function createSite(ctx: ServiceCtx, input: { studyId: string; body: SiteInput }) {
  await requireSiteManager(ctx, input.studyId);
  const values = await checkedValues(ctx, input.studyId, input.body);
  const id = await insertSite(ctx.db, input.studyId, values);
  ctx.audit({
    action: 'site.create',
    entityType: 'site',
    entityId: id,
    after: { studyId: input.studyId, ...auditView(values), testStatus: 'ACTIVE', liveStatus: 'PENDING' },
  });
  return toDetail(ctx, input.studyId, (await findSite(ctx.db, input.studyId, id))!);
}

export async function updateSite(ctx: ServiceCtx, input: { studyId: string; siteId: string; body: SiteInput }) {
  await requireSiteManager(ctx, input.studyId);
  const before = await findSiteForUpdate(ctx.db, input.studyId, input.siteId);
  if (!before) throw fail('NOT_FOUND');
  const values = await checkedValues(ctx, input.studyId, input.body, before.id);
  await updateSiteRow(ctx.db, before.id, values);
  ctx.audit({
    action: 'site.update',
    entityType: 'site',
    entityId: before.id,
    before: auditView(before),
    after: auditView(values),
  });
  return toDetail(ctx, input.studyId, (await findSite(ctx.db, input.studyId, before.id))!);
}

export async function updateSiteStatus(
  ctx: ServiceCtx,
  input: { studyId: string; siteId: string; status: SiteStatus },
) {
  await requireSiteManager(ctx, input.studyId);
  const before = await findSiteForUpdate(ctx.db, input.studyId, input.siteId);
  if (!before) throw fail('NOT_FOUND');
  await updateSiteStatusRow(ctx.db, before.id, ctx.env, input.status);
  ctx.audit({
    action: 'site.status',
    entityType: 'site',
    entityId: before.id,
    before: { status: statusIn(before, ctx.env), siteAccessType: ctx.env },
    after: { status: input.status, siteAccessType: ctx.env },
  });
  return toDetail(ctx, input.studyId, (await findSite(ctx.db, input.studyId, before.id))!);
}

/**
 * The sites a user works at in a study (C-158): active site memberships of an active study
 * membership, within the sites the caller may see. Another user's list needs users.view in the study.
 */
export async function userSites(ctx: ServiceCtx, input: { studyId: string; userId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const actor = ctx.staff();
  if (input.userId !== actor.userId && !rolesOf(actor, input.studyId).some((r) => can(r, 'users.view'))) {
    throw fail('FORBIDDEN');
  }
  const visible = await visibleSiteIds(ctx, access);
  const { rows } = await listSites(ctx.db, { studyId: input.studyId, visible, page: 1, pageSize: 1000 });
  const mine = new Set(
    (await listSiteTeamOfUser(ctx, input.studyId, input.userId)).filter((m) => m.active).map((m) => m.siteId),
  );
  return {
    userId: input.userId,
    siteAccessType: ctx.env,
    items: rows.filter((r) => mine.has(r.id)).map((r) => toListEntry(ctx, r)),
  };
}

async function listSiteTeamOfUser(ctx: ServiceCtx, studyId: string, userId: string) {
  const member = await findMember(ctx.db, studyId, userId, ctx.staff().clientId);
  if (!member?.active) return [];
  return (await listSiteMemberships(ctx.db, studyId, [userId])).map((m) => ({ siteId: m.site_id, active: m.active }));
}

// ── global site settings (C-159, C-160) ──────────────────────────────────────────────────────

function settingsView(studyId: string, row: Awaited<ReturnType<typeof findSiteSettings>>) {
  return {
    studyId,
    isAddParticipantGlobalSettingEnabled: row?.is_add_participant_global_setting_enabled ?? false,
    isDocumentGlobalSettingEnabled: row?.is_document_global_setting_enabled ?? false,
    isDownloadEsourceDocsEnabled: row?.is_download_esource_docs_enabled ?? false,
  };
}

export async function siteSettings(ctx: ServiceCtx, input: { studyId: string }) {
  await requireStudy(ctx, input.studyId);
  return settingsView(input.studyId, await findSiteSettings(ctx.db, input.studyId));
}

export async function updateSiteSettings(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    isAddParticipantGlobalSettingEnabled: boolean;
    isDocumentGlobalSettingEnabled: boolean;
    isDownloadEsourceDocsEnabled: boolean;
  },
) {
  await requireSiteManager(ctx, input.studyId);
  const before = settingsView(input.studyId, await findSiteSettings(ctx.db, input.studyId, true));
  const row = await upsertSiteSettings(ctx.db, input.studyId, {
    addParticipant: input.isAddParticipantGlobalSettingEnabled,
    document: input.isDocumentGlobalSettingEnabled,
    downloadEsource: input.isDownloadEsourceDocsEnabled,
  });
  const after = settingsView(input.studyId, row);
  ctx.audit({ action: 'site.settings', entityType: 'study', entityId: input.studyId, before, after });
  return after;
}
