/**
 * A study version's content (002 §3, 000 §2.4 customize and web screens): one object of named sections,
 * each with its default, so a new study's draft is complete from the start and a section added later
 * reads as its default in older versions. Every text is per language (localized.ts), every rich text is
 * stripped of unsafe markup, and list items carry ids unique in their list (keyed.ts).
 *
 * A section is the unit of editing: one screen of the study build edits one section, saves it whole,
 * and is checked for concurrent changes by that section's revision (decision 0020).
 */
import { z } from 'zod';
import { contrastColor } from '../color';
import type { STUDY_SECTION_TITLES } from '../messages/study-catalogue';
import { ACTIVITY_SECTION_BUILDERS } from './content-activities';
import { APP_SECTION_BUILDERS } from './content-app';
import { CONSENT_SECTION_BUILDERS } from './content-consent';
import { EDRO_SECTION_BUILDERS } from './content-edro';
import { type TextKit, textKit } from './content-fields';
import { WEB_SECTION_BUILDERS } from './content-web';
import type { TextRules } from './localized';

const SECTION_BUILDERS = {
  ...APP_SECTION_BUILDERS,
  ...WEB_SECTION_BUILDERS,
  ...ACTIVITY_SECTION_BUILDERS,
  ...EDRO_SECTION_BUILDERS,
  ...CONSENT_SECTION_BUILDERS,
};
type Builders = typeof SECTION_BUILDERS;

/** The sections, in the order the study build lists them. */
export const STUDY_CONTENT_SECTIONS = [
  'branding',
  'onboarding',
  'welcomeScreens',
  'eligibility',
  'learnMore',
  'infoScreens',
  'feedback',
  'appDescription',
  'appAvailability',
  'marketing',
  'healthAccess',
  'registration',
  'videos',
  'consents',
  'cohorts',
  'webGlobal',
  'webHomepage',
  'webEligibilityScreening',
  'webAgreement',
  'webRegister',
  'webPublish',
  'studyActivities',
  'schedule',
  'spirometry',
] as const satisfies readonly (keyof Builders)[];
export type StudyContentSection = (typeof STUDY_CONTENT_SECTIONS)[number];

export function isStudyContentSection(value: unknown): value is StudyContentSection {
  return typeof value === 'string' && (STUDY_CONTENT_SECTIONS as readonly string[]).includes(value);
}

export type SectionSchema<S extends StudyContentSection> = ReturnType<Builders[S]>;

/** One section's schema under the given rules (none: the shape; a study's: its languages too). */
export function studyContentSectionSchema<S extends StudyContentSection>(section: S, rules: TextRules = {}) {
  const build = SECTION_BUILDERS[section] as (t: TextKit) => SectionSchema<S>;
  return build(textKit(rules));
}

function contentSchema(rules: TextRules) {
  const kit = textKit(rules);
  const shape = Object.fromEntries(
    STUDY_CONTENT_SECTIONS.map((s) => [s, (SECTION_BUILDERS[s] as (t: TextKit) => z.ZodType)(kit).prefault({})]),
  ) as { [S in StudyContentSection]: z.ZodPrefault<SectionSchema<S>> };
  return z.object(shape).strict();
}

/** A version's whole content; a missing section (or field) is its default. */
export const StudyContentSchema = contentSchema({});
export type StudyContent = z.output<typeof StudyContentSchema>;
export type StudyContentInput = z.input<typeof StudyContentSchema>;
export type SectionValue<S extends StudyContentSection> = StudyContent[S];

/** The content of a new study: every section at its default. */
export function defaultStudyContent(): StudyContent {
  return StudyContentSchema.parse({});
}

/** Each section's schema with shape rules only (the contract's request bodies). */
export const STUDY_CONTENT_SECTION_SCHEMAS = Object.fromEntries(
  STUDY_CONTENT_SECTIONS.map((s) => [s, studyContentSectionSchema(s)]),
) as { [S in StudyContentSection]: SectionSchema<S> };

/** The address segment of a section (`welcomeScreens` → `welcome-screens`). */
export function sectionPathSegment(section: StudyContentSection): string {
  return section.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * The colours a participant sees (C-129, C-130): the study's primary colour (the default teal unless
 * set), an optional secondary one, and on each the text colour the contrast rule picks.
 */
export function brandingColors(branding: Pick<SectionValue<'branding'>, 'primaryColor' | 'secondaryColor'>) {
  const secondary = branding.secondaryColor;
  return {
    primary: branding.primaryColor,
    onPrimary: contrastColor(branding.primaryColor),
    secondary,
    onSecondary: secondary === null ? null : contrastColor(secondary),
  };
}

/** The catalogue key of a section's title (a missing title is a type error here). */
export function sectionTitleKey(section: StudyContentSection): keyof typeof STUDY_SECTION_TITLES {
  const key: `studyContent.section.${StudyContentSection}` = `studyContent.section.${section}`;
  return key;
}
