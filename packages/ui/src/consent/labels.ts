import { fillPlaceholders, isMessageKey, type MessageParams, resolveLanguage, translate } from '@trialpath/domain';

/**
 * Texts of the consent flow itself (the consent's own texts come from the study, the meaning of the
 * signature from the caller). Callers may pass their own, already translated, through `labels`.
 */
const LABELS = {
  en: {
    progress: 'Step {n} of {m}',
    back: 'Back',
    next: 'Next',
    preview: 'Preview — nothing is signed or saved',
    previewDone: 'End of the preview. Nothing was signed or saved.',
    restart: 'Start again',
    educationHeading: 'About this consent',
    quizHeading: 'Check your understanding',
    quizProgress: 'Question {n} of {m}',
    checkAnswer: 'Check answer',
    chooseAnswer: 'Choose an answer to go on.',
    wrongAnswer: 'That is not the right answer.',
    askAgain: 'Please read the question again and choose another answer.',
    rightAnswer: 'Right answer.',
    documentsHeading: 'Consent documents',
    privacyPolicy: 'Privacy policy',
    license: 'Licence agreement',
    disclaimersHeading: 'Statements',
    disclaimersIntro: 'Tick each statement you agree with. Statements marked required must be ticked to go on.',
    required: 'required',
    disclaimersMissing: 'Tick every required statement to go on.',
    disclaimerRequired: 'Please accept this statement to go on.',
    optionalHeading: 'Optional choices',
    optionalIntro: 'These choices do not decide whether you take part. Please answer each one.',
    yes: 'Yes',
    no: 'No',
    optionalMissing: 'Answer every choice with yes or no to go on.',
    optionalRequired: 'Please answer yes or no.',
    signatureHeading: 'Sign',
    meaningHeading: 'What your signature means',
    acceptMeaning: 'I have read and accept the meaning of my signature',
    acceptMeaningRequired: 'Accept the meaning of your signature to sign.',
    typedName: 'Your full name',
    typedNameHint: 'Type your name as your signature.',
    typedNameRequired: 'Type your full name (at least 2 characters).',
    password: 'Your password',
    passwordHint: 'Enter the password you sign in with to confirm that it is you who signs.',
    passwordRequired: 'Enter your password.',
    drawHeading: 'Draw your signature',
    drawHint:
      'Draw your signature in the box with a finger, pen or mouse. Drawing is optional: if you cannot draw (for example with a keyboard only), your typed name is your signature.',
    drawArea: 'Signature drawing area',
    drawn: 'Signature drawn.',
    notDrawn: 'Nothing drawn yet.',
    clear: 'Clear',
    sign: 'Sign',
    signFailed: 'Your signature could not be saved. Please try again.',
    checkFields: 'Some answers are missing. Check the marked fields.',
    previewButton: 'Preview',
    previewOf: 'Preview of “{name}”',
    previewPick: 'Consent to preview',
    previewLanguage: 'Language',
    previewSaved: 'The preview shows the consents as last saved: save your changes to preview them.',
    previewEmpty: 'There is no consent to preview yet.',
    untitled: 'Untitled consent',
  },
  es: {
    progress: 'Paso {n} de {m}',
    back: 'Atrás',
    next: 'Siguiente',
    preview: 'Vista previa: no se firma ni se guarda nada',
    previewDone: 'Fin de la vista previa. No se ha firmado ni guardado nada.',
    restart: 'Empezar de nuevo',
    educationHeading: 'Sobre este consentimiento',
    quizHeading: 'Compruebe lo que ha entendido',
    quizProgress: 'Pregunta {n} de {m}',
    checkAnswer: 'Comprobar respuesta',
    chooseAnswer: 'Elija una respuesta para continuar.',
    wrongAnswer: 'Esa no es la respuesta correcta.',
    askAgain: 'Vuelva a leer la pregunta y elija otra respuesta.',
    rightAnswer: 'Respuesta correcta.',
    documentsHeading: 'Documentos del consentimiento',
    privacyPolicy: 'Política de privacidad',
    license: 'Acuerdo de licencia',
    disclaimersHeading: 'Declaraciones',
    disclaimersIntro:
      'Marque cada declaración con la que esté de acuerdo. Las marcadas como obligatorias deben marcarse para continuar.',
    required: 'obligatoria',
    disclaimersMissing: 'Marque todas las declaraciones obligatorias para continuar.',
    disclaimerRequired: 'Acepte esta declaración para continuar.',
    optionalHeading: 'Opciones voluntarias',
    optionalIntro: 'Estas opciones no deciden si usted participa. Responda a cada una.',
    yes: 'Sí',
    no: 'No',
    optionalMissing: 'Responda sí o no a cada opción para continuar.',
    optionalRequired: 'Responda sí o no.',
    signatureHeading: 'Firmar',
    meaningHeading: 'Qué significa su firma',
    acceptMeaning: 'He leído y acepto el significado de mi firma',
    acceptMeaningRequired: 'Acepte el significado de su firma para firmar.',
    typedName: 'Su nombre completo',
    typedNameHint: 'Escriba su nombre como firma.',
    typedNameRequired: 'Escriba su nombre completo (al menos 2 caracteres).',
    password: 'Su contraseña',
    passwordHint: 'Introduzca la contraseña con la que inicia sesión para confirmar que es usted quien firma.',
    passwordRequired: 'Introduzca su contraseña.',
    drawHeading: 'Dibuje su firma',
    drawHint:
      'Dibuje su firma en el recuadro con el dedo, un lápiz o el ratón. Dibujarla es opcional: si no puede dibujar (por ejemplo, si solo usa el teclado), su nombre escrito es su firma.',
    drawArea: 'Área para dibujar la firma',
    drawn: 'Firma dibujada.',
    notDrawn: 'Aún no ha dibujado nada.',
    clear: 'Borrar',
    sign: 'Firmar',
    signFailed: 'No se ha podido guardar su firma. Inténtelo de nuevo.',
    checkFields: 'Faltan algunas respuestas. Revise los campos marcados.',
    previewButton: 'Vista previa',
    previewOf: 'Vista previa de «{name}»',
    previewPick: 'Consentimiento que se muestra',
    previewLanguage: 'Idioma',
    previewSaved:
      'La vista previa muestra los consentimientos tal como se guardaron por última vez: guarde sus cambios para verlos.',
    previewEmpty: 'Aún no hay ningún consentimiento que mostrar.',
    untitled: 'Consentimiento sin título',
  },
} as const;

export type ConsentLabelKey = keyof (typeof LABELS)['en'];
export type ConsentLabels = Record<ConsentLabelKey, string>;

// The Spanish texts have every English key (the compiler checks it).
const _sameKeys: Record<ConsentLabelKey, string> = LABELS.es;
void _sameKeys;

/**
 * Labels whose text is the domain catalogue's (the server's field messages of the same rules): taken from
 * the catalogue when its consent messages are loaded (the server, the staff portal), else the same text
 * kept here (the participant portal does not load the study build's catalogue).
 */
const CATALOGUE_KEYS = {
  disclaimerRequired: 'consent.disclaimerRequired',
  optionalRequired: 'consent.optionalAnswerRequired',
} as const satisfies Partial<Record<ConsentLabelKey, string>>;

/** The flow's texts in `lang` (English for a language without its own), overridden by `own`. */
export function consentLabels(lang: string, own?: Partial<ConsentLabels>): ConsentLabels {
  const l = resolveLanguage(lang);
  const base: ConsentLabels = { ...(l === 'es' ? LABELS.es : LABELS.en) };
  for (const [label, key] of Object.entries(CATALOGUE_KEYS) as [ConsentLabelKey, string][]) {
    if (isMessageKey(key)) base[label] = translate(key, undefined, l);
  }
  return { ...base, ...own };
}

/** A label with its `{name}` placeholders filled. */
export const fillLabel = (text: string, params: MessageParams) => fillPlaceholders(text, params);
