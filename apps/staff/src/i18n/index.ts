import { DEFAULT_LANGUAGE, resolveLanguage, SUPPORTED_STAFF_LANGUAGES } from '@trialpath/domain';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { Feature, StaffLanguage, TextLoaders } from '../shared/feature';
import { storage } from '../shared/storage';
import { en } from './en';
import { es } from './es';

export type { StaffLanguage } from '../shared/feature';

/** The shell's namespace, in the first chunk; every feature's namespace is loaded with the feature. */
export const SHELL_NAMESPACE = 'shell';

function initialLanguage(): StaffLanguage {
  const stored = storage.getLanguage();
  if (stored) return resolveLanguage(stored) as StaffLanguage;
  return DEFAULT_LANGUAGE as StaffLanguage;
}

const featureTexts = new Map<string, TextLoaders>();

/** Make the features' namespaces loadable (app/features.ts registers every feature). */
export function registerFeatureTexts(features: readonly Pick<Feature, 'id' | 'texts'>[]) {
  for (const f of features) featureTexts.set(f.id, f.texts);
}

void i18n
  .use(initReactI18next)
  // A feature's namespace is fetched the first time one of its screens needs it, in the language shown
  // (and the fallback); switching the language fetches every namespace already in use in the new one.
  .use(
    resourcesToBackend((lng: string, ns: string) => {
      const load = featureTexts.get(ns)?.[lng as StaffLanguage];
      if (!load) throw new Error(`No texts for namespace ${ns} in ${lng}`);
      return load();
    }),
  )
  .init({
    resources: { en: { [SHELL_NAMESPACE]: en }, es: { [SHELL_NAMESPACE]: es } },
    partialBundledLanguages: true,
    ns: [SHELL_NAMESPACE],
    defaultNS: SHELL_NAMESPACE,
    // A feature's screens may use the shell's texts (app.loading, app.privacyPolicy) without a prefix.
    fallbackNS: SHELL_NAMESPACE,
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_STAFF_LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
    initAsync: false,
  });

/**
 * Load a feature's namespace (before its screen is shown). When the shown language's texts fail to load,
 * the screen carries on with the English ones (000 §1, C-173: "carries on with no translations"); only
 * when no texts arrived at all does it reject, so the route error (000 §8.2) shows rather than raw keys.
 */
export async function loadFeatureTexts(namespace: string): Promise<void> {
  await i18n.loadNamespaces(namespace);
  const arrived = [i18n.language, DEFAULT_LANGUAGE].some((lng) => i18n.hasResourceBundle(lng, namespace));
  if (!arrived) throw new Error(`Texts of ${namespace} not loaded`);
}

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

export function setLanguage(lang: StaffLanguage) {
  storage.setLanguage(lang);
  void i18n.changeLanguage(lang);
}

export default i18n;
