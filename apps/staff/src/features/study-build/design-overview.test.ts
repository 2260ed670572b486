import type { ReadinessGapItem, StudyVersionSummary } from '@trialpath/contract';
import { defaultStudyContent, StudyContentSchema } from '@trialpath/domain';
import { describe, expect, it } from 'vitest';
import {
  contentVersionId,
  gapsOfPart,
  isSectionFilled,
  partOfGap,
  sectionStates,
  versionFacts,
} from './design-overview';

describe('which content sections are filled in (C-012)', () => {
  it('a new study’s content has every section not filled in', () => {
    const content = defaultStudyContent();
    expect(sectionStates(content, 'customize').every((s) => !s.filled)).toBe(true);
    expect(sectionStates(content, 'web').every((s) => !s.filled)).toBe(true);
  });

  it('a section differing from its default is filled in, whatever the order of its keys', () => {
    const content = StudyContentSchema.parse({
      welcomeScreens: { screens: [{ id: 'welcome', title: { en: 'Hello' }, body: {} }] },
      branding: { primaryColor: '#0F766E' },
    });
    expect(isSectionFilled('welcomeScreens', content.welcomeScreens)).toBe(true);
    expect(isSectionFilled('branding', content.branding)).toBe(true);
    expect(isSectionFilled('eligibility', content.eligibility)).toBe(false);
    // Stored JSON (PostgreSQL jsonb) comes back with its keys in another order.
    const reordered = JSON.parse(JSON.stringify({ questions: [], ineligibleMessage: {}, introduction: {} }));
    expect(isSectionFilled('eligibility', reordered)).toBe(false);
  });

  it('a text written and emptied again counts as never written; a choice changed counts', () => {
    const registration = defaultStudyContent().registration;
    expect(isSectionFilled('appDescription', { title: { en: '  ' }, description: { es: '' } })).toBe(false);
    expect(isSectionFilled('appDescription', { title: { en: 'Sleep' }, description: {} })).toBe(true);
    expect(isSectionFilled('registration', { ...registration, verificationMethod: 'sms' })).toBe(true);
  });

  it('lists the app sections and the web pages apart, each with the screen that edits it, in build order', () => {
    const content = defaultStudyContent();
    const app = sectionStates(content, 'customize');
    const web = sectionStates(content, 'web');
    expect(app.map((s) => s.section).slice(0, 3)).toEqual(['branding', 'onboarding', 'welcomeScreens']);
    expect(app.find((s) => s.section === 'welcomeScreens')?.screen.path).toBe('customize/onboarding');
    expect(web.map((s) => s.screen.path)).toEqual([
      'web/global',
      'web/homepage',
      'web/eligibility-screening',
      'web/agreement',
      'web/register',
      'web/publish',
    ]);
    // The consents and cohorts are edited on customize/econsent and customize/multieconsent.
    expect(app.find((s) => s.section === 'consents')?.screen.path).toBe('customize/econsent');
    expect(app.find((s) => s.section === 'cohorts')?.screen.path).toBe('customize/multieconsent');
    // Sections no screen edits yet (health data access) are not listed.
    expect([...app, ...web].map((s) => s.section)).not.toContain('healthAccess');
  });
});

const version = (over: Partial<StudyVersionSummary>): StudyVersionSummary => ({
  id: `v${over.number}`,
  studyId: 's1',
  number: 1,
  name: `v${over.number}`,
  shortName: `v${over.number}`,
  status: 'PUBLISHED',
  notes: null,
  isLive: false,
  isTest: false,
  createdBy: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  publishedBy: null,
  publishedAt: null,
  ...over,
});

describe('what the versions list says', () => {
  it('the draft, the newest published, the live and test ones, the archived count', () => {
    const items = [
      version({ number: 4, status: 'DRAFT', isTest: true }),
      version({ number: 3, status: 'PUBLISHED' }),
      version({ number: 2, status: 'PUBLISHED', isLive: true }),
      version({ number: 1, status: 'ARCHIVED' }),
    ];
    const f = versionFacts(items);
    expect([f.draft?.number, f.published?.number, f.live?.number, f.test?.number]).toEqual([4, 3, 2, 4]);
    expect([f.archived, f.total]).toEqual([1, 4]);
    expect(contentVersionId(items)).toBe('v4');
  });

  it('without a draft the content read is the newest version’s; without versions there is none', () => {
    expect(contentVersionId([version({ number: 1 }), version({ number: 2 })])).toBe('v2');
    expect(contentVersionId([])).toBeNull();
    expect(versionFacts([])).toEqual({ draft: null, published: null, live: null, test: null, archived: 0, total: 0 });
  });
});

const gap = (area: ReadinessGapItem['area'], params?: ReadinessGapItem['params']): ReadinessGapItem => ({
  id: area,
  area,
  messageKey: `studies.gap.${area}`,
  message: '',
  ...(params ? { params } : {}),
});

describe('which part of the build a launch gap belongs to', () => {
  it('a missing text of a web page belongs to the web pages; other content gaps to the app content', () => {
    expect(partOfGap(gap('content', { section: 'webHomepage', language: 'es', count: 2 }))).toBe('web');
    expect(partOfGap(gap('content', { section: 'welcomeScreens', language: 'es', count: 1 }))).toBe('content');
    expect(partOfGap(gap('content'))).toBe('content');
    expect(partOfGap(gap('approval'))).toBe('approval');
  });

  it('each part gets its own gaps in order', () => {
    const gaps = [gap('sites'), gap('approval'), gap('content', { section: 'webAgreement' }), gap('approval')];
    expect(gapsOfPart(gaps, 'approval')).toHaveLength(2);
    expect(gapsOfPart(gaps, 'web')).toHaveLength(1);
    expect(gapsOfPart(gaps, 'details')).toEqual([]);
  });
});
