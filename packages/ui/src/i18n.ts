import { type MessageKey, type MessageParams, resolveLanguage, translate } from '@trialpath/domain';
import { useTranslation } from 'react-i18next';

/** Labels of the shared pieces themselves (the spec's texts come from the domain catalogue). */
const UI_LABELS = {
  en: {
    openAll: 'Open All',
    closeAll: 'Close All',
    expand: 'Expand',
    collapse: 'Collapse',
    emptyTree: 'No data',
    notFoundText: 'The page you are looking for does not exist or is not available to you.',
    goHome: 'Go to the start page',
    loading: 'Loading',
    copyright: '© {year} Trialpath. All rights reserved.',
    cookieText:
      'We use only the cookies that are strictly necessary for this portal to work (for example to keep you signed in and remember this choice). No tracking or advertising cookies are used.',
    cookieAccept: 'Accept necessary cookies',
    cookieTitle: 'Cookies',
    passwordRules: 'Password requirements',
    usernameRules: 'Username requirements',
    ruleMet: 'met',
    ruleNotMet: 'not met',
    close: 'Close',
    privacyPolicy: 'Privacy policy',
    termsOfUse: 'Terms of use',
  },
  es: {
    openAll: 'Abrir todo',
    closeAll: 'Cerrar todo',
    expand: 'Expandir',
    collapse: 'Contraer',
    emptyTree: 'Sin datos',
    notFoundText: 'La página que busca no existe o no está disponible para usted.',
    goHome: 'Ir a la página de inicio',
    loading: 'Cargando',
    copyright: '© {year} Trialpath. Todos los derechos reservados.',
    cookieText:
      'Solo utilizamos las cookies estrictamente necesarias para que este portal funcione (por ejemplo, para mantener su sesión y recordar esta elección). No se utilizan cookies de seguimiento ni de publicidad.',
    cookieAccept: 'Aceptar cookies necesarias',
    cookieTitle: 'Cookies',
    passwordRules: 'Requisitos de la contraseña',
    usernameRules: 'Requisitos del nombre de usuario',
    ruleMet: 'cumplido',
    ruleNotMet: 'no cumplido',
    close: 'Cerrar',
    privacyPolicy: 'Política de privacidad',
    termsOfUse: 'Condiciones de uso',
  },
} as const;
export type UiLabel = keyof (typeof UI_LABELS)['en'];

export function uiLabel(key: UiLabel, lang: string, params?: Record<string, string | number>): string {
  const table = lang.toLowerCase().startsWith('es') ? UI_LABELS.es : UI_LABELS.en;
  let text: string = table[key];
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

/** Current UI language (from i18next when present, else the default). */
export function useLanguage(): 'en' | 'es' {
  const { i18n } = useTranslation();
  return resolveLanguage(i18n?.language ?? 'en') as 'en' | 'es';
}

/** `msg(key, params)`: a domain-catalogue message in the current language. */
export function useMessages() {
  const lang = useLanguage();
  return {
    lang,
    msg: (key: MessageKey, params?: MessageParams) => translate(key, params, lang),
    label: (key: UiLabel, params?: Record<string, string | number>) => uiLabel(key, lang, params),
  };
}
