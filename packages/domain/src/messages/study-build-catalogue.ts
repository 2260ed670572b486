/**
 * Messages of the studies themselves (issue 9, decision 0031): creating and editing a study, its
 * lifecycle, launch readiness, approval and duplication. Joined into STUDY_MESSAGES (study-catalogue.ts),
 * so it registers and types with the rest of the study build's messages.
 */
import type { CatalogueEntry } from './catalogue';

export const STUDY_BUILD_MESSAGES = {
  'studies.codeTaken': {
    en: 'Another study already uses this code. Choose another one.',
    es: 'Otro estudio ya usa este código. Elija otro.',
  },
  'studies.codeFormat': {
    en: 'Use 2 to 20 letters, digits or dashes, starting with a letter or a digit.',
    es: 'Use de 2 a 20 letras, números o guiones, empezando por una letra o un número.',
  },
  'studies.codeFixed': {
    en: 'The code cannot change once the study has left design: participants and documents refer to it.',
    es: 'El código no puede cambiar una vez que el estudio ha salido de diseño: los participantes y los documentos lo usan.',
  },
  'studies.editConflict': {
    en: 'Another person changed this study since you opened it. Reload it to see their changes, then make yours again.',
    es: 'Otra persona ha modificado este estudio después de que usted lo abriera. Vuelva a cargarlo para ver sus cambios y haga de nuevo los suyos.',
  },
  'studies.languageUnknown': {
    en: 'Trialpath does not offer the language {language}.',
    es: 'Trialpath no ofrece el idioma {language}.',
  },
  'studies.countryUnknown': {
    en: 'Trialpath does not support the country {country}.',
    es: 'Trialpath no admite el país {country}.',
  },
  'studies.transitionRefused': {
    en: 'A study that is {from} cannot be moved to {to}.',
    es: 'Un estudio en estado {from} no puede pasar a {to}.',
  },
  'studies.deleteOnlyInDesign': {
    en: 'Only a study that is still in design can be deleted. Close the study instead.',
    es: 'Solo se puede eliminar un estudio que sigue en diseño. Cierre el estudio en su lugar.',
  },
  'studies.launchThroughLaunch': {
    en: 'A study goes live through its launch, which checks that it is ready.',
    es: 'Un estudio se pone en producción con su lanzamiento, que comprueba que esté listo.',
  },
  'studies.notReady': {
    en: 'The study cannot be launched yet: {count} item(s) are missing. See the study build progress.',
    es: 'El estudio aún no se puede lanzar: faltan {count} elemento(s). Consulte el progreso de la configuración.',
  },
  'studies.approvalConflict': {
    en: 'The study changed after you opened this confirmation. Check the approvals as they are now, then confirm again.',
    es: 'El estudio ha cambiado después de que abriera esta confirmación. Revise las aprobaciones tal como están ahora y vuelva a confirmar.',
  },
  'studies.approvalWithdrawReason': {
    en: 'Give the reason for withdrawing an approval.',
    es: 'Indique el motivo por el que retira una aprobación.',
  },
  'studies.gap.status': {
    en: 'Only a study in design can be launched; this one is {status}.',
    es: 'Solo se puede lanzar un estudio en diseño; este está en estado {status}.',
  },
  'studies.gap.language': {
    en: 'The study has no language.',
    es: 'El estudio no tiene ningún idioma.',
  },
  'studies.gap.country': {
    en: 'The study has no country.',
    es: 'El estudio no tiene ningún país.',
  },
  'studies.gap.site': {
    en: 'The study has no site.',
    es: 'El estudio no tiene ningún centro.',
  },
  'studies.gap.publishedVersion': {
    en: 'No version of the study has been published.',
    es: 'No se ha publicado ninguna versión del estudio.',
  },
  'studies.gap.logo': {
    en: 'The study has no logo (branding).',
    es: 'El estudio no tiene logotipo (imagen de marca).',
  },
  'studies.gap.text': {
    en: '“{section}”: {count} text(s) have no {language} version.',
    es: '«{section}»: {count} texto(s) no tienen versión en {language}.',
  },
  'studies.gap.internalApproval': {
    en: 'The internal organizational approval has not been recorded.',
    es: 'No se ha registrado la aprobación interna de la organización.',
  },
  'studies.gap.irbApproval': {
    en: 'The IRB/EC approval has not been recorded.',
    es: 'No se ha registrado la aprobación del CEI/CEIm.',
  },
} as const satisfies Record<string, CatalogueEntry>;
