import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

await i18next
  .use(initReactI18next)
  .init({ showSupportNotice: false, lng: 'en', resources: { en: { translation: {} } } });
