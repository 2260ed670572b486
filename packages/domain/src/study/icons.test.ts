import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { issueFieldRefs } from '../messages/validation-issues';
import { studyContentSectionSchema } from './content';
import {
  foldSearchText,
  ICON_LIBRARY,
  ICON_LIBRARY_IDS,
  type IconId,
  IconIdSchema,
  iconLabel,
  isIconId,
  searchIconLibrary,
} from './icons';

const tablerDir = path.dirname(createRequire(import.meta.url).resolve('@tabler/icons/package.json'));
const svgOf = (id: IconId) => path.join(tablerDir, 'icons', 'outline', `${ICON_LIBRARY[id].file}.svg`);

/**
 * The ids of the first release of the library (decision 0040). Content stores these ids and a published
 * version is frozen with them, so an id is never taken out of the library or given another meaning.
 */
const RELEASED = `heart heart-rate heart-monitor pill pills vaccine first-aid bandage stethoscope thermometer blood dna
microscope lab-test virus mask prescription medical-report lungs brain teeth eye ear bone hand weight measure hospital
ambulance nurse hospital-bed home home-care location bed sleep moon sun alarm walk run bike swim yoga stretch exercise
wheelchair accessible apple salad meal water coffee baby-bottle smoking no-smoking calendar appointment calendar-check
clock hourglass phone phone-call mobile video message chat mail bell watch laptop wifi qr-code camera user users group
family baby child older-adult woman man caregiver info question warning check thumb-up smile neutral sad stop star lock
shield key fingerprint clipboard checklist document notes signature certificate book school idea gift money payment
award chart target car language leaf`.split(/\s+/);

describe('the icon library catalogue (C-126, decision 0040)', () => {
  it('holds some 60–120 icons with unique, address-safe ids', () => {
    expect(ICON_LIBRARY_IDS.length).toBeGreaterThanOrEqual(60);
    expect(ICON_LIBRARY_IDS.length).toBeLessThanOrEqual(120);
    expect(new Set(ICON_LIBRARY_IDS).size).toBe(ICON_LIBRARY_IDS.length);
    for (const id of ICON_LIBRARY_IDS) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    // Both tables name the same icons (the compiler checks it too).
    expect(Object.keys(ICON_LIBRARY).sort()).toEqual([...ICON_LIBRARY_IDS].sort());
  });

  it('every id has an SVG file in @tabler/icons that exists and is one drawing, each file used once', () => {
    for (const id of ICON_LIBRARY_IDS) {
      const file = svgOf(id);
      expect(existsSync(file), `${id} → ${file}`).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg.trimStart().startsWith('<svg'), id).toBe(true);
      expect(svg).not.toMatch(/<script|<foreignObject|\son[a-z]+=|href=/i);
    }
    const files = ICON_LIBRARY_IDS.map((id) => ICON_LIBRARY[id].file);
    expect(new Set(files).size).toBe(files.length);
  });

  it('every icon has an English and a Spanish name, unique within each language', () => {
    for (const lang of ['en', 'es'] as const) {
      const names = ICON_LIBRARY_IDS.map((id) => ICON_LIBRARY[id][lang]);
      for (const n of names) expect(n.trim()).not.toBe('');
      expect(new Set(names.map(foldSearchText)).size, lang).toBe(names.length);
    }
    expect(iconLabel('heart', 'es')).toBe('Corazón');
    expect(iconLabel('heart', 'en')).toBe('Heart');
    expect(iconLabel('heart', 'fr')).toBe('Heart');
  });

  it('no released id is ever taken out (published versions are frozen with them)', () => {
    for (const id of RELEASED) expect(isIconId(id), id).toBe(true);
  });
});

describe('searching the icon library', () => {
  it.each([
    ['', ICON_LIBRARY_IDS.length],
    ['   ', ICON_LIBRARY_IDS.length],
  ])('an empty search (%j) finds every icon, in the library’s order', (search, count) => {
    expect(searchIconLibrary(search)).toHaveLength(count);
    expect(searchIconLibrary(search)[0]).toBe(ICON_LIBRARY_IDS[0]);
  });

  it.each<[string, 'en' | 'es', IconId[]]>([
    ['heart', 'en', ['heart', 'heart-rate', 'heart-monitor']],
    ['corazón', 'es', ['heart']],
    ['CORAZON', 'es', ['heart']],
    ['pill', 'en', ['pill', 'pills']],
    ['sleep', 'en', ['sleep', 'bed']],
    ['dormir', 'es', ['bed', 'sleep']],
    ['video', 'en', ['video']],
    ['blood', 'en', ['blood']],
    ['phone call', 'en', ['phone-call']],
    ['llamada', 'es', ['phone-call']],
  ])('%j (%s) finds %j first', (search, lang, first) => {
    const found = searchIconLibrary(search, lang);
    expect(found.slice(0, first.length).sort()).toEqual([...first].sort());
  });

  it('words match from their start, all of them: "art" does not find the heart; nonsense finds nothing', () => {
    expect(searchIconLibrary('art')).not.toContain('heart');
    expect(searchIconLibrary('heart monitor')).toEqual(['heart-monitor']);
    expect(searchIconLibrary('zzzqqq')).toEqual([]);
  });

  it('a search in either language finds the same icon whatever the person’s language', () => {
    expect(searchIconLibrary('pulmones', 'en')).toEqual(['lungs']);
    expect(searchIconLibrary('lungs', 'es')).toEqual(['lungs']);
  });

  it('the icon whose name starts with the search comes before one that only mentions it', () => {
    const found = searchIconLibrary('water', 'en');
    expect(found[0]).toBe('water');
  });
});

describe('an icon on study content', () => {
  const problems = (section: 'welcomeScreens' | 'learnMore' | 'infoScreens', value: unknown) => {
    const r = studyContentSectionSchema(section).safeParse(value);
    if (r.success) return {};
    return Object.fromEntries(
      Object.entries(issueFieldRefs(r.error.issues, value, 'value')).map(([f, refs]) => [f, refs[0]!.key]),
    );
  };

  it('welcome screens, learn-more sections and info screens take a library icon, or none by default', () => {
    const screen = { id: 'w1', title: { en: 'Hi' } };
    expect(studyContentSectionSchema('welcomeScreens').parse({ screens: [screen] }).screens[0]!.icon).toBeNull();
    expect(
      studyContentSectionSchema('learnMore').parse({ sections: [{ ...screen, icon: 'heart' }] }).sections[0]!.icon,
    ).toBe('heart');
    expect(problems('infoScreens', { screens: [{ ...screen, icon: 'calendar' }] })).toEqual({});
    expect(problems('infoScreens', { screens: [{ ...screen, icon: null }] })).toEqual({});
  });

  it('an id the library does not have is refused on its own field, with the library message', () => {
    const screen = { id: 'w1', title: { en: 'Hi' } };
    expect(problems('welcomeScreens', { screens: [screen, { ...screen, id: 'w2', icon: 'unicorn' }] })).toEqual({
      'screens.1.icon': 'studyContent.unknownIcon',
    });
    expect(problems('learnMore', { sections: [{ ...screen, icon: 'Heart' }] })).toEqual({
      'sections.0.icon': 'studyContent.unknownIcon',
    });
    expect(problems('infoScreens', { screens: [{ ...screen, icon: 42 }] })).toEqual({
      'screens.0.icon': 'errors.invalidValue',
    });
    expect(IconIdSchema.safeParse('heart').success).toBe(true);
    expect(IconIdSchema.safeParse('x'.repeat(500)).success).toBe(false);
  });
});
