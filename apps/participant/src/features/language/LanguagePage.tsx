import { Stack, Text } from '@mantine/core';
import { type CSSProperties, type FormEvent, lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../app/router';
import { changeLanguage, uiLanguageOf } from '../../i18n';
import { PAGES, type Page, studyPath } from '../../app/routes';
import { useDocumentTitle, useSession } from '../../shared/hooks';
import { storage } from '../../shared/portal';
import { isLoggedIn } from '../../shared/session';
import { COUNTRY_KEY, LANGUAGE_KEY, storeLanguageAndCountry } from '../../shared/storage';
import { PageTitle, PrimaryButton } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import { initialCountry, initialLanguage, selectableCountries } from './choice';

/** "Join the study" when the study has open enrolment: its own chunk, after this first screen (D-055). */
const JoinStudy = lazy(() => import('../enrol/JoinStudy').catch(() => ({ default: () => null })));

/**
 * Language and country selection (spec 001 §1, §2); picking a language switches the interface at
 * once. Native radio buttons and select (large, accessible, the phone's own picker) keep this first
 * screen light.
 */
export default function LanguagePage() {
  const { t, i18n } = useTranslation();
  const { study, color } = useStudy();
  const session = useSession();
  const countryId = useId();
  const [language, setLanguage] = useState(() => initialLanguage(study.languages, storage.getItem(LANGUAGE_KEY)));
  const [country, setCountry] = useState(() => initialCountry(study.countries, storage.getItem(COUNTRY_KEY)));
  const countries = useMemo(
    () => selectableCountries(study.countries, i18n.language),
    [study.countries, i18n.language],
  );
  useDocumentTitle(t('language.title'), study.name);

  // The screen shows its pre-selected language (e.g. a stored one the study no longer offers).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    if (uiLanguageOf(i18n.language) !== uiLanguageOf(language)) void changeLanguage(language);
  }, []);

  const choose = (culture: string) => {
    setLanguage(culture);
    void changeLanguage(culture);
  };

  const code = study.studyCode;
  const proceed = (page: Page) => {
    storeLanguageAndCountry(storage, language, country);
    if (i18n.language !== language) void changeLanguage(language);
    navigate(studyPath(code, page));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    proceed(isLoggedIn(session, code) ? PAGES.home : PAGES.login);
  };

  return (
    <form onSubmit={submit} noValidate style={{ '--tp-accent': color } as CSSProperties}>
      <Stack gap="lg">
        <div>
          <PageTitle>{t('language.title')}</PageTitle>
          <Text c="dimmed">{t('language.intro')}</Text>
        </div>
        <fieldset className="tp-fieldset">
          <legend className="tp-label">{t('language.languageLegend')}</legend>
          <div className="tp-choices">
            {study.languages.map((l) => (
              <label key={l.language_culture} className="tp-choice" lang={l.language_culture}>
                <input
                  type="radio"
                  name="language"
                  value={l.language_culture}
                  checked={language === l.language_culture}
                  onChange={() => choose(l.language_culture)}
                />
                <span>{l.display_name}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label className="tp-label" htmlFor={countryId}>
            {t('language.countryLabel')}
          </label>
          <select
            id={countryId}
            className="tp-select"
            value={country}
            autoComplete="country"
            onChange={(e) => setCountry(e.currentTarget.value)}
          >
            {countries.map((c) => (
              <option key={c.isoCode2} value={c.isoCode2}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <PrimaryButton type="submit">{t('language.continue')}</PrimaryButton>
        {!isLoggedIn(session, code) && (
          <Suspense fallback={null}>
            <JoinStudy onJoin={() => proceed(PAGES.join)} />
          </Suspense>
        )}
      </Stack>
    </form>
  );
}
