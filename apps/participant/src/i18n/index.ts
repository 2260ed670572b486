import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Resources } from './en';
import { en } from './en';

/** Languages the static interface strings exist in; any other study language falls back to English. */
export const UI_LANGUAGES = ['en', 'es'] as const;
type UiLanguage = (typeof UI_LANGUAGES)[number];

/** English ships with the first load; other languages load when chosen (first-load budget, decision 0011). */
const LOADERS: Record<Exclude<UiLanguage, 'en'>, () => Promise<Resources>> = {
  es: () => import('./es').then((m) => m.es),
};

/** The interface language of a study language culture: 'es-MX' → 'es'; unknown → 'en'. */
export function uiLanguageOf(culture: string | null | undefined): UiLanguage {
  const base = String(culture ?? '')
    .trim()
    .toLowerCase()
    .split(/[-_]/)[0];
  return (UI_LANGUAGES as readonly string[]).includes(base ?? '') ? (base as UiLanguage) : 'en';
}

/**
 * The languages whose static strings are in. Not `hasResourceBundle`: a feature loaded on demand adds its own
 * strings of every language to the bundle, which must not pass for the portal's own having arrived.
 */
const loaded = new Set<UiLanguage>(['en']);

async function ensureResources(culture: string): Promise<void> {
  const ui = uiLanguageOf(culture);
  if (ui === 'en' || loaded.has(ui)) return;
  try {
    i18next.addResourceBundle(ui, 'translation', await LOADERS[ui](), true, true);
    loaded.add(ui);
  } catch {
    // The chunk could not load (offline): English strings are shown meanwhile.
  }
}

/**
 * Add a lazily loaded feature's strings of every language, now or once i18next has started (a test may
 * import the feature first): in its own namespace, or deep-merged into the portal's `translation`.
 */
export function addFeatureTexts(byLanguage: Record<string, object>, ns = 'translation'): void {
  const add = () => {
    for (const [lang, texts] of Object.entries(byLanguage)) i18next.addResourceBundle(lang, ns, texts, true, true);
  };
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}

/** Start i18next in `language` (a study language culture such as `es` or `es-MX`). */
export async function initI18n(language: string): Promise<I18n> {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: language,
    fallbackLng: 'en',
    supportedLngs: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureResources(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
  return i18next;
}

/** Switch the interface language, loading its strings first so no English flashes in between. */
export async function changeLanguage(culture: string): Promise<void> {
  await ensureResources(culture);
  await i18next.changeLanguage(culture);
}

export { i18next };
