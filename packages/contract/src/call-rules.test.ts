import { describe, expect, it } from 'vitest';
import * as filesContract from './files';
import * as activitiesContract from './activities';
import * as consentContract from './consent';
import * as documentsContract from './study-documents';
import {
  callEnvironment,
  carriesAuthorization,
  createStudyDraft,
  DRAFT_SECTION_ENDPOINTS,
  ENDPOINTS,
  getStudyDraft,
  endpointKeyOf,
  getParticipantProfile,
  getStudy,
  getStudyToken,
  hashQueryKey,
  listStudies,
  makeStudyVersionLive,
  participantRefresh,
  publishStudyVersion,
  queryKeyOf,
  refreshTokens,
  requestEnvironment,
  staffLogin,
} from './index';
import { getSite, listSites, listUserSites, updateSiteStatus } from './sites';

/** Version creation (000 §7.1): declared as always working on test data. */
const createVersion = createStudyDraft;

const A = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';

describe('endpoint metadata: the data space of a call (A-151–A-153)', () => {
  it('an ordinary call follows the page; a neutral one has none; a test-data one is always TEST', () => {
    expect(callEnvironment(getStudy, 'LIVE')).toBe('LIVE');
    expect(callEnvironment(getStudy, 'TEST')).toBe('TEST');
    expect(callEnvironment(staffLogin, 'TEST')).toBeNull();
    expect(callEnvironment(getStudyToken, 'TEST')).toBeNull();
    expect(callEnvironment(createVersion, 'LIVE')).toBe('TEST');
  });

  it('the server reads the Env header by the same rule: neutral calls ignore it, test-data calls are TEST', () => {
    expect(requestEnvironment(getStudy, 'test')).toBe('TEST');
    expect(requestEnvironment(getStudy, undefined)).toBe('LIVE');
    expect(requestEnvironment(staffLogin, 'test')).toBe('LIVE');
    expect(requestEnvironment(createVersion, undefined)).toBe('TEST');
    // making a version live is the explicit publish to live, whatever the page (decision 0030)
    expect(requestEnvironment(makeStudyVersionLive, 'test')).toBe('LIVE');
    expect(callEnvironment(makeStudyVersionLive, 'TEST')).toBe('LIVE');
    expect(requestEnvironment(publishStudyVersion, undefined)).toBe('TEST');
  });

  it('A-153, decisions 0020 and 0028: the authentication calls, the study draft and staff accounts are environment-neutral, but participant sign-in and recovery', () => {
    // The declaration is what the clients and the server read; this checks no authentication endpoint forgot it.
    const isAuthArea = (path: string) =>
      path.startsWith('/api/v1/auth/') || path.startsWith('/api/v1/participant-auth/');
    // These look the participant up in the request's data space (a test participant exists only in TEST).
    const participantLookups = ['participantLogin', 'participantForgotUsername', 'participantForgotPassword'];
    const neutral = ENDPOINTS.filter((e) => e.env === 'neutral').map((e) => e.id);
    const authArea = ENDPOINTS.filter((e) => isAuthArea(e.path) && !participantLookups.includes(e.id)).map((e) => e.id);
    // The draft of a study is one record, read and edited alike from a live or a test page (decision 0020).
    const studyDraft = [getStudyDraft, ...Object.values(DRAFT_SECTION_ENDPOINTS)].map((e) => e.id);
    // Staff accounts have no test twin (decision 0028): own profile, contact changes, user administration.
    const isAccountArea = (path: string) => /^\/api\/v1\/(me|users|roles)(\/|$)/.test(path);
    const accounts = ENDPOINTS.filter((e) => isAccountArea(e.path)).map((e) => e.id);
    expect(accounts).toEqual(expect.arrayContaining(['updateProfile', 'unlockUser', 'logoutUser', 'changeEmail']));
    // Every version record is neutral too (decision 0030): its reads, notes and archiving; an assignment's body
    // names its own data space.
    const versionRecords = [
      'listStudyVersions',
      'getStudyVersion',
      'checkStudyVersionName',
      'nextStudyVersion',
      'diffStudyVersions',
      'studyVersionAuditLog',
      'getVersionAssignments',
      'updateStudyVersionNotes',
      'archiveStudyVersion',
      'setVersionAssignment',
    ];
    // Branding images belong to the draft; a stored file and a study document are one record (decision 0033).
    const files = ENDPOINTS.filter(
      (e) => Object.values(filesContract).includes(e as never) || Object.values(documentsContract).includes(e as never),
    ).map((e) => e.id);
    expect(files).toEqual(
      expect.arrayContaining(['uploadBrandingImage', 'getBrandingFile', 'uploadStudyDocument', 'listStudyDocuments']),
    );
    // The study record itself is one record in both data spaces (decision 0031); its live variant reads live.
    const studyRecords = [
      'createStudy',
      'updateStudy',
      'getStudyRecord',
      'getStudyRecordNoCache',
      'setStudyStatus',
      'getStudyBuildProgress',
      'buildStudy',
      'launchStudy',
      'setStudyApproval',
      'duplicateStudy',
      'getStudyOverview',
      'getStudyOverviewV2',
      'getStudyFeaturesV2',
      'getCountryStudyVersions',
      'listLanguages',
      'listStudyLanguageItems',
      'listSupportedCountries',
    ];
    // A site's details and the teams are one record in both data spaces; its status follows the page (decision 0032).
    const siteRecords = [
      'createSite',
      'updateSite',
      'getSiteSettings',
      'updateSiteSettings',
      'searchTeam',
      'addTeamMember',
      'inviteTeamMember',
      'setTeamMemberStatus',
      'updateTeamMemberRole',
      'setSiteMemberBlinded',
    ];
    // The draft's texts out to a translation agency and back, and the report of what is missing (decision 0035).
    const translations = [
      'exportTranslations',
      'importTranslations',
      'missingTranslationsReport',
      // the IRB/EC documentation of a published version (decision 0035)
      'listIrbDocuments',
      'generateIrbDocument',
      'downloadIrbDocument',
      'emailIrbDocument',
    ];
    // The icon library is one catalogue for every client, study and data space (decision 0040).
    const iconLibrary = ['listIconLibrary', 'getIconLibraryIcon'];
    // A prototype copies the draft, which is one record too (decision 0043).
    const prototypes = [
      'createStudyPrototype',
      'listStudyPrototypes',
      'revokeStudyPrototype',
      'downloadStudyPrototypeKit',
    ];
    // Activities are built once and used by both data spaces: the library and each study's (decision 0044).
    const activities = ENDPOINTS.filter((e) => Object.values(activitiesContract).includes(e as never)).map((e) => e.id);
    expect(activities).toEqual(
      expect.arrayContaining([
        'listActivities',
        'saveActivityRevision',
        'importActivity',
        'exportStudyUsdm',
        'importStudyUsdm',
      ]),
    );
    // The consents and cohorts are sections of the study draft (decision D-018): neutral like the draft.
    const consentConfiguration = [
      ...ENDPOINTS.filter((e) => Object.values(consentContract).includes(e as never)),
      ...Object.values(consentContract.CONSENT_PART_ENDPOINTS),
    ].map((e) => e.id);
    expect(consentConfiguration).toEqual(expect.arrayContaining(['getConsentConfiguration', 'updateConsentQuiz']));
    // Participant enrolment's calls by an account's id or a link's token: the record says its data space (D-025, D-057).
    const enrolmentRecords = [
      'verifyParticipantCode',
      'resendParticipantCode',
      'checkParticipantVerificationLink',
      'confirmParticipantVerificationLink',
      'getParticipantResetLink',
    ];
    // The portal's platform strings, countries and languages, and a signed content address (its token names the
    // data space; decision D-069): the same whatever the page.
    const portalContent = ['getStaticStrings', 'getCountries', 'getLanguages', 'getPortalFile'];
    // A study's videos are study content like its documents (issue 14, decision H-study-videos).
    const studyVideos = [
      'deleteStudyVideo',
      'getStudyVideoConversion',
      'listStudyVideos',
      'playStudyVideo',
      'uploadStudyVideo',
    ];
    // A recording's signed address names one recording, whose row holds its data space (decision F-recording).
    const recordingMedia = ['getTelehealthRecordingMedia'];
    expect(neutral.sort()).toEqual(
      [
        ...new Set([
          ...consentConfiguration,
          ...enrolmentRecords,
          ...portalContent,
          ...recordingMedia,
          ...authArea,
          ...studyDraft,
          ...accounts,
          ...versionRecords,
          ...studyRecords,
          ...siteRecords,
          ...translations,
          ...files,
          ...iconLibrary,
          ...prototypes,
          ...activities,
          ...studyVideos,
        ]),
      ].sort(),
    );
    expect(neutral.length).toBeGreaterThan(10);
    for (const id of participantLookups) expect(ENDPOINTS.find((e) => e.id === id)?.env).toBeUndefined();
  });
});

describe('site access type (C-148, decision 0032)', () => {
  it('TEST or LIVE, decided by the page: the site reads and the status change follow the page’s data space', () => {
    for (const e of [listSites, getSite, listUserSites, updateSiteStatus]) {
      expect(callEnvironment(e, 'TEST')).toBe('TEST');
      expect(callEnvironment(e, 'LIVE')).toBe('LIVE');
      expect(requestEnvironment(e, 'test')).toBe('TEST');
      expect(requestEnvironment(e, undefined)).toBe('LIVE');
    }
  });
});

describe('endpoint metadata: Authorization (000 §7.1)', () => {
  it('every call carries it except the token refreshes', () => {
    expect(carriesAuthorization(getStudy)).toBe(true);
    expect(carriesAuthorization(staffLogin)).toBe(true);
    expect(carriesAuthorization(refreshTokens)).toBe(false);
    expect(carriesAuthorization(participantRefresh)).toBe(false);
    expect(ENDPOINTS.filter((e) => !carriesAuthorization(e)).map((e) => e.id)).toEqual([
      'refreshTokens',
      'participantRefresh',
    ]);
  });
});

describe('query keys from the contract', () => {
  it('name the endpoint, the data space and the inputs', () => {
    expect(queryKeyOf(getStudy, { params: { studyId: A } }, 'LIVE')).toEqual([
      'getStudy',
      'LIVE',
      { params: { studyId: A } },
    ]);
    expect(queryKeyOf(listStudies, { query: { page: 2 } }, 'TEST')).toEqual([
      'listStudies',
      'TEST',
      { query: { page: 2 } },
    ]);
    expect(queryKeyOf(getParticipantProfile, undefined, 'LIVE')).toEqual(['getParticipantProfile', 'LIVE', {}]);
  });

  it('a live page and a test page never share an entry', () => {
    const live = queryKeyOf(getStudy, { params: { studyId: A } }, 'LIVE');
    const test = queryKeyOf(getStudy, { params: { studyId: A } }, 'TEST');
    expect(hashQueryKey(live)).not.toBe(hashQueryKey(test));
    // A test-data call is TEST on a live page too, so it meets the test page's entry, never a live one.
    expect(queryKeyOf(createVersion, undefined, 'LIVE')[1]).toBe('TEST');
  });

  it('an environment-neutral read has one entry for both pages', () => {
    expect(queryKeyOf(staffLogin, undefined, 'LIVE')).toEqual(queryKeyOf(staffLogin, undefined, 'TEST'));
    expect(queryKeyOf(staffLogin, undefined, 'TEST')[1]).toBe('NEUTRAL');
  });

  it('empty or missing inputs are the same entry; property order does not matter', () => {
    const a = queryKeyOf(listStudies, { query: { page: 1, search: 'x' } }, 'LIVE');
    const b = queryKeyOf(listStudies, { query: { search: 'x', page: 1 } }, 'LIVE');
    expect(hashQueryKey(a)).toBe(hashQueryKey(b));
    expect(hashQueryKey(queryKeyOf(listStudies, { query: {} }, 'LIVE'))).toBe(
      hashQueryKey(queryKeyOf(listStudies, undefined, 'LIVE')),
    );
    expect(hashQueryKey(queryKeyOf(listStudies, { query: { search: undefined } as never }, 'LIVE'))).toBe(
      hashQueryKey(queryKeyOf(listStudies, undefined, 'LIVE')),
    );
  });

  it('the endpoint prefix covers every entry of that endpoint', () => {
    const key = queryKeyOf(getStudy, { params: { studyId: A } }, 'TEST');
    expect(key.slice(0, 1)).toEqual([...endpointKeyOf(getStudy)]);
  });
});
