import { describe, expect, it } from 'vitest';
import { customizeNavItems, studyNavItems } from './study-nav';

const S = 's1';
const ids = (a: string[], o = { twin: false, testPortal: true }) => studyNavItems(S, a, o).map((i) => i.id);

describe('study navigation from the per-study authorities (A-118)', () => {
  it('offers the test environment to roles that manage participants, with the test-portal flag', () => {
    expect(ids(['StudyCoordinator'])).toEqual([
      'dashboard',
      'analytics',
      'reports',
      'participants',
      'participantTransfers',
      'dataQueries',
      'participantDocuments',
      'messages',
      'telehealthAppointments',
      'telehealthAvailability',
      'testEnvironment',
      'researchTeam',
    ]);
    expect(ids(['Cra'])).toEqual([
      'dashboard',
      'analytics',
      'reports',
      'participants',
      'participantTransfers',
      'dataQueries',
      'participantDocuments',
      'messages',
      'researchTeam',
    ]);
    expect(ids(['StudyCoordinator'], { twin: false, testPortal: false })).toEqual([
      'dashboard',
      'analytics',
      'reports',
      'participants',
      'participantTransfers',
      'dataQueries',
      'participantDocuments',
      'messages',
      'telehealthAppointments',
      'telehealthAvailability',
      'researchTeam',
    ]);
    // The research team needs sites.view (decision 0032): the call centre has none (it sees participants); a sponsor sees no participant.
    expect(ids(['CallCenter'])).toEqual([
      'dashboard',
      'participants',
      'participantTransfers',
      'participantDocuments',
      'messages',
      'telehealthAppointments',
      'telehealthAvailability',
    ]);
    expect(ids(['Sponsor'])).toEqual(['dashboard', 'analytics', 'reports', 'researchTeam']);
  });

  it('links back to the live study from the test twin', () => {
    expect(studyNavItems(S, ['Cra'], { twin: true, testPortal: true })).toEqual([
      { id: 'dashboard', to: '/studies/s1/test/dashboard', action: 'studies.view' },
      { id: 'analytics', to: '/studies/s1/test/vis', action: 'analytics.view' },
      { id: 'reports', to: '/studies/s1/test/reports', action: 'reports.view' },
      { id: 'participants', to: '/studies/s1/test/participants', action: 'participants.view' },
      {
        id: 'participantTransfers',
        to: '/studies/s1/test/participant-transfers',
        action: 'participants.view',
      },
      { id: 'dataQueries', to: '/studies/s1/test/queries', action: 'responses.view' },
      { id: 'participantDocuments', to: '/studies/s1/test/participant-documents', action: 'participants.view' },
      { id: 'messages', to: '/studies/s1/test/messages', action: 'participants.view' },
      { id: 'liveEnvironment', to: '/studies/s1/dashboard', action: 'studies.view' },
      { id: 'researchTeam', to: '/studies/s1/test/research-team/research-site/list', action: 'sites.view' },
    ]);
  });

  it('shows nothing for a token without study authorities', () => {
    expect(ids([])).toEqual([]);
    expect(ids(['NoSuchRole'])).toEqual([]);
  });

  it('reads realm-prefixed authorities', () => {
    expect(ids(['acme:StudyCoordinator'])).toEqual([
      'dashboard',
      'analytics',
      'reports',
      'participants',
      'participantTransfers',
      'dataQueries',
      'participantDocuments',
      'messages',
      'telehealthAppointments',
      'telehealthAvailability',
      'testEnvironment',
      'researchTeam',
    ]);
  });

  it('offers the versions group (versions, translations) to study builders only', () => {
    expect(ids(['StudyAdmin'])).toEqual(expect.arrayContaining(['versions', 'translations']));
    expect(ids(['Cra'])).not.toContain('versions');
    expect(
      studyNavItems(S, ['StudyAdmin'], { twin: true, testPortal: false }).find((i) => i.id === 'versions')?.to,
    ).toBe('/studies/s1/test/version-management');
  });
});

describe('the customize group (decision 0034)', () => {
  it('is offered to roles that design the study, on the page’s data space', () => {
    const items = customizeNavItems(S, ['StudyAdmin'], { twin: false });
    expect(items.map((i) => i.id)).toEqual([
      'library',
      'onboarding',
      'eligibility',
      'engagementContent',
      'registration',
      'appStore',
      'medicalDevices',
      'wearables',
      'epicMyChart',
      'webPages',
    ]);
    expect(items[1]).toEqual({ id: 'onboarding', to: '/studies/s1/customize/onboarding' });
    expect(customizeNavItems(S, ['StudyAdmin'], { twin: true })[0]?.to).toBe('/studies/s1/test/customize/library');
  });

  it('is not offered to roles that cannot design it', () => {
    expect(customizeNavItems(S, ['Cra'], { twin: false })).toEqual([]);
    expect(customizeNavItems(S, [], { twin: false })).toEqual([]);
  });
});
