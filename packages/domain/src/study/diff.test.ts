import { describe, expect, it } from 'vitest';
import { StudyContentSchema, type StudyContentInput } from './content';
import {
  type DiffGroup,
  diffValues,
  diffVersions,
  registerVersionDiffer,
  type VersionSite,
  versionDiffParts,
} from './diff';

const content = (c: StudyContentInput) => ({ content: StudyContentSchema.parse(c) });
const screen = (id: string, en: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: { en, es: `${en} (es)` },
  body: { en: `<p>${en}</p>` },
  ...extra,
});

describe('version diff (★, decision 0030)', () => {
  it('two equal versions have no groups', () => {
    const v = content({ welcomeScreens: { screens: [screen('a', 'A')] } });
    expect(diffVersions(v, content({ welcomeScreens: { screens: [screen('a', 'A')] } }))).toEqual({
      groups: [],
      changeCount: 0,
    });
  });

  it('a changed field of a section: old → new, in a group titled by the section', () => {
    const d = diffVersions(content({}), content({ branding: { primaryColor: '#112233' } }));
    expect(d.groups).toEqual([
      {
        part: 'content',
        key: 'branding',
        titleKey: 'studyContent.section.branding',
        changes: [
          { kind: 'changed', item: null, field: 'primaryColor', language: null, before: '#00796B', after: '#112233' },
        ],
      },
    ]);
    expect(d.changeCount).toBe(1);
  });

  it('a text changed in one language: one change of that language, the item named by id and title', () => {
    const d = diffVersions(
      content({ welcomeScreens: { screens: [screen('hello', 'Hello')] } }),
      content({
        welcomeScreens: { screens: [{ ...screen('hello', 'Hello'), title: { en: 'Hello', es: 'Hola' } }] },
      }),
    );
    expect(d.groups[0]!.changes).toEqual([
      {
        kind: 'changed',
        item: { list: 'screens', id: 'hello', title: { en: 'Hello', es: 'Hola' } },
        field: 'title',
        language: 'es',
        before: 'Hello (es)',
        after: 'Hola',
      },
    ]);
  });

  it('a translation added and one removed are added / removed in their language (a blank text counts as none)', () => {
    const changes = diffValues({ title: { en: 'A', es: '' } }, { title: { en: 'A', es: 'B', fr: '' } });
    expect(changes).toEqual([{ kind: 'added', item: null, field: 'title', language: 'es', before: null, after: 'B' }]);
    expect(diffValues({ title: { en: 'A', es: 'B' } }, { title: { en: 'A' } })).toEqual([
      { kind: 'removed', item: null, field: 'title', language: 'es', before: 'B', after: null },
    ]);
  });

  it('an added and a removed item: one change each, holding the whole item', () => {
    const d = diffVersions(
      content({ welcomeScreens: { screens: [screen('a', 'A'), screen('b', 'B')] } }),
      content({ welcomeScreens: { screens: [screen('a', 'A'), screen('c', 'C')] } }),
    );
    const changes = d.groups[0]!.changes;
    expect(changes.map((c) => [c.kind, c.item?.id, c.field])).toEqual([
      ['removed', 'b', ''],
      ['added', 'c', ''],
    ]);
    expect(changes[0]!.before).toMatchObject({ id: 'b', title: { en: 'B' } });
    expect(changes[1]!.after).toMatchObject({ id: 'c', title: { en: 'C' } });
    expect(changes[1]!.item).toEqual({ list: 'screens', id: 'c', title: { en: 'C', es: 'C (es)' } });
  });

  it('the first item of an empty list is added', () => {
    const d = diffVersions(content({}), content({ welcomeScreens: { screens: [screen('a', 'A')] } }));
    expect(d.groups[0]!.changes.map((c) => [c.kind, c.item?.id])).toEqual([['added', 'a']]);
  });

  it('a moved item is one move with its old and new position; the items it passed did not change', () => {
    const d = diffVersions(
      content({ welcomeScreens: { screens: [screen('a', 'A'), screen('b', 'B'), screen('c', 'C')] } }),
      content({ welcomeScreens: { screens: [screen('c', 'C'), screen('a', 'A'), screen('b', 'B')] } }),
    );
    expect(d.groups[0]!.changes).toEqual([
      {
        kind: 'moved',
        item: { list: 'screens', id: 'c', title: { en: 'C', es: 'C (es)' } },
        field: '',
        language: null,
        before: 3,
        after: 1,
      },
    ]);
  });

  it('a moved and edited item: the move and the edit', () => {
    const d = diffVersions(
      content({ welcomeScreens: { screens: [screen('a', 'A'), screen('b', 'B')] } }),
      content({ welcomeScreens: { screens: [screen('b', 'B2'), screen('a', 'A')] } }),
    );
    expect(d.groups[0]!.changes.map((c) => [c.kind, c.item?.id, c.field, c.language])).toEqual([
      ['changed', 'b', 'title', 'en'],
      ['changed', 'b', 'title', 'es'],
      ['changed', 'b', 'body', 'en'],
      ['moved', 'a', '', null],
    ]);
  });

  it('items inside items are named by the innermost item (a quiz question’s option)', () => {
    const quiz = (optionText: string) => ({
      feedback: {
        quiz: [
          {
            id: 'q1',
            question: { en: 'How often?' },
            options: [
              { id: 'o1', text: { en: 'Daily' } },
              { id: 'o2', text: { en: optionText } },
            ],
            correctOptionId: 'o1',
          },
        ],
      },
    });
    const d = diffVersions(content(quiz('Weekly')), content(quiz('Monthly')));
    expect(d.groups).toHaveLength(1);
    expect(d.groups[0]!.key).toBe('feedback');
    expect(d.groups[0]!.changes).toEqual([
      {
        kind: 'changed',
        item: { list: 'options', id: 'o2', title: { en: 'Monthly' } },
        field: 'text',
        language: 'en',
        before: 'Weekly',
        after: 'Monthly',
      },
    ]);
  });

  it('a value set where there was none is added, a value cleared is removed', () => {
    expect(diffValues({ secondaryColor: null }, { secondaryColor: '#000000' })).toEqual([
      { kind: 'added', item: null, field: 'secondaryColor', language: null, before: null, after: '#000000' },
    ]);
    expect(diffValues({ secondaryColor: '#000000' }, { secondaryColor: null })).toEqual([
      { kind: 'removed', item: null, field: 'secondaryColor', language: null, before: '#000000', after: null },
    ]);
  });

  it('nested settings are named by their path; groups follow the study build’s order', () => {
    const d = diffVersions(
      content({}),
      content({
        webHomepage: { heading: { en: 'Join us' } },
        registration: { fields: { mobile: { asked: true, required: true } } },
      }),
    );
    expect(d.groups.map((g) => g.key)).toEqual(['registration', 'webHomepage']);
    expect(d.groups[0]!.changes).toEqual([
      {
        kind: 'changed',
        item: null,
        field: 'fields.mobile.required',
        language: null,
        before: false,
        after: true,
      },
    ]);
  });

  it('a later part registers its own differ and its groups follow the content’s and the sites’', () => {
    const consent: (b: Record<string, unknown>, a: Record<string, unknown>) => DiffGroup[] = (b, a) => [
      { part: 'consent', key: 'consent', titleKey: 'consent.title', changes: diffValues(b.consent, a.consent) },
    ];
    const unregister = registerVersionDiffer('consent-test', consent);
    try {
      const d = diffVersions(
        { ...content({ branding: { primaryColor: '#111111' } }), consent: [{ id: 'c1', title: { en: 'Main' } }] },
        { ...content({}), consent: [{ id: 'c1', title: { en: 'Main form' } }] },
      );
      expect(d.groups.map((g) => g.part)).toEqual(['content', 'consent']);
      expect(d.groups[1]!.changes[0]).toMatchObject({ kind: 'changed', item: { id: 'c1' }, field: 'title' });
      expect(versionDiffParts()).toEqual(['content', 'sites', 'consent-test']);
    } finally {
      unregister();
    }
    expect(versionDiffParts()).toEqual(['content', 'sites']);
  });

  describe('sites (decision 0030)', () => {
    const site = (id: string, over: Partial<VersionSite> = {}): VersionSite => ({
      id,
      siteCode: id.toUpperCase(),
      name: `Site ${id}`,
      subType: 'HOSPITAL',
      countryId: 'ES',
      address: '',
      city: 'Madrid',
      postalCode: '',
      contactName: '',
      contactEmail: '',
      contactPhone: '',
      ...over,
    });

    it('names each changed, added or removed site by its code and name; one change per field', () => {
      const d = diffVersions(
        { ...content({}), sites: [site('es-1'), site('gb-1', { countryId: 'GB' })] },
        { ...content({}), sites: [site('es-1', { city: 'Barcelona' }), site('de-1', { countryId: 'DE' })] },
      );
      expect(d.groups).toHaveLength(1);
      expect(d.groups[0]).toMatchObject({ part: 'sites', key: 'sites', titleKey: 'studyContent.part.sites' });
      expect(d.groups[0]!.changes.map((c) => [c.kind, c.item?.title?.en, c.field])).toEqual([
        ['removed', 'GB-1 Site gb-1', ''],
        ['added', 'DE-1 Site de-1', ''],
        ['changed', 'ES-1 Site es-1', 'city'],
      ]);
      expect(d.changeCount).toBe(3);
    });

    it('compares nothing when a side has no sites recorded', () => {
      expect(diffVersions(content({}), { ...content({}), sites: [site('es-1')] }).groups).toEqual([]);
    });
  });
});
