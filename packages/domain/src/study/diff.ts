/**
 * ★ The version diff (issue 9; decision 0030): what changed between two versions of a study, grouped
 * and readable the way a reviewer or an IRB reads it — one group per part and section (content
 * sections by their catalogue title), list items named by their id and their title text, texts
 * compared per language, and each change one of added / removed / changed / moved.
 *
 * A version is made of parts (content today; consent, activities, schedules and sites as their areas
 * arrive). Each part has its differ in a registry (`VERSION_DIFFERS`, `registerVersionDiffer`), so a
 * later area adds its own without touching this file's callers: the API endpoint and the publish audit
 * entry both call `diffVersions`.
 */
import { z } from 'zod';
import { isPlainObject } from '../plain-object';
import { type StudyContent, STUDY_CONTENT_SECTIONS, sectionTitleKey } from './content';
import { LANGUAGE_CODE_PATTERN, type StudyText } from './localized';

export const DIFF_CHANGE_KINDS = ['added', 'removed', 'changed', 'moved'] as const;
export type DiffChangeKind = (typeof DIFF_CHANGE_KINDS)[number];

/** A list item a change is about: its list (`screens`), its id and its title text in every language. */
export const DiffItemSchema = z.object({
  list: z.string(),
  id: z.string(),
  title: z.record(z.string(), z.string()).nullable(),
});
export type DiffItem = z.infer<typeof DiffItemSchema>;

export const DiffChangeSchema = z.object({
  kind: z.enum(DIFF_CHANGE_KINDS),
  /** The innermost list item the change is in; null for a field of the section itself. */
  item: DiffItemSchema.nullable(),
  /** The field inside the item (or the section): `title`, `primaryColor`, `fields.email.required`; '' for the item itself. */
  field: z.string(),
  /** The language of a text's change (`es`); null for a value that is not a text. */
  language: z.string().nullable(),
  /** The old and new value (null when added or removed); a moved item: its old and new position (1-based). */
  before: z.unknown(),
  after: z.unknown(),
});
export type DiffChange = z.infer<typeof DiffChangeSchema>;

export const DiffGroupSchema = z.object({
  /** The part of the version: `content` (later `consent`, `activities`, `schedules`, `sites`). */
  part: z.string(),
  /** The group inside the part: a content section's key (`welcomeScreens`). */
  key: z.string(),
  /** The catalogue key of the group's title (`studyContent.section.welcomeScreens`). */
  titleKey: z.string(),
  changes: z.array(DiffChangeSchema),
});
export type DiffGroup = z.infer<typeof DiffGroupSchema>;

export const VersionDiffSchema = z.object({
  /** Only groups with changes, in the study build's order. */
  groups: z.array(DiffGroupSchema),
  changeCount: z.number().int(),
});
export type VersionDiff = z.infer<typeof VersionDiffSchema>;

// ── values ────────────────────────────────────────────────────────────────────────────────────

const TITLE_FIELDS = ['title', 'label', 'question', 'name', 'text'] as const;

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

function isEmptyObject(v: unknown): boolean {
  return isPlainObject(v) && Object.keys(v).length === 0;
}

/** A text per language (`{ en: 'Welcome', es: 'Bienvenido' }`). */
function isTextMap(v: unknown): v is StudyText {
  return (
    isPlainObject(v) &&
    Object.keys(v).length > 0 &&
    Object.entries(v).every(([k, t]) => LANGUAGE_CODE_PATTERN.test(k) && typeof t === 'string')
  );
}

function isKeyedList(v: unknown): v is { id: string }[] {
  return Array.isArray(v) && v.length > 0 && v.every((x) => isPlainObject(x) && typeof x.id === 'string');
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function titleOf(item: Record<string, unknown>): StudyText | null {
  for (const f of TITLE_FIELDS) if (isTextMap(item[f])) return item[f] as StudyText;
  return null;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** Ids in both lists that keep their relative order (longest common subsequence); the others moved. */
function unmovedIds(before: readonly string[], after: readonly string[]): Set<string> {
  const n = before.length;
  const m = after.length;
  const len: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      len[i]![j] = before[i] === after[j] ? len[i + 1]![j + 1]! + 1 : Math.max(len[i + 1]![j]!, len[i]![j + 1]!);
  const keep = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      keep.add(before[i]!);
      i++;
      j++;
    } else if (len[i + 1]![j]! >= len[i]![j + 1]!) i++;
    else j++;
  }
  return keep;
}

interface Where {
  item: DiffItem | null;
  field: string;
}

/** The changes between two values of one field, named from `where`. */
function diffValue(before: unknown, after: unknown, where: Where, out: DiffChange[]): void {
  if (same(before, after)) return;
  const change = (kind: DiffChangeKind, b: unknown, a: unknown, field = where.field, language: string | null = null) =>
    out.push({ kind, item: where.item, field, language, before: b ?? null, after: a ?? null });

  // A text: one change per language that differs (a blank entry is a text not written yet).
  const textLike = (v: unknown) => isTextMap(v) || isEmptyObject(v) || v === undefined || v === null;
  if ((isTextMap(before) || isTextMap(after)) && textLike(before) && textLike(after)) {
    const b = (before ?? {}) as StudyText;
    const a = (after ?? {}) as StudyText;
    for (const language of [...new Set([...Object.keys(b), ...Object.keys(a)])].sort()) {
      const ob = Object.hasOwn(b, language) ? b[language] : undefined;
      const oa = Object.hasOwn(a, language) ? a[language] : undefined;
      if (isBlank(ob) && isBlank(oa)) continue;
      if (isBlank(ob)) change('added', null, oa, where.field, language);
      else if (isBlank(oa)) change('removed', ob, null, where.field, language);
      else if (ob !== oa) change('changed', ob, oa, where.field, language);
    }
    return;
  }

  // A list of items with ids: matched by id, so a moved item is one move, not a change of every position.
  const keyedOrEmpty = (v: unknown) => isKeyedList(v) || (Array.isArray(v) && v.length === 0);
  if (keyedOrEmpty(before) && keyedOrEmpty(after)) {
    const b = before as Record<string, unknown>[];
    const a = after as Record<string, unknown>[];
    const list = where.field;
    const bIds = b.map((x) => x.id as string);
    const aIds = a.map((x) => x.id as string);
    const itemOf = (x: Record<string, unknown>): DiffItem => ({ list, id: x.id as string, title: titleOf(x) });
    const inner = (x: Record<string, unknown>): Where => ({ item: itemOf(x), field: '' });
    for (const x of b) if (!aIds.includes(x.id as string)) out.push({ ...change0('removed', inner(x)), before: x });
    for (const x of a) if (!bIds.includes(x.id as string)) out.push({ ...change0('added', inner(x)), after: x });
    const commonB = bIds.filter((id) => aIds.includes(id));
    const commonA = aIds.filter((id) => bIds.includes(id));
    const unmoved = unmovedIds(commonB, commonA);
    for (const x of a) {
      const id = x.id as string;
      const old = b.find((y) => y.id === id);
      if (!old) continue;
      if (!unmoved.has(id)) {
        out.push({ ...change0('moved', inner(x)), before: bIds.indexOf(id) + 1, after: aIds.indexOf(id) + 1 });
      }
      diffObject(old, x, inner(x), out, ['id']);
    }
    return;
  }

  if (isPlainObject(before) && isPlainObject(after)) {
    diffObject(before, after, where, out);
    return;
  }
  if (isBlank(before) && !isBlank(after)) change('added', null, after);
  else if (!isBlank(before) && isBlank(after)) change('removed', before, null);
  else change('changed', before, after);
}

function change0(kind: DiffChangeKind, where: Where): DiffChange {
  return { kind, item: where.item, field: where.field, language: null, before: null, after: null };
}

function diffObject(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  where: Where,
  out: DiffChange[],
  skip: readonly string[] = [],
): void {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !skip.includes(k));
  for (const key of keys) {
    diffValue(before[key], after[key], { item: where.item, field: join(where.field, key) }, out);
  }
}

/** The changes between two values of anything shaped like study content (a section, a consent document…). */
export function diffValues(before: unknown, after: unknown): DiffChange[] {
  const out: DiffChange[] = [];
  diffValue(before, after, { item: null, field: '' }, out);
  return out;
}

// ── parts and their differs ──────────────────────────────────────────────────────────────────

/**
 * What a version is made of, part by part. Content is the first part; consent, activities, schedules
 * and sites add theirs here as their areas are built (and a differ to `registerVersionDiffer`).
 */
export interface VersionParts {
  content: StudyContent;
  [part: string]: unknown;
}

/** The groups of changes of one part between two versions (a group only when it has changes). */
export type PartDiffer = (before: VersionParts, after: VersionParts) => DiffGroup[];

/** Content: one group per section, in the study build's order, titled by the section's catalogue key. */
export const diffContent: PartDiffer = (before, after) =>
  STUDY_CONTENT_SECTIONS.map((section) => ({
    part: 'content',
    key: section,
    titleKey: sectionTitleKey(section),
    changes: diffValues(before.content[section], after.content[section]),
  })).filter((g) => g.changes.length > 0);

/**
 * A site as a version records it when published (decision 0030): what a reviewer compares. Statuses are
 * left out: they are the running of a site, not the study's design.
 */
export interface VersionSite {
  id: string;
  siteCode: string;
  name: string;
  subType: string;
  countryId: string;
  address: string;
  city: string;
  /** State, province or region; absent from versions published before sites had one (a blank is not given). */
  state?: string;
  postalCode: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
}

/**
 * Sites: one group, each site named by its code and name. A version published before sites were
 * recorded (no `sites` part) is not compared.
 */
export const diffSites: PartDiffer = (before, after) => {
  const b = before.sites as VersionSite[] | undefined;
  const a = after.sites as VersionSite[] | undefined;
  if (!b || !a) return [];
  const labels = new Map([...b, ...a].map((s) => [s.id, `${s.siteCode} ${s.name}`]));
  const changes = diffValues({ sites: b }, { sites: a }).map((c) =>
    c.item ? { ...c, item: { ...c.item, title: { en: labels.get(c.item.id) ?? c.item.id } } } : c,
  );
  return changes.length ? [{ part: 'sites', key: 'sites', titleKey: 'studyContent.part.sites', changes }] : [];
};

const VERSION_DIFFERS = new Map<string, PartDiffer>([
  ['content', diffContent],
  ['sites', diffSites],
]);

/**
 * Add (or replace) the differ of a part; the parts are diffed in the order they were registered.
 * Returns the function that takes it out again.
 */
export function registerVersionDiffer(part: string, differ: PartDiffer): () => void {
  VERSION_DIFFERS.set(part, differ);
  return () => {
    if (VERSION_DIFFERS.get(part) === differ) VERSION_DIFFERS.delete(part);
  };
}

/** The parts that have a differ, in order. */
export function versionDiffParts(): string[] {
  return [...VERSION_DIFFERS.keys()];
}

/** What changed from one version to another, grouped by part and section. */
export function diffVersions(before: VersionParts, after: VersionParts): VersionDiff {
  const groups = [...VERSION_DIFFERS.values()].flatMap((differ) => differ(before, after));
  return { groups, changeCount: groups.reduce((n, g) => n + g.changes.length, 0) };
}
