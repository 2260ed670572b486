/**
 * Study build messages (issue 9; decision 0020). The spec gives no texts for the study and site calls
 * (002 §8: "no other user-facing API error messages are shown"): all are ours. Merged into MESSAGES by
 * catalogue.ts.
 */
import type { CatalogueEntry } from './catalogue';

/** The title of each study content section (screens, conflict messages, translation reports). */
export const STUDY_SECTION_TITLES = {
  'studyContent.section.branding': { en: 'Branding', es: 'Imagen de marca' },
  'studyContent.section.onboarding': { en: 'Onboarding', es: 'Incorporación' },
  'studyContent.section.welcomeScreens': { en: 'Welcome screens', es: 'Pantallas de bienvenida' },
  'studyContent.section.eligibility': { en: 'Eligibility', es: 'Elegibilidad' },
  'studyContent.section.learnMore': { en: 'Learn more', es: 'Más información' },
  'studyContent.section.infoScreens': { en: 'Info screens', es: 'Pantallas informativas' },
  'studyContent.section.feedback': { en: 'Feedback', es: 'Opiniones' },
  'studyContent.section.appDescription': { en: 'App description', es: 'Descripción de la aplicación' },
  'studyContent.section.appAvailability': { en: 'App availability', es: 'Disponibilidad de la aplicación' },
  'studyContent.section.marketing': { en: 'Marketing', es: 'Marketing' },
  'studyContent.section.healthAccess': { en: 'Health data access', es: 'Acceso a datos de salud' },
  'studyContent.section.registration': { en: 'Registration', es: 'Registro' },
  'studyContent.section.videos': { en: 'Videos', es: 'Vídeos' },
  'studyContent.section.cohorts': { en: 'Cohorts', es: 'Cohortes' },
  'studyContent.section.webGlobal': { en: 'Web: global elements', es: 'Web: elementos globales' },
  'studyContent.section.webHomepage': { en: 'Web: home page', es: 'Web: página de inicio' },
  'studyContent.section.webEligibilityScreening': {
    en: 'Web: eligibility screening',
    es: 'Web: evaluación de elegibilidad',
  },
  'studyContent.section.webAgreement': { en: 'Web: agreement', es: 'Web: acuerdo' },
  'studyContent.section.webRegister': { en: 'Web: registration', es: 'Web: registro' },
  'studyContent.section.webPublish': { en: 'Web: publishing', es: 'Web: publicación' },
} as const satisfies Record<string, CatalogueEntry>;

export const STUDY_MESSAGES = {
  ...STUDY_SECTION_TITLES,
  // ── versions and their content ─────────────────────────────────────────────────────────────
  'versions.noDraft': {
    en: 'This study has no draft version. Create a new version to make changes.',
    es: 'Este estudio no tiene ninguna versión en borrador. Cree una versión nueva para hacer cambios.',
  },
  'versions.draftExists': {
    en: 'This study already has a draft version. Finish or delete it before creating another.',
    es: 'Este estudio ya tiene una versión en borrador. Termínela o elimínela antes de crear otra.',
  },
  'versions.draftConflict': {
    en: 'Another person saved “{section}” since you opened it. Reload it to see their changes, then make yours again.',
    es: 'Otra persona ha guardado «{section}» después de que usted lo abriera. Vuelva a cargarlo para ver sus cambios y haga de nuevo los suyos.',
  },
  'versions.immutable': {
    en: 'This version has been published and can no longer be changed. Create a new version to make changes.',
    es: 'Esta versión se ha publicado y ya no se puede modificar. Cree una versión nueva para hacer cambios.',
  },
  'versions.nameTaken': {
    en: 'Another version of this study already has this name.',
    es: 'Otra versión de este estudio ya tiene este nombre.',
  },
  'studies.readOnly': {
    en: 'This study is closed, archived or deleted: its build can no longer be changed.',
    es: 'Este estudio está cerrado, archivado o eliminado: su configuración ya no se puede modificar.',
  },
  // ── content fields ─────────────────────────────────────────────────────────────────────────
  'studyContent.duplicateId': {
    en: 'Another item of this list already has the id {id}.',
    es: 'Otro elemento de esta lista ya tiene el identificador {id}.',
  },
  'studyContent.duplicateValue': {
    en: '{value} is already in this list.',
    es: '{value} ya está en esta lista.',
  },
  'studyContent.textRequiredIn': {
    en: "Enter this text in the study's default language ({language}).",
    es: 'Introduzca este texto en el idioma predeterminado del estudio ({language}).',
  },
  'studyContent.languageNotInStudy': {
    en: 'This study has no language {language}. Add the language to the study first.',
    es: 'Este estudio no tiene el idioma {language}. Añada primero el idioma al estudio.',
  },
  'studyContent.correctOptionMissing': {
    en: 'The correct answer must be one of the options.',
    es: 'La respuesta correcta debe ser una de las opciones.',
  },
  'studyContent.requiredNotAsked': {
    en: 'A field can only be required if it is asked.',
    es: 'Un campo solo puede ser obligatorio si se pregunta.',
  },
  'studyContent.verificationFieldRequired': {
    en: 'Participants are verified through this field, so it must be asked and required.',
    es: 'Los participantes se verifican mediante este campo, por lo que debe preguntarse y ser obligatorio.',
  },
  'studyContent.videoSource': {
    en: 'Give the video as an uploaded file or as a link: one of the two.',
    es: 'Indique el vídeo como archivo subido o como enlace: uno de los dos.',
  },
} as const satisfies Record<string, CatalogueEntry>;
