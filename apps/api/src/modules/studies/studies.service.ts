/** Studies as a staff user sees them: scoped to assignments (the platform admin sees the client's all). */
import { DATA_ACCESS_BOTH, DEFAULT_COUNTRY, DEFAULT_LANGUAGE, joinRealmRole } from '@trialpath/domain';
import type { Db } from '../../db/database';
import type { StaffActor } from '../../http/context';
import { fail } from '../../http/errors';
import { isSystemAdmin } from '../users/users.service';
import type { StudyAssignmentRow } from '../users/users.repository';
import {
  findCountry,
  findLanguage,
  findStudyByCode,
  findStudyById,
  listSitesOfStudy,
  listStudies,
  listStudyCountries,
  listStudyLanguages,
  type StudyListFilter,
} from './studies.repository';

export interface StudyAccess {
  study: NonNullable<Awaited<ReturnType<typeof findStudyById>>>;
  assignment: StudyAssignmentRow | null;
  /** Platform admin of the study's client: row checks do not narrow by site. */
  global: boolean;
  role: string;
}

/**
 * Row check 1 (study assignment). Refusal is the same 403 whether the study exists or not, so a
 * non-admin learns nothing about studies they are not on.
 */
export async function requireStudyAccess(db: Db, actor: StaffActor, studyId: string): Promise<StudyAccess> {
  const study = await findStudyById(db, studyId);
  const global = isSystemAdmin(actor) && study?.client_id === actor.clientId;
  if (!study || study.client_id !== actor.clientId) {
    throw isSystemAdmin(actor) ? fail('NOT_FOUND') : fail('FORBIDDEN');
  }
  const assignment = actor.assignments.find((a) => a.studyId === studyId);
  if (!assignment && !global) throw fail('FORBIDDEN');
  const role = assignment
    ? joinRealmRole(actor.realm, assignment.role)
    : joinRealmRole(actor.realm, actor.platformRole);
  return { study, assignment: assignment ?? null, global, role };
}

export async function studyList(
  db: Db,
  actor: StaffActor,
  q: Omit<StudyListFilter, 'clientId' | 'assignedTo' | 'userId'>,
) {
  const admin = isSystemAdmin(actor);
  const { total, rows } = await listStudies(db, {
    ...q,
    clientId: actor.clientId,
    assignedTo: admin ? null : actor.userId,
    userId: actor.userId,
  });
  return {
    items: rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      sponsorName: r.sponsor_name,
      status: r.status,
      siteCount: Number(r.site_count ?? 0),
      userRole: joinRealmRole(actor.realm, r.my_role ?? actor.platformRole),
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Study details; the sites listed are those the caller may see (assigned, matching data access type). */
export async function studyDetails(db: Db, actor: StaffActor, studyId: string) {
  const access = await requireStudyAccess(db, actor, studyId);
  const { study } = access;
  const allSites = await listSitesOfStudy(db, study.id);
  const visible = access.global
    ? allSites
    : allSites.filter(
        (s) =>
          access.assignment?.assignedSiteIds.includes(s.id) &&
          (actor.dataAccessType === DATA_ACCESS_BOTH || actor.dataAccessType === s.site_sub_type),
      );
  const languages = await listStudyLanguages(db, study.id);
  return {
    id: study.id,
    code: study.code,
    name: study.name,
    sponsorName: study.sponsor_name,
    status: study.status,
    isNewStudyConfigurator: study.is_new_study_configurator,
    color: study.color,
    languages: languages.length ? languages.map((l) => l.id) : [DEFAULT_LANGUAGE],
    sites: visible.map((s) => ({
      id: s.id,
      siteId: s.site_code,
      name: s.name,
      siteSubType: s.site_sub_type,
      countryId: s.country_id,
      countryName: s.country_name,
    })),
  };
}

export async function validateUser(db: Db, actor: StaffActor, studyId: string) {
  await requireStudyAccess(db, actor, studyId);
  return { ok: true as const };
}

/** Public facts of a study for its participant portal (001 §3): countries and languages, defaults en / US. */
export async function participantWebStudy(db: Db, studyCode: string) {
  const study = await findStudyByCode(db, studyCode);
  if (!study) throw fail('NOT_FOUND');
  let countries = (await listStudyCountries(db, study.id)).map((c) => ({
    countryId: c.id,
    name: c.name,
    isoCode2: c.id,
    isoCode3: c.iso_code3,
    default: c.is_default,
    active: c.active,
    sortOrder: c.sort_order,
  }));
  if (countries.length === 0) {
    const us = await findCountry(db, DEFAULT_COUNTRY);
    countries = us
      ? [
          {
            countryId: us.id,
            name: us.name,
            isoCode2: us.id,
            isoCode3: us.iso_code3,
            default: true,
            active: true,
            sortOrder: 0,
          },
        ]
      : [];
  }
  let languages = (await listStudyLanguages(db, study.id)).map((l) => ({
    language_id: l.id,
    language_culture: l.id,
    display_name: l.display_name,
    is_default: l.is_default,
  }));
  if (languages.length === 0) {
    const en = await findLanguage(db, DEFAULT_LANGUAGE);
    languages = [
      {
        language_id: DEFAULT_LANGUAGE,
        language_culture: DEFAULT_LANGUAGE,
        display_name: en?.display_name ?? 'English',
        is_default: true,
      },
    ];
  }
  return { studyId: study.id, studyCode: study.code, name: study.name, color: study.color, countries, languages };
}

/** the study's switched features; only boolean entries of the stored object count. */
export async function studyFeatures(db: Db, actor: StaffActor, studyId: string) {
  const { study } = await requireStudyAccess(db, actor, studyId);
  const raw: unknown = typeof study.features === 'string' ? JSON.parse(study.features) : study.features;
  const studyFeatures: Record<string, boolean> = {};
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'boolean') studyFeatures[k] = v;
  }
  return { studyId: study.id, studyFeatures };
}
