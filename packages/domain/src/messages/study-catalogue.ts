/**
 * Study build messages (issue 9; decision 0020). The spec gives no texts for the study and site calls
 * (002 §8: "no other user-facing API error messages are shown"): all are ours. This module adds them to
 * the catalogue when it is imported (through `@trialpath/domain/staff-messages`: the API's app.ts and the
 * staff portal's main.tsx); the participant portal never imports it, so its first load stays without them.
 * It is not re-exported by the package's index: through the index every bundle would keep it.
 */
import type { CatalogueEntry } from './catalogue';
import { ACTIVITY_BUILD_MESSAGES } from './activity-build-catalogue';
import { STUDY_BUILD_MESSAGES } from './study-build-catalogue';
import { SCHEDULE_MESSAGES } from './schedule-catalogue';
import { SITE_TEAM_MESSAGES } from './sites-catalogue';
import { SPIROMETRY_MESSAGES } from './spirometry-catalogue';
import { CONSENT_MESSAGES } from './consent-catalogue';
import { registerMessages } from './translate';

/** The title of each study content section (screens, conflict messages, translation reports). */
export const STUDY_SECTION_TITLES = {
  'studyContent.section.branding': { en: 'Branding', es: 'Imagen de marca' },
  'studyContent.section.onboarding': { en: 'Onboarding', es: 'Incorporación' },
  'studyContent.section.welcomeScreens': { en: 'Welcome screens', es: 'Pantallas de bienvenida' },
  'studyContent.part.sites': { en: 'Sites', es: 'Centros' },
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
  'studyContent.section.consents': { en: 'Consents', es: 'Consentimientos' },
  'studyContent.section.webGlobal': { en: 'Web: global elements', es: 'Web: elementos globales' },
  'studyContent.section.webHomepage': { en: 'Web: home page', es: 'Web: página de inicio' },
  'studyContent.section.webEligibilityScreening': {
    en: 'Web: eligibility screening',
    es: 'Web: evaluación de elegibilidad',
  },
  'studyContent.section.webAgreement': { en: 'Web: agreement', es: 'Web: acuerdo' },
  'studyContent.section.webRegister': { en: 'Web: registration', es: 'Web: registro' },
  'studyContent.section.webPublish': { en: 'Web: publishing', es: 'Web: publicación' },
  'studyContent.section.studyActivities': { en: 'Activities', es: 'Actividades' },
  'studyContent.section.schedule': { en: 'Schedule', es: 'Calendario' },
  'studyContent.section.spirometry': { en: 'Forced spirometry', es: 'Espirometría forzada' },
} as const satisfies Record<string, CatalogueEntry>;

export const STUDY_MESSAGES = {
  ...STUDY_SECTION_TITLES,
  ...STUDY_BUILD_MESSAGES,
  ...ACTIVITY_BUILD_MESSAGES,
  ...SITE_TEAM_MESSAGES,
  ...SCHEDULE_MESSAGES,
  ...SPIROMETRY_MESSAGES,
  ...CONSENT_MESSAGES,
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
  'versions.notDraft': {
    en: 'This version is not a draft: only a draft can be published or deleted.',
    es: 'Esta versión no es un borrador: solo un borrador se puede publicar o eliminar.',
  },
  'versions.notPublished': {
    en: 'Only a published version can be made live, archived or assigned to live sites.',
    es: 'Solo una versión publicada se puede poner en producción, archivar o asignar a centros en producción.',
  },
  'versions.alreadyLive': {
    en: 'This version is already the live version.',
    es: 'Esta versión ya es la versión en producción.',
  },
  'versions.archiveLive': {
    en: 'This is the live version and cannot be archived. Make another version live first.',
    es: 'Esta es la versión en producción y no se puede archivar. Ponga antes otra versión en producción.',
  },
  'versions.archiveTest': {
    en: 'The test data space runs this version. Create a new version first.',
    es: 'El espacio de datos de prueba usa esta versión. Cree antes una versión nueva.',
  },
  'versions.archiveAssigned': {
    en: 'Sites or countries are assigned to this version. Assign them another version first.',
    es: 'Hay centros o países asignados a esta versión. Asígneles antes otra versión.',
  },
  'versions.archived': {
    en: 'This version is archived and can no longer be used.',
    es: 'Esta versión está archivada y ya no se puede usar.',
  },
  'versions.siteNotInStudy': {
    en: 'This site does not belong to the study.',
    es: 'Este centro no pertenece al estudio.',
  },
  'versions.countryNotInStudy': {
    en: 'This country is not one of the study’s countries.',
    es: 'Este país no es uno de los países del estudio.',
  },
  'versions.siteOrCountry': {
    en: 'Choose a site or a country: one of the two.',
    es: 'Elija un centro o un país: uno de los dos.',
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
  'studyContent.customFieldLabel': {
    en: 'Name this field: the form shows the name to whoever fills it in.',
    es: 'Ponga nombre a este campo: el formulario lo muestra a quien lo rellena.',
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
  // ── the icon library (decision 0040) ────────────────────────────────────────────────────────
  'studyContent.unknownIcon': {
    en: 'This icon is not in the icon library. Choose another icon or none.',
    es: 'Este icono no está en la biblioteca de iconos. Elija otro icono o ninguno.',
  },
  'icons.notFound': {
    en: 'The icon library has no icon “{id}”.',
    es: 'La biblioteca de iconos no tiene ningún icono «{id}».',
  },
  // ── translations and IRB documentation (helper "review", decision 0035) ─────────────────────
  'translations.unknownId': {
    en: 'This text is not in the draft (unit {id}). Export the file again from the current draft.',
    es: 'Este texto no está en el borrador (unidad {id}). Vuelva a exportar el archivo desde el borrador actual.',
  },
  'translations.duplicateId': {
    en: 'The file has the unit {id} more than once.',
    es: 'El archivo contiene la unidad {id} más de una vez.',
  },
  'translations.notXliff': {
    en: 'This is not an XLIFF 2.0 file.',
    es: 'Este no es un archivo XLIFF 2.0.',
  },
  'translations.wrongSource': {
    en: 'The file is written from {found}; this study’s texts are written in {expected}.',
    es: 'El archivo está escrito desde {found}; los textos de este estudio están escritos en {expected}.',
  },
  'translations.wrongTarget': {
    en: 'The file translates into {language}, which is not one of the study’s other languages.',
    es: 'El archivo traduce al idioma {language}, que no es uno de los otros idiomas del estudio.',
  },
  'translations.notImported': {
    en: 'Nothing was imported: the file has {count} problem(s). Correct them and import the file again.',
    es: 'No se ha importado nada: el archivo tiene {count} problema(s). Corríjalos e importe de nuevo el archivo.',
  },
  'irb.noPublished': {
    en: 'This study has no published version yet. Publish a version before generating its IRB/EC documentation.',
    es: 'Este estudio aún no tiene ninguna versión publicada. Publique una versión antes de generar su documentación para el CEI.',
  },
  'irb.notGenerated': {
    en: 'This documentation has not been generated yet.',
    es: 'Esta documentación aún no se ha generado.',
  },
  'documents.unreadablePdf': {
    en: 'This PDF cannot be read. It may be damaged or password-protected; save it again and upload it.',
    es: 'Este PDF no se puede leer. Puede estar dañado o protegido con contraseña; guárdelo de nuevo y súbalo.',
  },
  'prototypes.notActive': {
    en: 'This prototype link no longer works: it has expired or was withdrawn.',
    es: 'Este enlace de prototipo ya no funciona: ha caducado o se retiró.',
  },
  'prototypes.kitTokenMismatch': {
    en: 'This is not the link of this prototype. Make a new link to download its kit.',
    es: 'Este no es el enlace de este prototipo. Genere un enlace nuevo para descargar su kit.',
  },
  'prototypes.kit.title': { en: 'Study prototype for review', es: 'Prototipo del estudio para revisión' },
  'prototypes.kit.study': { en: 'Study', es: 'Estudio' },
  'prototypes.kit.version': { en: 'Draft of version', es: 'Borrador de la versión' },
  'prototypes.kit.until': { en: 'Link valid until (UTC)', es: 'Enlace válido hasta (UTC)' },
  'prototypes.kit.note': { en: 'Note', es: 'Nota' },
  'prototypes.kit.link': { en: 'Link', es: 'Enlace' },
  'prototypes.kit.scan': {
    en: 'Scan the code with the device’s camera, or type the link into its browser.',
    es: 'Escanee el código con la cámara del dispositivo o escriba el enlace en su navegador.',
  },
  'prototypes.kit.platform.IOS': { en: 'On an iPhone or iPad', es: 'En un iPhone o iPad' },
  'prototypes.kit.platform.ANDROID': { en: 'On an Android phone or tablet', es: 'En un teléfono o tableta Android' },
  'prototypes.kit.platform.DESKTOP': { en: 'On a computer', es: 'En un ordenador' },
  'prototypes.kit.steps.IOS': {
    en: '1. Open the camera and point it at the code; tap the link that appears (it opens in Safari).\n2. To keep the prototype on the home screen, tap Share, then “Add to Home Screen”, then Add.\n3. Open it from its icon: it fills the screen like the participant app.',
    es: '1. Abra la cámara y apunte al código; toque el enlace que aparece (se abre en Safari).\n2. Para tener el prototipo en la pantalla de inicio, toque Compartir, luego «Añadir a pantalla de inicio» y después Añadir.\n3. Ábralo desde su icono: ocupa la pantalla como la aplicación del participante.',
  },
  'prototypes.kit.steps.ANDROID': {
    en: '1. Open the camera (or Google Lens) and point it at the code; tap the link (it opens in Chrome).\n2. To keep the prototype on the home screen, open Chrome’s menu (the three dots) and choose “Add to home screen”, then Add.\n3. Open it from its icon: it fills the screen like the participant app.',
    es: '1. Abra la cámara (o Google Lens) y apunte al código; toque el enlace (se abre en Chrome).\n2. Para tener el prototipo en la pantalla de inicio, abra el menú de Chrome (los tres puntos) y elija «Añadir a pantalla de inicio» y después Añadir.\n3. Ábralo desde su icono: ocupa la pantalla como la aplicación del participante.',
  },
  'prototypes.kit.steps.DESKTOP': {
    en: '1. Copy the link into Chrome, Edge, Firefox or Safari.\n2. To see it at a phone’s size, open the browser’s developer tools and choose a device view, or scan the code with a phone.\n3. Keep the link as a bookmark while the review lasts.',
    es: '1. Copie el enlace en Chrome, Edge, Firefox o Safari.\n2. Para verlo con el tamaño de un teléfono, abra las herramientas de desarrollo del navegador y elija una vista de dispositivo, o escanee el código con un teléfono.\n3. Guarde el enlace como marcador mientras dure la revisión.',
  },
  'prototypes.kit.caution': {
    en: 'This prototype shows a draft under review; it is not for participants. Anyone with this link can open it until it expires or is withdrawn: share it only with the reviewers.',
    es: 'Este prototipo muestra un borrador en revisión; no es para participantes. Cualquier persona con este enlace puede abrirlo hasta que caduque o se retire: compártalo solo con los revisores.',
  },
  'documents.deleted': {
    en: 'This document was deleted and can no longer be changed.',
    es: 'Este documento se eliminó y ya no se puede modificar.',
  },
  'documents.siteNotInStudy': {
    en: 'Choose a site of this study.',
    es: 'Elija un centro de este estudio.',
  },
  'documents.titleRequired': {
    en: "Enter the title in the study's default language ({language}).",
    es: 'Introduzca el título en el idioma predeterminado del estudio ({language}).',
  },
} as const satisfies Record<string, CatalogueEntry>;

registerMessages(STUDY_MESSAGES);
