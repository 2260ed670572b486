/**
 * The study design overview's reading of the build (C-012; decision 0041): which content sections of a
 * version are filled in, where each is edited, what the versions list says about draft, published and
 * live, and which launch-readiness gaps belong to which part. Pure, so it is tested without rendering.
 */
import type { ReadinessGapItem, StudyVersionSummary } from '@trialpath/contract';
import {
  defaultStudyContent,
  type ReadinessArea,
  STUDY_CONTENT_SECTIONS,
  type StudyContent,
  type StudyContentSection,
} from '@trialpath/domain';
import { CUSTOMIZE_SCREENS, type CustomizeScreen, screenGroup } from '../customize/screen-list';
import { SCREEN_SECTIONS } from '../customize/screens';

/** A value with blank texts left out and object keys sorted: stored JSON and defaults compare equal. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => !(typeof v === 'string' && v.trim() === ''))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

let defaults: StudyContent | null = null;

/**
 * A section is filled in when its value differs from the section's default (a new study's draft holds
 * every section at its default, decision 0020); a text emptied again counts as never written.
 */
export function isSectionFilled<S extends StudyContentSection>(section: S, value: StudyContent[S]): boolean {
  defaults ??= defaultStudyContent();
  return JSON.stringify(canonical(value)) !== JSON.stringify(canonical(defaults[section]));
}

export interface SectionState {
  section: StudyContentSection;
  filled: boolean;
  /** The customize or web screen that edits it. */
  screen: CustomizeScreen;
}

/**
 * The sections of one group (the app's customize screens or the web pages) in the study build's order,
 * each with its state and screen; a section no screen edits yet is left out, as the content library does.
 */
export function sectionStates(content: StudyContent, group: 'customize' | 'web'): SectionState[] {
  const out: SectionState[] = [];
  for (const section of STUDY_CONTENT_SECTIONS) {
    const screen = CUSTOMIZE_SCREENS.find((s) => SCREEN_SECTIONS[s.id].includes(section));
    if (!screen || screenGroup(screen) !== group) continue;
    out.push({ section, filled: isSectionFilled(section, content[section]), screen });
  }
  return out;
}

export interface VersionFacts {
  draft: StudyVersionSummary | null;
  /** The newest published version: the one a launch makes live. */
  published: StudyVersionSummary | null;
  live: StudyVersionSummary | null;
  test: StudyVersionSummary | null;
  archived: number;
  total: number;
}

/** What the versions list (newest first) says about the study's draft, published and live versions. */
export function versionFacts(items: readonly StudyVersionSummary[]): VersionFacts {
  const newest = (status: StudyVersionSummary['status']) =>
    items.filter((v) => v.status === status).sort((a, b) => b.number - a.number)[0] ?? null;
  return {
    draft: newest('DRAFT'),
    published: newest('PUBLISHED'),
    live: items.find((v) => v.isLive) ?? null,
    test: items.find((v) => v.isTest) ?? null,
    archived: items.filter((v) => v.status === 'ARCHIVED').length,
    total: items.length,
  };
}

/** The version whose content the overview reads: the draft, else the newest version. */
export function contentVersionId(items: readonly StudyVersionSummary[]): string | null {
  return items.find((v) => v.status === 'DRAFT')?.id ?? [...items].sort((a, b) => b.number - a.number)[0]?.id ?? null;
}

const WEB_SECTIONS = new Set<string>(
  CUSTOMIZE_SCREENS.filter((s) => screenGroup(s) === 'web').flatMap((s) => SCREEN_SECTIONS[s.id]),
);

/** A part of the build as the overview shows it; readiness gaps of the content area split into app and web. */
export type DesignPart = Exclude<ReadinessArea, 'content'> | 'content' | 'web';

/** The part of the build a readiness gap belongs to. */
export function partOfGap(gap: ReadinessGapItem): DesignPart {
  if (gap.area === 'content' && typeof gap.params?.section === 'string' && WEB_SECTIONS.has(gap.params.section)) {
    return 'web';
  }
  return gap.area;
}

/** The gaps of one part, in the readiness rule's order. */
export function gapsOfPart(gaps: readonly ReadinessGapItem[], part: DesignPart): ReadinessGapItem[] {
  return gaps.filter((g) => partOfGap(g) === part);
}
