/**
 * The study navigation of a study page, decided from the per-study token's authorities (000 §6,
 * each item needs a permission of one of the roles the token carries; the test twin link
 * also needs the test-portal flag. Pure, so it is tested without rendering.
 */
import { type Action, can, testTwinPath } from '@trialpath/domain';

export interface StudyNavItem {
  id:
    | 'dashboard'
    | 'analytics'
    | 'reports'
    | 'dataExport'
    | 'complianceExport'
    | 'dataTransfer'
    | 'datavant'
    | 'studyVideos'
    | 'participants'
    | 'participantTransfers'
    | 'dataQueries'
    | 'participantDocuments'
    | 'messages'
    | 'telehealthAppointments'
    | 'telehealthAvailability'
    | 'testEnvironment'
    | 'liveEnvironment'
    | 'versions'
    | 'translations'
    | 'researchTeam';
  to: string;
  action: Action;
}

export function studyNavItems(
  studyId: string,
  authorities: readonly string[],
  options: { twin: boolean; testPortal: boolean },
): StudyNavItem[] {
  const live = `/studies/${studyId}/dashboard`;
  const twin = testTwinPath(live);
  const items: StudyNavItem[] = [{ id: 'dashboard', to: options.twin ? twin : live, action: 'studies.view' }];
  const studyPath = (p: string) =>
    options.twin ? testTwinPath(`/studies/${studyId}/${p}`) : `/studies/${studyId}/${p}`;
  // the analytics screens of the page's data space (issue 13, G-003: vis opens the executive summary)
  const vis = `/studies/${studyId}/vis`;
  items.push({ id: 'analytics', to: options.twin ? testTwinPath(vis) : vis, action: 'analytics.view' });
  // saved reports of the page's data space (G-017)
  const reports = `/studies/${studyId}/reports`;
  items.push({ id: 'reports', to: options.twin ? testTwinPath(reports) : reports, action: 'reports.view' });
  // the study's data exports and the compliance report export (issue 14, H-001, H-002)
  items.push(
    { id: 'dataExport', to: studyPath('data-export'), action: 'exports.run' },
    { id: 'complianceExport', to: studyPath('compliance-report-export'), action: 'exports.run' },
  );
  // SFTP destinations receiving the study's data exports (issue 14, decision H-sftp)
  const dataTransfer = `/studies/${studyId}/data-transfer`;
  items.push({
    id: 'dataTransfer',
    to: options.twin ? testTwinPath(dataTransfer) : dataTransfer,
    action: 'exports.run',
  });
  // linkage tokens of the page's data space (H-024…H-029) and the study's videos (H-033, H-034)
  items.push(
    { id: 'datavant', to: studyPath('datavant'), action: 'exports.run' },
    { id: 'studyVideos', to: studyPath('videos'), action: 'studies.design' },
  );
  // the participants of the page's data space (issue 12)
  const participants = `/studies/${studyId}/participants`;
  items.push({
    id: 'participants',
    to: options.twin ? testTwinPath(participants) : participants,
    action: 'participants.view',
  });
  // the site transfers of the page's data space, from or to the person's sites (E-022)
  const transfers = `/studies/${studyId}/participant-transfers`;
  items.push({
    id: 'participantTransfers',
    to: options.twin ? testTwinPath(transfers) : transfers,
    action: 'participants.view',
  });
  // data queries on answers, participants' documents for signature, messages to participants (issue 12)
  const studyPage = (p: string) =>
    options.twin ? testTwinPath(`/studies/${studyId}/${p}`) : `/studies/${studyId}/${p}`;
  items.push(
    { id: 'dataQueries', to: studyPage('queries'), action: 'responses.view' },
    { id: 'participantDocuments', to: studyPage('participant-documents'), action: 'participants.view' },
    { id: 'messages', to: studyPage('messages'), action: 'participants.view' },
  );
  // telehealth appointments of the page's data space and the team's weekly hours (issue 15, F-003, F-004)
  items.push(
    { id: 'telehealthAppointments', to: studyPage('telehealth/appointments'), action: 'telehealth.call' },
    { id: 'telehealthAvailability', to: studyPage('telehealth/availability'), action: 'telehealth.call' },
  );
  if (options.testPortal) {
    items.push(
      options.twin
        ? { id: 'liveEnvironment', to: live, action: 'studies.view' }
        : { id: 'testEnvironment', to: twin, action: 'participants.manage' },
    );
  }
  // Versions group (issue 9, helper "review"): version management and translations, for study builders.
  const page = (p: string) => (options.twin ? testTwinPath(`/studies/${studyId}/${p}`) : `/studies/${studyId}/${p}`);
  items.push(
    { id: 'versions', to: page('version-management'), action: 'studies.design' },
    { id: 'translations', to: page('translations'), action: 'studies.design' },
  );
  // The research team and its sites (decision 0032), on the page's own data space.
  const sites = `/studies/${studyId}/research-team/research-site/list`;
  items.push({ id: 'researchTeam', to: options.twin ? testTwinPath(sites) : sites, action: 'sites.view' });
  return items.filter((item) => authorities.some((a) => can(a, item.action)));
}

// ── Customize group (issue 9, decision 0034) ──────────────────────────────────────────────────
export interface CustomizeNavItem {
  id:
    | 'library'
    | 'onboarding'
    | 'eligibility'
    | 'engagementContent'
    | 'registration'
    | 'appStore'
    | 'medicalDevices'
    | 'wearables'
    | 'webPages'
    | 'epicMyChart';
  to: string;
}

const CUSTOMIZE_NAV: readonly [CustomizeNavItem['id'], string][] = [
  ['library', 'customize/library'],
  ['onboarding', 'customize/onboarding'],
  ['eligibility', 'customize/eligibility'],
  ['engagementContent', 'customize/engagement-content'],
  ['registration', 'customize/registration'],
  ['appStore', 'customize/app-store'],
  ['medicalDevices', 'customize/medical-devices'],
  ['wearables', 'customize/wearables'],
  ['epicMyChart', 'customize/epic-mychart'],
  ['webPages', 'web/global'],
];

/** The study's customize screens, for those who may design the study (`studies.design`). */
export function customizeNavItems(
  studyId: string,
  authorities: readonly string[],
  options: { twin: boolean },
): CustomizeNavItem[] {
  if (!authorities.some((a) => can(a, 'studies.design'))) return [];
  return CUSTOMIZE_NAV.map(([id, path]) => {
    const live = `/studies/${studyId}/${path}`;
    return { id, to: options.twin ? testTwinPath(live) : live };
  });
}
