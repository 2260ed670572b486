/**
 * Countries and languages as the participant portal reads them (001 §3 Country and Language; D-044…D-046,
 * D-076…D-078; decision D-069): a study's own, defaults US and en when it names none, or the platform's
 * when no study is known yet.
 */
import type { Country, Language } from '@trialpath/contract';
import { countryName, DEFAULT_COUNTRY, DEFAULT_LANGUAGE } from '@trialpath/domain';
import type { DbCtx } from '../../kernel/context';
import {
  findCountry,
  findLanguage,
  listActiveCountries,
  listLanguages,
  listStudyCountries,
  listStudyLanguages,
} from './studies.repository';

interface CountryRow {
  id: string;
  name: string;
  iso_code3: string;
  active: boolean;
  sort_order: number;
}

/** Where a study's participants open the portal (empty without a study). */
export function portalBaseUrl(publicUrl: string, studyCode: string | null): string {
  return studyCode ? `${publicUrl}/participant/#/participants/web/${encodeURIComponent(studyCode)}/` : '';
}

interface StudyFacts {
  code: string;
  live_version_id: string | null;
}

function countryView(
  c: CountryRow,
  lang: string,
  options: { isDefault: boolean; study: StudyFacts | null; publicUrl: string },
): Country {
  return {
    countryId: c.id,
    name: countryName(c.id, lang, c.name),
    countryType: options.study ? 'study' : 'platform',
    // Trialpath keeps no groups of countries (decision D-069).
    countryGroupId: null,
    isoCode2: c.id,
    isoCode3: c.iso_code3,
    baseUrlWeb: portalBaseUrl(options.publicUrl, options.study?.code ?? null),
    havingOnlyDraftLanguage: options.study ? options.study.live_version_id === null : false,
    default: options.isDefault,
    active: c.active,
    sortOrder: c.sort_order,
  };
}

const languageView = (l: { id: string; display_name: string }, isDefault: boolean): Language => ({
  language_id: l.id,
  language_culture: l.id,
  display_name: l.display_name,
  is_default: isDefault,
});

/** A study's countries (US when it names none) and languages (English when none), each default first. */
export async function studyPortalCountriesAndLanguages(
  ctx: DbCtx & { config: { publicUrl: string } },
  study: StudyFacts & { id: string },
  lang: string,
) {
  const options = { study, publicUrl: ctx.config.publicUrl };
  let countries = (await listStudyCountries(ctx.db, study.id)).map((c) =>
    countryView(c, lang, { ...options, isDefault: c.is_default }),
  );
  if (countries.length === 0) {
    const us = await findCountry(ctx.db, DEFAULT_COUNTRY);
    countries = us ? [countryView({ ...us, active: true, sort_order: 0 }, lang, { ...options, isDefault: true })] : [];
  }
  let languages = (await listStudyLanguages(ctx.db, study.id)).map((l) => languageView(l, l.is_default));
  if (languages.length === 0) {
    const en = await findLanguage(ctx.db, DEFAULT_LANGUAGE);
    languages = [languageView({ id: DEFAULT_LANGUAGE, display_name: en?.display_name ?? 'English' }, true)];
  }
  return { countries, languages };
}

/** The platform's active countries (US first and default) and its languages (English first and default). */
export async function platformCountriesAndLanguages(ctx: DbCtx & { config: { publicUrl: string } }, lang: string) {
  const [countryRows, languageRows] = await Promise.all([listActiveCountries(ctx.db), listLanguages(ctx.db)]);
  const first = <T extends { id: string }>(rows: T[], id: string) => [
    ...rows.filter((r) => r.id === id),
    ...rows.filter((r) => r.id !== id),
  ];
  return {
    countries: first(countryRows, DEFAULT_COUNTRY).map((c) =>
      countryView(c, lang, { study: null, publicUrl: ctx.config.publicUrl, isDefault: c.id === DEFAULT_COUNTRY }),
    ),
    languages: first(languageRows, DEFAULT_LANGUAGE).map((l) => languageView(l, l.id === DEFAULT_LANGUAGE)),
  };
}
