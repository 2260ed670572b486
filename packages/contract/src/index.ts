import * as auth from './auth';
import * as identity from './identity';
import * as participant from './participant';
import * as participantAccount from './participant-account';
import * as participantEnrolment from './participant-enrolment';
import * as sites from './sites';
import * as sso from './sso';
import * as profile from './profile';
import * as studies from './studies';
import * as studyBuild from './study-build';
import * as studyContent from './study-content';
import * as studyVersions from './study-versions';
import * as studyTranslations from './study-translations';
import * as irbDocumentation from './irb-documentation';
import * as system from './system';
import * as users from './users';
import * as files from './files';
import * as studyDocuments from './study-documents';
import * as iconLibrary from './icon-library';
import * as studyPrototypes from './study-prototypes';
import * as activities from './activities';
import * as forms from './forms';
import * as schedules from './schedules';
import * as responses from './responses';
import * as push from './push';
import * as participantSite from './participant-site';
import * as consent from './consent';
import * as consentSigning from './consent-signing';
import * as identityTokens from './identity-tokens';
import * as portalContent from './portal-content';
import * as participants from './participants';
import * as participantRecords from './participant-records';
import * as siteTransfers from './site-transfers';
import * as participantImport from './participant-import';
import * as siteForms from './site-forms';
import * as dataQueries from './data-queries';
import * as participantMessages from './participant-messages';
import * as participantDocuments from './participant-documents';
import * as responseCorrections from './response-corrections';
import * as analytics from './analytics';
import * as reports from './reports';
import * as linkage from './linkage';
import * as telehealth from './telehealth';
import * as telehealthCalls from './telehealth-calls';
import * as telehealthRecordings from './telehealth-recordings';
import * as studyVideos from './study-videos';
import * as exportJobs from './exports';
import * as devices from './devices';
import * as sftp from './sftp';
import * as ehr from './ehr';
import type { Endpoint } from './endpoint';

export * from './endpoint';
export * from './common';
export * from './auth';
export * from './identity';
export * from './participant';
export * from './participant-account';
export * from './participant-enrolment';
export * from './passwords';
export * from './sites';
export * from './sso';
export * from './profile';
export * from './studies';
export * from './study-build';
export * from './study-content';
export * from './study-versions';
export * from './study-translations';
export * from './irb-documentation';
export * from './system';
export * from './users';
export * from './files';
export * from './study-documents';
export * from './icon-library';
export * from './study-prototypes';
export * from './activities';
export * from './forms';
export * from './schedules';
export * from './responses';
export * from './push';
export * from './portal-content';
export * from './participant-site';
export * from './consent';
export * from './consent-signing';
export * from './identity-tokens';
export * from './participants';
export * from './participant-records';
export * from './site-transfers';
export * from './participant-import';
export * from './site-forms';
export * from './data-queries';
export * from './participant-messages';
export * from './participant-documents';
export * from './response-corrections';
export * from './analytics';
export * from './reports';
export * from './linkage';
export * from './telehealth';
export * from './telehealth-calls';
export * from './telehealth-recordings';
export * from './call-signals';
export * from './study-videos';
export * from './exports';
export * from './devices';
export * from './sftp';
export * from './ehr';
export * from './client';
export * from './upload';
export * from './request';
export * from './call-rules';

function endpointsOf(mod: Record<string, unknown>): Endpoint[] {
  return Object.values(mod).filter(
    (v): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v,
  );
}

/** Every endpoint of the API, in one list: the server registers exactly these. */
export const ENDPOINTS: readonly Endpoint[] = [
  system,
  auth,
  users,
  studies,
  studyBuild,
  studyVersions,
  studyContent,
  studyTranslations,
  irbDocumentation,
  participant,
  participantAccount,
  participantEnrolment,
  identity,
  profile,
  sso,
  sites,
  files,
  studyDocuments,
  iconLibrary,
  studyPrototypes,
  activities,
  forms,
  schedules,
  responses,
  push,
  participantSite,
  consent,
  consentSigning,
  identityTokens,
  portalContent,
  participants,
  participantRecords,
  siteTransfers,
  participantImport,
  siteForms,
  dataQueries,
  participantMessages,
  participantDocuments,
  responseCorrections,
  analytics,
  reports,
  linkage,
  studyVideos,
  exportJobs,
  devices,
  sftp,
  ehr,
  telehealth,
  telehealthCalls,
  telehealthRecordings,
]
  .flatMap((m) => endpointsOf(m as Record<string, unknown>))
  .concat(Object.values(studyContent.DRAFT_SECTION_ENDPOINTS))
  .concat(Object.values(consent.CONSENT_PART_ENDPOINTS));
