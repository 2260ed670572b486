/**
 * Launch readiness of a study (C-098, C-011 study-build-progress, C-063 review/scan; decision 0031). One
 * rule, used by the build-progress screen, the build call and the launch call: it names each gap — what
 * is missing and where it is fixed — instead of answering "not ready".
 */
import { LANGUAGE_CODE_PATTERN } from './localized';
import type { StudyStatus } from './lifecycle';

/** Where a gap is fixed: the staff screen the build-progress list links to. */
export const READINESS_AREAS = ['manage', 'details', 'versions', 'sites', 'content', 'approval'] as const;
export type ReadinessArea = (typeof READINESS_AREAS)[number];

export type ReadinessGapId =
  | 'status'
  | 'publishedVersion'
  | 'language'
  | 'country'
  | 'site'
  | 'logo'
  | 'text'
  | 'internalApproval'
  | 'irbApproval';

export interface ReadinessGap {
  id: ReadinessGapId;
  area: ReadinessArea;
  /** The catalogue message naming the gap (packages/domain study-build-catalogue.ts). */
  messageKey: `studies.gap.${string}`;
  params?: Record<string, string | number>;
}

export interface ReadinessFacts {
  status: StudyStatus;
  /** The study's languages (its default first). */
  languages: readonly string[];
  countryCount: number;
  siteCount: number;
  /** The newest published version's content, or null when none was published. */
  publishedContent: unknown | null;
  /** The content being built (the draft), checked for texts when nothing was published yet. */
  draftContent: unknown | null;
  isInternalOrganizationalApproved: boolean;
  isIrbEcApproved: boolean;
}

function isTextObject(value: unknown): value is Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length > 0 &&
    entries.every(([k, v]) => LANGUAGE_CODE_PATTERN.test(k) && typeof v === 'string') &&
    entries.some(([, v]) => (v as string).trim() !== '')
  );
}

/** Each written text (a text with at least one language filled in) found under `value`. */
function* textsIn(value: unknown): Generator<Record<string, string>> {
  if (isTextObject(value)) {
    yield value;
    return;
  }
  if (Array.isArray(value)) for (const v of value) yield* textsIn(v);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) yield* textsIn(v);
}

/**
 * Per content section and study language, how many written texts lack that language (a text nobody
 * wrote in any language is the section's own business, not a translation gap).
 */
export function missingTexts(
  content: unknown,
  languages: readonly string[],
): { section: string; language: string; count: number }[] {
  const out: { section: string; language: string; count: number }[] = [];
  if (!content || typeof content !== 'object') return out;
  for (const [section, value] of Object.entries(content)) {
    const counts = new Map<string, number>();
    for (const text of textsIn(value)) {
      for (const l of languages) {
        if (!Object.hasOwn(text, l) || (text[l] ?? '').trim() === '') counts.set(l, (counts.get(l) ?? 0) + 1);
      }
    }
    for (const l of languages) {
      const count = counts.get(l);
      if (count) out.push({ section, language: l, count });
    }
  }
  return out;
}

function logoOf(content: unknown): unknown {
  const branding = (content as { branding?: { logoFileId?: unknown } } | null)?.branding;
  return branding?.logoFileId ?? null;
}

/** The gaps between the study and a launch, in the order a builder fixes them; [] = ready. */
export function launchGaps(f: ReadinessFacts): ReadinessGap[] {
  const gaps: ReadinessGap[] = [];
  if (f.status !== 'DESIGN')
    gaps.push({ id: 'status', area: 'manage', messageKey: 'studies.gap.status', params: { status: f.status } });
  if (f.languages.length === 0) gaps.push({ id: 'language', area: 'details', messageKey: 'studies.gap.language' });
  if (f.countryCount === 0) gaps.push({ id: 'country', area: 'details', messageKey: 'studies.gap.country' });
  if (f.siteCount === 0) gaps.push({ id: 'site', area: 'sites', messageKey: 'studies.gap.site' });
  if (f.publishedContent === null) {
    gaps.push({ id: 'publishedVersion', area: 'versions', messageKey: 'studies.gap.publishedVersion' });
  }
  const content = f.publishedContent ?? f.draftContent;
  if (content !== null && !logoOf(content)) gaps.push({ id: 'logo', area: 'content', messageKey: 'studies.gap.logo' });
  for (const m of missingTexts(content, f.languages)) {
    gaps.push({
      id: 'text',
      area: 'content',
      messageKey: 'studies.gap.text',
      params: { section: m.section, language: m.language, count: m.count },
    });
  }
  if (!f.isInternalOrganizationalApproved) {
    gaps.push({ id: 'internalApproval', area: 'approval', messageKey: 'studies.gap.internalApproval' });
  }
  if (!f.isIrbEcApproved) gaps.push({ id: 'irbApproval', area: 'approval', messageKey: 'studies.gap.irbApproval' });
  return gaps;
}

/** A study code: 2–20 letters, digits and dashes, starting with a letter or digit; compared case-insensitively. */
export const STUDY_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{1,19}$/;
