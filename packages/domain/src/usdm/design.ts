/**
 * What a study version's design export holds (issue: USDM 4.0 digital protocol): the study, the
 * version, its sites, eligibility questions, activities and schedule plan. The server fills it from its
 * records; `toUsdm` turns it into USDM 4.0 and `fromUsdm` reads one back.
 */
import type { Activity, LocalizedText } from '../activity/model';
import type { SchedulePlan } from '../schedule/model';
import type { SectionValue } from '../study/content';
import type { VersionStatus } from '../study/lifecycle';

/** A country by its ISO 3166-1 alpha-2 code (Trialpath's countries.id) and its name. */
export interface UsdmCountry {
  code?: string;
  name: string;
}

/** A site: USDM gives a StudySite exactly one country, as the sites table does (country_id). */
export interface UsdmSite {
  id: string;
  /** The site code (e.g. US-001). */
  code?: string;
  name: string;
  country: UsdmCountry;
}

/**
 * An eligibility question as the eligibility section holds it: a YES-qualifying question is an
 * inclusion criterion ("Are you 18 or older?"), a NO-qualifying one an exclusion criterion ("Are you pregnant?").
 */
export interface EligibilityQuestionExport {
  id: string;
  text: LocalizedText;
  qualifyingAnswer: 'YES' | 'NO';
}

export interface StudyDesignExport {
  study: {
    id: string;
    code: string;
    name: string;
    description?: string;
    phase?: string;
    sponsorName?: string;
    languages: string[];
    defaultLanguage: string;
  };
  version: { number: number; name: string; status: VersionStatus; publishedAt?: string };
  sites: UsdmSite[];
  /** The eligibility section's own shape: the server can pass the section as it is. */
  eligibility: {
    introduction?: LocalizedText;
    ineligibleMessage?: LocalizedText;
    questions: EligibilityQuestionExport[];
  };
  activities: Activity[];
  plan: SchedulePlan;
}

export type EligibilityCriterionKind = 'inclusion' | 'exclusion';

export function eligibilityCriterionKind(question: Pick<EligibilityQuestionExport, 'qualifyingAnswer'>) {
  return (question.qualifyingAnswer === 'YES' ? 'inclusion' : 'exclusion') satisfies EligibilityCriterionKind;
}

/** The export's eligibility from the eligibility section (only the fields the export carries). */
export function eligibilityForExport(section: SectionValue<'eligibility'>): StudyDesignExport['eligibility'] {
  return {
    introduction: section.introduction,
    ineligibleMessage: section.ineligibleMessage,
    questions: section.questions.map((q) => ({ id: q.id, text: q.text, qualifyingAnswer: q.qualifyingAnswer })),
  };
}
