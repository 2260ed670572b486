import { describe, expect, it } from 'vitest';
import { launchGaps, missingTexts, type ReadinessFacts } from './readiness';

const READY: ReadinessFacts = {
  status: 'DESIGN',
  languages: ['en', 'es'],
  countryCount: 1,
  siteCount: 1,
  publishedContent: {
    branding: { logoFileId: 'f1' },
    welcomeScreens: { screens: [{ title: { en: 'Hi', es: 'Hola' } }] },
  },
  draftContent: null,
  isInternalOrganizationalApproved: true,
  isIrbEcApproved: true,
};

describe('launch readiness (C-098, C-011, C-063; decision 0031)', () => {
  it('a study with everything is ready', () => {
    expect(launchGaps(READY)).toEqual([]);
  });

  it.each([
    [{ status: 'LIVE' as const }, 'status'],
    [{ languages: [] }, 'language'],
    [{ countryCount: 0 }, 'country'],
    [{ siteCount: 0 }, 'site'],
    [{ publishedContent: null, draftContent: { branding: { logoFileId: 'f1' } } }, 'publishedVersion'],
    [{ publishedContent: { branding: { logoFileId: null } } }, 'logo'],
    [{ isInternalOrganizationalApproved: false }, 'internalApproval'],
    [{ isIrbEcApproved: false }, 'irbApproval'],
  ])('%j names the gap %s, and only it', (change, id) => {
    expect(launchGaps({ ...READY, ...change }).map((g) => g.id)).toEqual([id]);
  });

  it('counts written texts without a study language, per section; an unwritten text is no gap', () => {
    const content = {
      welcomeScreens: { screens: [{ title: { en: 'A' }, body: { en: 'B', es: ' ' } }, { title: {} }] },
      feedback: { question: { es: 'Pregunta' } },
    };
    expect(missingTexts(content, ['en', 'es'])).toEqual([
      { section: 'welcomeScreens', language: 'es', count: 2 },
      { section: 'feedback', language: 'en', count: 1 },
    ]);
  });
});
