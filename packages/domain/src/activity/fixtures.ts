/**
 * One activity holding every question type: the examples of docs/activity-model.md, the tests'
 * fixture and the bench's base. `answersForAll` is a valid answer set for it.
 */
import type { AnswerMap } from './answer';
import type { PayloadMeta } from './build-payload';
import { type Activity, type ActivityInput, parseActivity } from './model';

const t = (en: string, es: string) => ({ en, es });

export const EVERY_TYPE_ACTIVITY_INPUT: ActivityInput = {
  id: 'act-1',
  activityId: 'A-100',
  identifier: 'daily-diary',
  revisionId: '3',
  type: 'epro',
  title: t('Daily diary', 'Diario'),
  allowDataEditChecks: true,
  canScoreResponses: true,
  scoringVariables: [{ id: 'v1', name: 'painTotal', expression: 'sum(pain, mood) + coalesce(wong, 0)' }],
  questions: [
    { id: 'q0', identifier: 'intro', type: 'SurveyInstruction', body: t('Welcome', 'Bienvenida') },
    {
      id: 'q1',
      identifier: 'mood',
      type: 'MultiChoice',
      body: t('How do you feel?', '¿Cómo se siente?'),
      constraints: { subType: 'single' },
      options: [
        { id: 'good', body: t('Good', 'Bien'), score: 0 },
        { id: 'bad', body: t('Bad', 'Mal'), score: 2 },
      ],
      otherOptionId: 'mood-other',
      otherOptionBody: t('Other', 'Otro'),
      otherOptionContentField: true,
      otherScore: 1,
    },
    {
      id: 'q2',
      identifier: 'symptoms',
      type: 'MultiChoice',
      body: t('Symptoms', 'Síntomas'),
      constraints: { subType: 'multi' },
      optional: true,
      options: [
        { id: 'cough', body: t('Cough', 'Tos'), score: 1 },
        { id: 'fever', body: t('Fever', 'Fiebre'), score: 1 },
      ],
    },
    { id: 'q3', identifier: 'smoker', type: 'Boolean', body: t('Do you smoke?', '¿Fuma?') },
    {
      id: 'q4',
      identifier: 'severity',
      type: 'CustomScale',
      body: t('Severity', 'Gravedad'),
      options: [
        { id: 'mild', body: t('Mild', 'Leve'), score: 1 },
        { id: 'severe', body: t('Severe', 'Grave'), score: 3 },
      ],
    },
    {
      id: 'q5',
      identifier: 'country',
      type: 'DropDown',
      body: t('Country', 'País'),
      options: [
        { id: 'us', body: t('United States', 'Estados Unidos') },
        { id: 'es', body: t('Spain', 'España') },
      ],
    },
    {
      id: 'q6',
      identifier: 'skin',
      type: 'ImageChoice',
      body: t('Which picture matches?', '¿Qué imagen coincide?'),
      constraints: { allowMultiple: true },
      options: [
        { id: 'img-a', body: t('A', 'A'), imageUrl: 'https://example.org/a.png' },
        { id: 'img-b', body: t('B', 'B'), imageUrl: 'https://example.org/b.png' },
      ],
    },
    {
      id: 'q7',
      identifier: 'pain',
      type: 'NumberScale',
      body: t('Pain today', 'Dolor hoy'),
      constraints: { min: 0, max: 10, step: 1 },
      labels: [
        { value: 0, text: t('No pain', 'Sin dolor') },
        { value: 10, text: t('Worst pain', 'Peor dolor') },
      ],
    },
    {
      id: 'q8',
      identifier: 'vas',
      type: 'VAS',
      body: t('Overall health', 'Salud general'),
      constraints: { min: 0, max: 100 },
    },
    { id: 'q9', identifier: 'wong', type: 'WongBaker', body: t('Choose a face', 'Elija una cara') },
    {
      id: 'q10',
      identifier: 'visitDate',
      type: 'Date',
      body: t('Visit date', 'Fecha de visita'),
      constraints: { format: 'dd/mm/yyyy', range: { kind: 'fixed', start: '2024-01-01', end: '2024-12-31' } },
    },
    {
      id: 'q11',
      identifier: 'doseTime',
      type: 'Time',
      body: t('Dose time', 'Hora de la dosis'),
      constraints: { format: '12', range: { kind: 'fixed', start: '06:00', end: '22:00' } },
    },
    {
      id: 'q12',
      identifier: 'onset',
      type: 'DateTime',
      body: t('When did it start?', '¿Cuándo empezó?'),
      constraints: { date: { format: 'yyyy/mm/dd' }, time: { format: '24' } },
    },
    {
      id: 'q13',
      identifier: 'weight',
      type: 'Number',
      body: t('Weight (kg)', 'Peso (kg)'),
      constraints: { min: 20, max: 300, softMax: 200, decimals: 1 },
      dataEditChecks: [{ id: 'dc1', check: 'SOFT', type: 'LESS_THAN', value: 250 }],
    },
    { id: 'q14', identifier: 'steps', type: 'Integer', body: t('Steps', 'Pasos'), constraints: { max: 100000 } },
    {
      id: 'q15',
      identifier: 'temp',
      type: 'Decimal',
      body: t('Temperature', 'Temperatura'),
      constraints: { min: 34, max: 43, decimals: 1 },
      dataEditChecks: [{ id: 'dc2', check: 'HARD', type: 'DATA_FORMAT', value: 'xx.y' }],
    },
    {
      id: 'q16',
      identifier: 'notes',
      type: 'Text',
      body: t('Notes', 'Notas'),
      formattedBody: t('<b>Notes</b>', '<b>Notas</b>'),
      optional: true,
      constraints: { maxLength: 200, dataType: 'Alphanumeric', multiline: true },
    },
    {
      id: 'q17',
      identifier: 'meds',
      type: 'Medication',
      body: t('Medications taken', 'Medicamentos tomados'),
      constraints: {
        medications: [{ id: 'ibu', name: t('Ibuprofen', 'Ibuprofeno') }],
        units: ['mg', 'ml'],
        reasons: [{ id: 'pain', body: t('Pain', 'Dolor') }],
      },
    },
    { id: 'q18', identifier: 'video', type: 'VideoRecording', body: t('Record a video', 'Grabe un vídeo') },
    { id: 'q19', identifier: 'audio', type: 'AudioRecording', body: t('Record audio', 'Grabe audio') },
    { id: 'q20', identifier: 'bp', type: 'Measurements', body: t('Blood pressure', 'Presión arterial') },
    { id: 'q21', identifier: 'index', type: 'Index', body: t('Index', 'Índice') },
    { id: 'q22', identifier: 'log', type: 'Log', body: t('Log', 'Registro') },
    { id: 'q23', identifier: 'photo', type: 'ImageCapture', body: t('Take a photo', 'Haga una foto') },
    { id: 'q24', identifier: 'section2', type: 'Section', body: t('Part 2', 'Parte 2') },
    { id: 'q25', identifier: 'gpskin', type: 'GPSkin', body: t('Skin reading', 'Lectura de piel') },
    { id: 'q26', identifier: 'validated', type: 'ValidatedEntry', body: t('Code', 'Código') },
    { id: 'q27', identifier: 'skinAnalyser', type: 'SkinAnalyser', body: t('Skin analysis', 'Análisis de piel') },
  ],
};

export const EVERY_TYPE_ACTIVITY: Activity = parseActivity(EVERY_TYPE_ACTIVITY_INPUT);

export const VALID_ANSWERS: AnswerMap = {
  mood: { optionId: 'bad' },
  symptoms: { optionsIds: ['cough', 'fever'] },
  smoker: { optionId: 'false' },
  severity: { optionId: 'mild' },
  country: { optionId: 'es' },
  skin: { optionsIds: ['img-a'] },
  pain: { answer: '4' },
  vas: { answer: '55' },
  wong: { answer: '6' },
  visitDate: { date: '2024-03-05' },
  doseTime: { time: '08:30' },
  onset: { date: '2024-03-01', time: '14:15' },
  weight: { answer: '72.5' },
  steps: { answer: '8000' },
  temp: { answer: '36.8' },
  notes: { answer: 'Slept well' },
  meds: {
    medication: [{ medicationId: 'ibu', dosageAmount: 200, dosageUnit: 'mg', numberOfDoses: 2, reason: 'pain' }],
  },
};

/** Submission metadata of the examples (a participant in New York, 15 June 2024). */
export const META: PayloadMeta = {
  studyId: 'study-1',
  participantId: 'P-001',
  deviceId: 'device-1',
  uuidFromMobile: '6f1c1c1e-2f0a-4b1e-9d1e-1c1c1c1c1c1c',
  taskInstanceId: 'task-9',
  studyVersionId: 'v1',
  siteId: 'US-001',
  appLanguageId: 1,
  displayLanguage: 'en',
  completedAt: '2024-06-15T14:30:00Z',
  timeZone: 'America/New_York',
};
