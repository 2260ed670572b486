import { describe, expect, it } from 'vitest';
import { catalogueKeys } from '../messages/translate';
import { defaultStudyContent, type StudyContent } from './content';
import {
  type PortalFacts,
  parsePortalFileName,
  planTaskRows,
  portalConsent,
  portalDocument,
  portalFileName,
  portalFiles,
  portalIconIds,
  portalImageIds,
  portalJson,
  portalStrings,
  scheduleWindows,
} from './portal-content';

const FILE = '0a1b2c3d-0000-4000-8000-000000000001';

function content(): StudyContent {
  const c = defaultStudyContent();
  c.branding.logoFileId = FILE;
  c.welcomeScreens.screens = [{ id: 'w', title: { en: 'Hi' }, body: {}, imageFileId: FILE, icon: 'heart' }];
  c.learnMore.sections = [
    { id: 'why', title: { en: 'Why', es: 'Por qué' }, body: { en: '<p>Because</p>' }, icon: 'pill' },
  ];
  c.appDescription = { title: { en: 'About' }, description: { en: '<p>A study.</p>' } };
  c.consents.items = [
    {
      id: 'main',
      name: { en: 'Main', es: 'Principal' },
      educationEnabled: true,
      comprehensionEnabled: false,
      documentAndSignatureEnabled: true,
      digitalSignatureEnabled: false,
      sections: [{ id: 's', title: { en: 'S' }, icon: 'heart', body: {} }],
      quiz: [],
      documents: [{ id: 'd', title: { en: 'Form' }, body: { en: 'x' }, fileId: FILE }],
      privacyPolicy: { en: '<p>Private.</p>' },
      license: { en: '<p>&nbsp;</p>' },
      disclaimers: [{ id: 'x', text: { en: 'Read' }, required: true }],
      optionalConsents: [],
      signatureMeaning: {},
    },
  ];
  c.cohorts.items = [{ id: 'b', name: { en: 'B' }, description: {}, consentIds: ['main'] }];
  c.eligibility.questions = [{ id: 'q', text: { en: 'Adult?' }, qualifyingAnswer: 'YES' }];
  c.schedule.schedules = [
    {
      id: 'daily',
      target: { kind: 'activity', activityId: 'act' },
      anchor: { kind: 'dayZero' },
      startDay: 0,
      endDay: 6,
      repeat: { kind: 'everyNDays', interval: 1 },
      delivery: 'scheduled',
      telehealth: false,
    },
    {
      id: 'visit',
      target: { kind: 'packet', packetId: 'p' },
      anchor: { kind: 'dayZero' },
      startDay: 7,
      repeat: { kind: 'once' },
      delivery: 'scheduled',
      telehealth: false,
    },
  ] as StudyContent['schedule']['schedules'];
  return c;
}

const facts: PortalFacts = {
  studyId: 's',
  studyCode: 'DEMO',
  studyName: 'Demo',
  versionId: 'v',
  versionNumber: 2,
  defaultLanguage: 'en',
  languages: ['en', 'es'],
  countries: ['US'],
  studyStartDate: '2026-01-01',
  studyEndDate: null,
  activityAllowed: true,
};

describe('portal file names (D-069)', () => {
  it('round-trips every file a version offers; anything else is no file', () => {
    const files = portalFiles(content(), ['en', 'es']);
    for (const f of files) expect(parsePortalFileName(portalFileName(f))).toEqual(f);
    expect(files.map(portalFileName)).toEqual(
      expect.arrayContaining(['consent_main.json', 'es-strings.json', 'agreement.pdf', `image_${FILE}`]),
    );
    for (const bad of [
      'secrets.json',
      'config',
      'config.txt',
      'consent_a b.json',
      'EN-strings.json',
      'image_x',
      'x.html',
    ])
      expect(parsePortalFileName(bad), bad).toBeNull();
  });

  it('lists the uploaded images and library icons the content names, once each', () => {
    expect(portalImageIds(content())).toEqual([FILE]);
    expect(portalIconIds(content()).sort()).toEqual(['heart', 'pill']);
  });
});

describe('the JSON files', () => {
  const json = (file: Parameters<typeof portalJson>[0], rows = planTaskRows(content())) =>
    portalJson(file, content(), facts, rows) as Record<string, unknown>;

  it('config and study (D-043) from the content and the facts', () => {
    expect(json('config')).toMatchObject({ studyCode: 'DEMO', openStudy: false, verificationMethod: 'email' });
    expect(json('study')).toEqual({
      id: 's',
      countryList: ['US'],
      languages: ['en', 'es'],
      studyStartDate: '2026-01-01',
      studyEndDate: null,
      isManualStudyStart: true,
      activityAllowed: true,
      verificationMethod: 'email',
    });
  });

  it('eligibility without the qualifying answers; cohorts with cohortSort; datavant and consent configuration', () => {
    expect(JSON.stringify(json('study_eligibility'))).not.toContain('qualifyingAnswer');
    expect(json('cohort')).toMatchObject({ cohortSort: ['b'] });
    expect(json('datavant_consent')).toEqual({ enabled: false, statement: {} });
    expect(json('consent_configuration')).toMatchObject({
      consentConfiguration: [{ consentId: 'main', order: 0, languages: ['en', 'es'] }],
    });
  });

  it('tasks and schedules: a plan row per schedule, adherence counted per task (D-049, D-050)', () => {
    const plan = json('tasks_and_schedules');
    expect(plan.schedules).toEqual([
      {
        taskId: 'daily',
        instanceId: null,
        activityId: 'act',
        startDay: 0,
        endDay: 6,
        scheduledDate: null,
        taskStartDay: 0,
        taskEndDay: 6,
      },
      expect.objectContaining({ taskId: 'visit', activityId: null, endDay: null }),
    ]);
    const row = { ...planTaskRows(content())[0]!, completed: true };
    const mine = json('tasks_and_schedules', [row, { ...row, instanceId: 'i2' }, { ...row, completed: false }]);
    expect(mine.adherence).toEqual([{ taskId: 'daily', completedCount: 2 }]);
    expect(scheduleWindows(content()).get('visit')).toEqual({ startDay: 7, endDay: null });
  });

  it('a consent (D-051) and the strings of a culture, with the default language as fallback', () => {
    const consent = portalConsent(content().consents.items[0]!);
    expect(consent).toMatchObject({ consentId: 'main', listOfDisclaimer: [{ id: 'x' }], quiz: [] });
    expect(consent.documents[0]).not.toHaveProperty('fileId');
    const es = portalStrings(content(), 'es', 'en');
    expect(es.strings['learnMore.sections.why.title']).toEqual({ v: 'Por qué' });
    expect(es.strings['appDescription.title']).toEqual({ v: 'About' });
  });
});

describe('the documents', () => {
  it('the overview joins the description and learn-more sections; one consent’s text needs no heading', () => {
    expect(portalDocument('study_overview', content(), 'en', 'en', 'Study overview')).toEqual({
      title: 'About',
      parts: [
        { heading: '', html: '<p>A study.</p>' },
        { heading: 'Why', html: '<p>Because</p>' },
      ],
    });
    expect(portalDocument('privacy_policy', content(), 'es', 'en', 'Política')).toEqual({
      title: 'Política',
      parts: [{ heading: '', html: '<p>Private.</p>' }],
    });
  });

  it('a document with nothing written (or only blank markup) is null: the portal’s data-sync error', () => {
    expect(portalDocument('licenseAgreement', content(), 'en', 'en', 'Licence')).toBeNull();
    expect(portalDocument('agreement', content(), 'en', 'en', 'Agreement')).toBeNull();
    const c = content();
    c.webAgreement.body = { en: '<p>I agree.</p>' };
    c.consents.items.push({ ...c.consents.items[0]!, id: 'second', name: { en: 'Second' } });
    expect(portalDocument('agreement', c, 'en', 'en', 'Agreement')?.title).toBe('Agreement');
    expect(portalDocument('privacy_policy', c, 'en', 'en', 'Privacy')?.parts.map((p) => p.heading)).toEqual([
      'Main',
      'Second',
    ]);
  });
});

describe('the static strings (D-070)', () => {
  it('lists every catalogue key once', () => {
    const keys = catalogueKeys();
    expect(keys).toContain('data.syncFailed');
    expect(new Set(keys).size).toBe(keys.length);
  });
});
