/**
 * The participant list (E-004, E-005, E-064, E-067…E-069; decision E-participant-list): only the participants
 * the caller may see (study assignment → sites → data access type, the page's data space), searched, filtered,
 * sorted and paged by the server. A caller who may not identify participants gets no name or e-mail, cannot
 * search or sort by them, and sees the same list otherwise.
 */
import type { ParticipantListQuerySchema } from '@trialpath/contract';
import {
  can,
  type ConsentListStatus,
  type EnrolmentSource,
  IDENTITY_SORT_KEYS,
  messageRef,
  type ParticipantStatus,
  TELEHEALTH_REACHABLE_STATUSES,
  WITHDRAWN_OR_FAILED,
  FINAL_STATUSES,
  PARTICIPANT_STATUSES,
} from '@trialpath/domain';
import type { z } from 'zod';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { hideUnblinded, requireStudy, rolesOf, type StudyAccess, visibleSites } from '../access/access.service';
import { labelsFromJson, studyLabels } from './participant-labels.repository';
import {
  countParticipants,
  type ParticipantListFilter,
  participantPage,
  studySitesForList,
  studyVersionsForList,
} from './participant-list.repository';

type ListQuery = z.output<typeof ParticipantListQuerySchema>;

/** Whether the caller may see who participants are (name, e-mail) in this study. */
export function mayIdentify(ctx: ServiceCtx, studyId: string): boolean {
  return rolesOf(ctx.staff(), studyId).some((r) => can(r, 'participants.identify'));
}

/** Whether the caller may add, label, invite and change participants in this study (not on a read-only assignment). */
export function mayManage(ctx: ServiceCtx, studyId: string, readOnly: boolean): boolean {
  return !readOnly && rolesOf(ctx.staff(), studyId).some((r) => can(r, 'participants.manage'));
}

export async function participantListOptions(ctx: ServiceCtx, input: { studyId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const [sites, versions, labels] = await Promise.all([
    studySitesForList(ctx.db, input.studyId),
    studyVersionsForList(ctx.db, input.studyId),
    studyLabels(ctx.db, input.studyId),
  ]);
  return {
    sites: (access.global ? sites : visibleSites(ctx, access, sites)).map((s) => ({
      id: s.id,
      name: s.name,
      siteCode: s.site_code,
    })),
    versions: versions.map((v) => ({ ...v, status: v.status as 'PUBLISHED' | 'ARCHIVED' })),
    labels,
    identify: mayIdentify(ctx, input.studyId),
    manage: mayManage(ctx, input.studyId, access.assignment?.readOnly ?? false),
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The statuses asked for; with the withdrawn-or-failed filter, only those of them; on the migration list, only those
 * of participants still in the study; on a telehealth search, only those who can be called (none left: nobody matches).
 */
function statusesOf(
  input: Pick<
    ListQuery,
    'filter' | 'withdrawnOrFailedFilter' | 'isForMigrationList' | 'isTelehealthSearch' | 'includeVerified'
  >,
): readonly ParticipantStatus[] | undefined {
  let statuses = input.filter;
  if (input.withdrawnOrFailedFilter === 'true')
    statuses = (statuses?.length ? statuses : PARTICIPANT_STATUSES).filter((s) => WITHDRAWN_OR_FAILED.includes(s));
  if (input.isForMigrationList === 'true')
    statuses = (statuses?.length ? statuses : PARTICIPANT_STATUSES).filter((s) => !FINAL_STATUSES.includes(s));
  if (input.includeVerified === 'false')
    statuses = (statuses?.length ? statuses : PARTICIPANT_STATUSES).filter((s) => s !== 'VERIFIED');
  if (input.isTelehealthSearch === 'true')
    statuses = (statuses?.length ? statuses : PARTICIPANT_STATUSES).filter((s) =>
      TELEHEALTH_REACHABLE_STATUSES.includes(s),
    );
  return statuses;
}

/** The sites asked for: by id, and by country (both given: the sites in both); undefined: all. */
function askedSites(
  input: Pick<ListQuery, 'siteIds' | 'countryIds'>,
  sites: readonly { id: string; country_id: string }[],
): string[] | undefined {
  if (!input.countryIds?.length) return input.siteIds;
  const countries = new Set(input.countryIds.map((c) => c.toUpperCase()));
  const inCountries = sites.filter((s) => countries.has(s.country_id)).map((s) => s.id);
  const ids = input.siteIds?.length ? inCountries.filter((id) => input.siteIds!.includes(id)) : inCountries;
  // no site in those countries: a site id that matches nobody
  return ids.length ? ids : ['00000000-0000-0000-0000-000000000000'];
}

type ListFilterInput = { studyId: string } & Omit<ListQuery, 'pageNum' | 'pageSize'>;

/**
 * The list's filter and order for the caller (the list's pages and its export read the same): null when the
 * statuses asked for leave nobody.
 */
export async function listSelection(ctx: ServiceCtx, input: ListFilterInput) {
  // the study's sites read with the access check (nothing of them is answered unless the check passes)
  const [access, sites, versions] = await Promise.all([
    requireStudy(ctx, input.studyId),
    studySitesForList(ctx.db, input.studyId),
    input.sortValue === 'version' ? studyVersionsForList(ctx.db, input.studyId) : [],
  ]);
  const identify = mayIdentify(ctx, input.studyId);
  if (!identify && IDENTITY_SORT_KEYS.includes(input.sortValue))
    throw fail('VALIDATION_FAILED', undefined, {
      message: messageRef('participants.sortNeedsIdentity'),
      fields: { sortValue: [messageRef('participants.sortNeedsIdentity')] },
    });
  const statuses = statusesOf(input);
  const filter: ParticipantListFilter = {
    studyId: input.studyId,
    environment: ctx.env,
    // the same rule as one record's (maySeeSiteRecord): assigned sites of the caller's data access type
    siteIds: access.global ? null : visibleSites(ctx, access, sites).map((site) => site.id),
    search: input.search || undefined,
    identify,
    statuses,
    sources: input.sourcefilter as EnrolmentSource[] | undefined,
    askedSiteIds: askedSites(input, sites),
    versionIds: [...(input.versionIds ?? []), ...(input.currentAssignedVersionIds ?? [])],
    excludeVersionId: input.excludeVersionId,
    labelIds: input.customKey,
    consent: input.consentStatus as ConsentListStatus | undefined,
    cohortId: input.cohortId,
    language: input.languageId,
    documentId: input.docId,
    withoutDocument: input.docId !== undefined && input.activateForMoreParticipants === 'true',
  };
  const order = {
    key: input.sortValue,
    descending: input.sortOrder === 'desc',
    siteRank: sites.map((site) => site.id),
    versionRank: versions.map((v) => v.id).reverse(),
  };
  return { access, identify, filter, order, nobody: statuses?.length === 0 };
}

type PageRow = Awaited<ReturnType<typeof participantPage>>[number];

/** A page of the list's rows for a selection made by listSelection (the export reads every page). */
export const listPage = (
  ctx: ServiceCtx,
  filter: ParticipantListFilter,
  order: Parameters<typeof participantPage>[2],
  page: { offset: number; limit: number },
) => participantPage(ctx.db, filter, order, page);

/** A row of the list as the caller may receive it. */
export function listEntryOf(access: StudyAccess, identify: boolean, r: PageRow) {
  const name = [r.first_name, r.last_name].filter(Boolean).join(' ');
  return hideUnblinded(access, 'participant', {
    id: r.id,
    participantId: r.participant_code,
    participantName: identify ? name || null : null,
    firstName: identify ? r.first_name : null,
    lastName: identify ? r.last_name : null,
    email: identify ? r.email : null,
    siteId: r.site_id,
    siteName: r.site_name,
    siteCode: r.site_code,
    status: r.status as ParticipantStatus,
    consentStatus: (r.signed ? 'SIGNED' : 'NOT_SIGNED') as ConsentListStatus,
    source: r.source,
    versionId: r.version_id,
    versionName: r.version_name,
    languageId: r.language,
    registrationDate: iso(r.registration_date),
    createdAt: r.created_at.toISOString(),
    labels: labelsFromJson(r.labels),
  });
}

export async function participantList(ctx: ServiceCtx, input: { studyId: string } & ListQuery) {
  const { access, identify, filter, order, nobody } = await listSelection(ctx, input);
  if (nobody) return { items: [], total: 0, page: input.pageNum, pageSize: input.pageSize, identify };
  const offset = (input.pageNum - 1) * input.pageSize;
  // the page and the count at once (two connections)
  const [rows, total] = await Promise.all([
    participantPage(ctx.db, filter, order, { offset, limit: input.pageSize }),
    countParticipants(ctx.db, filter),
  ]);
  const items = rows.map((r) => listEntryOf(access, identify, r));
  return { items, total, page: input.pageNum, pageSize: input.pageSize, identify };
}
