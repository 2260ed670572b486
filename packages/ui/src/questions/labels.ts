import { fillPlaceholders, type MessageParams, NAV_BUTTON_KEYS, resolveLanguage, translate } from '@trialpath/domain';

/**
 * Texts of the question components and the runner themselves (the questions' own texts come from the
 * activity, the rule messages and the navigation buttons from the domain catalogue). Callers may pass
 * their own, already translated, through `labels`.
 */
const LABELS = {
  en: {
    notShown: 'not shown to participants',
    other: 'Other',
    otherText: 'Please specify',
    characters: '{n} / {max} characters',
    choose: 'Choose an answer',
    dateFormat: 'Format: {format}',
    timeFormat: 'Format: {format}',
    date: 'Date',
    time: 'Time',
    noAnswer: 'No answer yet',
    currentValue: 'Your answer: {value}',
    medication: 'Medication {n}',
    medicationName: 'Medication name',
    otherMedication: 'Other medication',
    otherMedicationName: 'Name of the medication',
    dosageAmount: 'Dose',
    dosageUnit: 'Unit',
    numberOfDoses: 'Number of doses',
    reason: 'Reason for use',
    addMedication: 'Add a medication',
    removeMedication: 'Remove medication {n}',
    progress: 'Question {n} of {m}',
    stepProgress: 'Page {n} of {m}',
    preview: 'Preview — answers are not saved',
    checkAnswers: 'Some answers are outside the expected range. Check them, or continue if they are correct.',
    confirm: 'Continue anyway',
    summary: 'Summary',
    submitted: 'Your answers have been submitted.',
    submitFailed: 'Your answers could not be submitted. Please try again.',
    scores: 'Scores',
    totalScore: 'Total score',
    noScore: '—',
    restart: 'Start again',
    empty: 'This activity has no questions to answer.',
  },
  es: {
    notShown: 'no se muestra a los participantes',
    other: 'Otro',
    otherText: 'Especifique',
    characters: '{n} / {max} caracteres',
    choose: 'Elija una respuesta',
    dateFormat: 'Formato: {format}',
    timeFormat: 'Formato: {format}',
    date: 'Fecha',
    time: 'Hora',
    noAnswer: 'Aún sin respuesta',
    currentValue: 'Su respuesta: {value}',
    medication: 'Medicamento {n}',
    medicationName: 'Nombre del medicamento',
    otherMedication: 'Otro medicamento',
    otherMedicationName: 'Nombre del medicamento',
    dosageAmount: 'Dosis',
    dosageUnit: 'Unidad',
    numberOfDoses: 'Número de dosis',
    reason: 'Motivo de uso',
    addMedication: 'Añadir un medicamento',
    removeMedication: 'Quitar el medicamento {n}',
    progress: 'Pregunta {n} de {m}',
    stepProgress: 'Página {n} de {m}',
    preview: 'Vista previa: las respuestas no se guardan',
    checkAnswers: 'Algunas respuestas están fuera del intervalo esperado. Revíselas o continúe si son correctas.',
    confirm: 'Continuar de todos modos',
    summary: 'Resumen',
    submitted: 'Sus respuestas se han enviado.',
    submitFailed: 'No se han podido enviar sus respuestas. Inténtelo de nuevo.',
    scores: 'Puntuaciones',
    totalScore: 'Puntuación total',
    noScore: '—',
    restart: 'Empezar de nuevo',
    empty: 'Esta actividad no tiene preguntas que responder.',
  },
} as const;

export type QuestionLabelKey = keyof (typeof LABELS)['en'];
/** Every text of the components: their own, plus the navigation buttons of the catalogue. */
export type QuestionLabels = Record<QuestionLabelKey | 'start' | 'next' | 'submit' | 'back', string>;

/** The texts in a language (English for any other), with the caller's own replacing them. */
export function questionLabels(lang: string, own?: Partial<QuestionLabels>): QuestionLabels {
  const l = resolveLanguage(lang);
  return {
    ...(l === 'es' ? LABELS.es : LABELS.en),
    start: translate(NAV_BUTTON_KEYS.Start, undefined, l),
    next: translate(NAV_BUTTON_KEYS.Next, undefined, l),
    submit: translate(NAV_BUTTON_KEYS.Submit, undefined, l),
    back: translate('activity.nav.back', undefined, l),
    ...own,
  };
}

/** A label with its `{name}` placeholders filled. */
export const fill = (text: string, params: MessageParams) => fillPlaceholders(text, params);
