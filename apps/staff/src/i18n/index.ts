import { DEFAULT_LANGUAGE, resolveLanguage, SUPPORTED_STAFF_LANGUAGES } from '@trialpath/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '../shared/storage';
import { en } from './en';
import { es } from './es';

export type StaffLanguage = (typeof SUPPORTED_STAFF_LANGUAGES)[number];

function initialLanguage(): StaffLanguage {
  const stored = storage.getLanguage();
  if (stored) return resolveLanguage(stored) as StaffLanguage;
  return DEFAULT_LANGUAGE as StaffLanguage;
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_STAFF_LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

export function setLanguage(lang: StaffLanguage) {
  storage.setLanguage(lang);
  void i18n.changeLanguage(lang);
}

export default i18n;
