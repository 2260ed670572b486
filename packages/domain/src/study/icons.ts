/**
 * The icon library (C-126, 002 §7 "Icon libraries (pageNum)"; decision 0040): a curated catalogue of
 * icons a study builder may put on its content (welcome screens, learn-more sections, info screens).
 * Content stores our id, never a file: the drawing behind an id comes from Tabler Icons (MIT, the npm
 * package `@tabler/icons`, outline style), so a later change of icon set keeps every stored id.
 *
 * Two tables with the same keys (the compiler checks both ways): the ids alone, which the content
 * schemas need (a small list every study build screen carries), and each id's file, labels and search
 * words, which only the server's list and the icon picker read (tree-shaken away elsewhere).
 */
import { z } from 'zod';

/** Every icon of the library, in the order the picker shows them (by theme). */
export const ICON_LIBRARY_IDS = [
  // health and care
  'heart',
  'heart-rate',
  'heart-monitor',
  'pill',
  'pills',
  'vaccine',
  'first-aid',
  'bandage',
  'stethoscope',
  'thermometer',
  'blood',
  'dna',
  'microscope',
  'lab-test',
  'virus',
  'mask',
  'prescription',
  'medical-report',
  // body
  'lungs',
  'brain',
  'teeth',
  'eye',
  'ear',
  'bone',
  'hand',
  'weight',
  'measure',
  // care settings
  'hospital',
  'ambulance',
  'nurse',
  'hospital-bed',
  'home',
  'home-care',
  'location',
  // sleep and the day
  'bed',
  'sleep',
  'moon',
  'sun',
  'alarm',
  // activity
  'walk',
  'run',
  'bike',
  'swim',
  'yoga',
  'stretch',
  'exercise',
  'wheelchair',
  'accessible',
  // food and drink
  'apple',
  'salad',
  'meal',
  'water',
  'coffee',
  'baby-bottle',
  'smoking',
  'no-smoking',
  // time
  'calendar',
  'appointment',
  'calendar-check',
  'clock',
  'hourglass',
  // communication
  'phone',
  'phone-call',
  'mobile',
  'video',
  'message',
  'chat',
  'mail',
  'bell',
  // devices
  'watch',
  'laptop',
  'wifi',
  'qr-code',
  'camera',
  // people
  'user',
  'users',
  'group',
  'family',
  'baby',
  'child',
  'older-adult',
  'woman',
  'man',
  'caregiver',
  // information and feelings
  'info',
  'question',
  'warning',
  'check',
  'thumb-up',
  'smile',
  'neutral',
  'sad',
  'stop',
  'star',
  // privacy and security
  'lock',
  'shield',
  'key',
  'fingerprint',
  // documents and learning
  'clipboard',
  'checklist',
  'document',
  'notes',
  'signature',
  'certificate',
  'book',
  'school',
  'idea',
  // rewards and progress
  'gift',
  'money',
  'payment',
  'award',
  'chart',
  'target',
  // travel, languages, nature
  'car',
  'language',
  'leaf',
] as const;

export type IconId = (typeof ICON_LIBRARY_IDS)[number];

const ICON_ID_SET: ReadonlySet<string> = new Set(ICON_LIBRARY_IDS);

export function isIconId(value: unknown): value is IconId {
  return typeof value === 'string' && ICON_ID_SET.has(value);
}

/**
 * An icon of the library, by id. An id the library does not have (a typo, an icon withdrawn from the
 * library) is refused on its field with `studyContent.unknownIcon`.
 */
export const IconIdSchema = z
  .string()
  .max(64)
  .refine(isIconId, { message: 'Unknown icon', params: { messageKey: 'studyContent.unknownIcon' } });

/** An icon's file (Tabler's outline SVG, without `.svg`), its name in each staff language, and more search words. */
export interface IconEntry {
  file: string;
  en: string;
  es: string;
  /** Further words (English and Spanish) a builder may search by. */
  words: string;
}

/** Each icon's file, labels and search words (the server's list, the picker's names). */
export const ICON_LIBRARY = {
  heart: { file: 'heart', en: 'Heart', es: 'Corazón', words: 'cardiac cardio love cardiaco amor' },
  'heart-rate': {
    file: 'activity-heartbeat',
    en: 'Heart rate',
    es: 'Frecuencia cardiaca',
    words: 'pulse ecg vital pulso',
  },
  'heart-monitor': {
    file: 'heart-rate-monitor',
    en: 'Heart monitor',
    es: 'Monitor cardiaco',
    words: 'ecg ekg screen pantalla electrocardiograma',
  },
  pill: {
    file: 'pill',
    en: 'Pill',
    es: 'Pastilla',
    words: 'medication medicine drug dose medicamento dosis capsule cápsula',
  },
  pills: { file: 'pills', en: 'Tablets', es: 'Comprimidos', words: 'pills medication medicine pastillas medicamentos' },
  vaccine: { file: 'vaccine', en: 'Vaccine', es: 'Vacuna', words: 'injection shot syringe inyección jeringa' },
  'first-aid': {
    file: 'first-aid-kit',
    en: 'First aid',
    es: 'Primeros auxilios',
    words: 'kit emergency botiquín emergencia',
  },
  bandage: { file: 'bandage', en: 'Bandage', es: 'Vendaje', words: 'wound plaster herida tirita apósito' },
  stethoscope: {
    file: 'stethoscope',
    en: 'Stethoscope',
    es: 'Estetoscopio',
    words: 'doctor visit médico visita fonendoscopio',
  },
  thermometer: {
    file: 'thermometer',
    en: 'Thermometer',
    es: 'Termómetro',
    words: 'temperature fever temperatura fiebre',
  },
  blood: {
    file: 'droplet',
    en: 'Blood drop',
    es: 'Gota de sangre',
    words: 'blood sample glucose sangre muestra glucosa',
  },
  dna: { file: 'dna-2', en: 'DNA', es: 'ADN', words: 'genetics gene genética gen' },
  microscope: {
    file: 'microscope',
    en: 'Microscope',
    es: 'Microscopio',
    words: 'research laboratory investigación laboratorio',
  },
  'lab-test': { file: 'test-pipe', en: 'Lab test', es: 'Análisis de laboratorio', words: 'tube sample tubo muestra' },
  virus: { file: 'virus', en: 'Virus', es: 'Virus', words: 'infection germ infección germen' },
  mask: { file: 'mask', en: 'Face mask', es: 'Mascarilla', words: 'protection protección' },
  prescription: { file: 'prescription', en: 'Prescription', es: 'Receta', words: 'rx medication medicamento' },
  'medical-report': {
    file: 'report-medical',
    en: 'Medical report',
    es: 'Informe médico',
    words: 'record history historia',
  },
  lungs: { file: 'lungs', en: 'Lungs', es: 'Pulmones', words: 'breathing respiratory respiración respiratorio' },
  brain: { file: 'brain', en: 'Brain', es: 'Cerebro', words: 'mind memory cognitive mente memoria cognitivo' },
  teeth: { file: 'dental', en: 'Tooth', es: 'Diente', words: 'dental teeth dientes dentista' },
  eye: { file: 'eye', en: 'Eye', es: 'Ojo', words: 'vision sight visión vista' },
  ear: { file: 'ear', en: 'Ear', es: 'Oído', words: 'hearing audición oreja' },
  bone: { file: 'bone', en: 'Bone', es: 'Hueso', words: 'skeleton fracture esqueleto fractura' },
  hand: { file: 'hand-finger', en: 'Hand', es: 'Mano', words: 'finger tap dedo tocar' },
  weight: { file: 'scale', en: 'Weight', es: 'Peso', words: 'scale weigh báscula pesar' },
  measure: { file: 'ruler-measure', en: 'Measurement', es: 'Medida', words: 'ruler height regla altura' },
  hospital: { file: 'building-hospital', en: 'Hospital', es: 'Hospital', words: 'clinic site clínica centro' },
  ambulance: { file: 'ambulance', en: 'Ambulance', es: 'Ambulancia', words: 'emergency urgent emergencia urgencia' },
  nurse: { file: 'nurse', en: 'Nurse', es: 'Enfermera', words: 'care staff enfermero cuidado' },
  'hospital-bed': {
    file: 'emergency-bed',
    en: 'Hospital bed',
    es: 'Cama de hospital',
    words: 'stretcher camilla ingreso',
  },
  home: { file: 'home', en: 'Home', es: 'Casa', words: 'house hogar inicio' },
  'home-care': {
    file: 'home-heart',
    en: 'Home care',
    es: 'Atención a domicilio',
    words: 'home visit visita domiciliaria',
  },
  location: { file: 'map-pin', en: 'Location', es: 'Ubicación', words: 'map place address mapa lugar dirección' },
  bed: { file: 'bed', en: 'Bed', es: 'Cama', words: 'rest sleep descanso dormir' },
  sleep: { file: 'zzz', en: 'Sleep', es: 'Sueño', words: 'zzz nap dormir siesta' },
  moon: { file: 'moon', en: 'Night', es: 'Noche', words: 'moon evening luna' },
  sun: { file: 'sun', en: 'Day', es: 'Día', words: 'sun morning sol mañana' },
  alarm: { file: 'alarm', en: 'Alarm', es: 'Alarma', words: 'reminder wake recordatorio despertador' },
  walk: { file: 'walk', en: 'Walk', es: 'Caminar', words: 'steps walking pasos paseo' },
  run: { file: 'run', en: 'Run', es: 'Correr', words: 'running jog carrera' },
  bike: { file: 'bike', en: 'Cycling', es: 'Ciclismo', words: 'bicycle bike bicicleta' },
  swim: { file: 'swimming', en: 'Swimming', es: 'Natación', words: 'swim pool nadar piscina' },
  yoga: { file: 'yoga', en: 'Yoga', es: 'Yoga', words: 'meditation relax meditación relajación' },
  stretch: { file: 'stretching', en: 'Stretching', es: 'Estiramientos', words: 'physiotherapy fisioterapia' },
  exercise: { file: 'barbell', en: 'Exercise', es: 'Ejercicio', words: 'gym strength gimnasio fuerza' },
  wheelchair: { file: 'wheelchair', en: 'Wheelchair', es: 'Silla de ruedas', words: 'mobility movilidad' },
  accessible: { file: 'accessible', en: 'Accessibility', es: 'Accesibilidad', words: 'disability discapacidad' },
  apple: { file: 'apple', en: 'Fruit', es: 'Fruta', words: 'apple healthy food manzana saludable comida' },
  salad: { file: 'salad', en: 'Salad', es: 'Ensalada', words: 'vegetables diet verduras dieta' },
  meal: { file: 'tools-kitchen-2', en: 'Meal', es: 'Comida', words: 'food eat fork knife comer cubiertos' },
  water: {
    file: 'glass-full',
    en: 'Glass of water',
    es: 'Vaso de agua',
    words: 'drink water hydration beber agua hidratación',
  },
  coffee: { file: 'coffee', en: 'Coffee', es: 'Café', words: 'caffeine tea cafeína té' },
  'baby-bottle': { file: 'baby-bottle', en: 'Baby bottle', es: 'Biberón', words: 'feeding infant lactancia bebé' },
  smoking: { file: 'smoking', en: 'Smoking', es: 'Fumar', words: 'cigarette tobacco cigarrillo tabaco' },
  'no-smoking': { file: 'smoking-no', en: 'No smoking', es: 'Prohibido fumar', words: 'quit cigarette dejar tabaco' },
  calendar: { file: 'calendar', en: 'Calendar', es: 'Calendario', words: 'date schedule fecha agenda' },
  appointment: { file: 'calendar-event', en: 'Appointment', es: 'Cita', words: 'visit event visita evento' },
  'calendar-check': {
    file: 'calendar-check',
    en: 'Visit done',
    es: 'Visita realizada',
    words: 'completed appointment cita completada',
  },
  clock: { file: 'clock', en: 'Clock', es: 'Reloj', words: 'time hour tiempo hora' },
  hourglass: {
    file: 'hourglass',
    en: 'Waiting time',
    es: 'Tiempo de espera',
    words: 'hourglass duration reloj de arena duración',
  },
  phone: { file: 'phone', en: 'Phone', es: 'Teléfono', words: 'call contact llamar contacto' },
  'phone-call': { file: 'phone-call', en: 'Phone call', es: 'Llamada', words: 'call ringing llamar' },
  mobile: { file: 'device-mobile', en: 'Mobile phone', es: 'Móvil', words: 'smartphone app celular aplicación' },
  video: { file: 'video', en: 'Video', es: 'Vídeo', words: 'video visit telehealth camera videollamada telemedicina' },
  message: { file: 'message', en: 'Message', es: 'Mensaje', words: 'text sms texto' },
  chat: { file: 'messages', en: 'Conversation', es: 'Conversación', words: 'chat messages mensajes' },
  mail: { file: 'mail', en: 'E-mail', es: 'Correo electrónico', words: 'email letter envelope carta sobre' },
  bell: { file: 'bell', en: 'Notification', es: 'Notificación', words: 'bell reminder campana recordatorio aviso' },
  watch: {
    file: 'device-watch',
    en: 'Smartwatch',
    es: 'Reloj inteligente',
    words: 'wearable tracker pulsera dispositivo',
  },
  laptop: { file: 'device-laptop', en: 'Computer', es: 'Ordenador', words: 'laptop web portátil computadora' },
  wifi: { file: 'wifi', en: 'Internet', es: 'Internet', words: 'wifi connection conexión red' },
  'qr-code': { file: 'qrcode', en: 'QR code', es: 'Código QR', words: 'scan escanear' },
  camera: { file: 'camera', en: 'Camera', es: 'Cámara', words: 'photo picture foto' },
  user: { file: 'user', en: 'Person', es: 'Persona', words: 'user participant profile usuario participante perfil' },
  users: { file: 'users', en: 'People', es: 'Personas', words: 'users participants usuarios participantes' },
  group: { file: 'users-group', en: 'Group', es: 'Grupo', words: 'team support group equipo apoyo' },
  family: { file: 'friends', en: 'Family', es: 'Familia', words: 'partner friends pareja amigos' },
  baby: { file: 'baby-carriage', en: 'Baby', es: 'Bebé', words: 'infant pregnancy newborn embarazo recién nacido' },
  child: { file: 'mood-kid', en: 'Child', es: 'Niño', words: 'kid children paediatric niña niños pediatría' },
  'older-adult': { file: 'old', en: 'Older adult', es: 'Persona mayor', words: 'elderly senior anciano tercera edad' },
  woman: { file: 'woman', en: 'Woman', es: 'Mujer', words: 'female femenino' },
  man: { file: 'man', en: 'Man', es: 'Hombre', words: 'male masculino' },
  caregiver: { file: 'heart-handshake', en: 'Caregiver', es: 'Cuidador', words: 'support help cuidadora apoyo ayuda' },
  info: { file: 'info-circle', en: 'Information', es: 'Información', words: 'info about acerca' },
  question: { file: 'help-circle', en: 'Question', es: 'Pregunta', words: 'help faq ayuda preguntas frecuentes' },
  warning: { file: 'alert-triangle', en: 'Warning', es: 'Advertencia', words: 'alert caution alerta precaución' },
  check: { file: 'circle-check', en: 'Done', es: 'Hecho', words: 'check complete ok completado' },
  'thumb-up': { file: 'thumb-up', en: 'Thumbs up', es: 'Me gusta', words: 'like good approve bien aprobar' },
  smile: { file: 'mood-smile', en: 'Happy', es: 'Contento', words: 'smile mood feeling sonrisa ánimo estado' },
  neutral: { file: 'mood-neutral', en: 'Neutral', es: 'Neutral', words: 'mood feeling ánimo estado' },
  sad: { file: 'mood-sad', en: 'Sad', es: 'Triste', words: 'mood feeling depression ánimo estado depresión' },
  stop: { file: 'hand-stop', en: 'Stop', es: 'Alto', words: 'withdraw pause retirar pausa parar' },
  star: { file: 'star', en: 'Star', es: 'Estrella', words: 'favourite important favorito importante' },
  lock: { file: 'lock', en: 'Lock', es: 'Candado', words: 'private secure privado seguro' },
  shield: {
    file: 'shield-check',
    en: 'Protection',
    es: 'Protección',
    words: 'shield privacy safety escudo privacidad seguridad',
  },
  key: { file: 'key', en: 'Key', es: 'Llave', words: 'password access contraseña acceso' },
  fingerprint: {
    file: 'fingerprint',
    en: 'Fingerprint',
    es: 'Huella dactilar',
    words: 'identity biometric identidad biométrico',
  },
  clipboard: {
    file: 'clipboard-list',
    en: 'Questionnaire',
    es: 'Cuestionario',
    words: 'clipboard survey form encuesta formulario',
  },
  checklist: { file: 'checklist', en: 'Checklist', es: 'Lista de comprobación', words: 'tasks to do tareas' },
  document: { file: 'file-text', en: 'Document', es: 'Documento', words: 'file paper archivo papel' },
  notes: { file: 'notes', en: 'Notes', es: 'Notas', words: 'diary journal diario' },
  signature: { file: 'signature', en: 'Signature', es: 'Firma', words: 'consent sign consentimiento firmar' },
  certificate: { file: 'certificate', en: 'Certificate', es: 'Certificado', words: 'approval diploma aprobación' },
  book: { file: 'book', en: 'Book', es: 'Libro', words: 'read learn leer aprender' },
  school: { file: 'school', en: 'Education', es: 'Formación', words: 'school learn training escuela aprender' },
  idea: { file: 'bulb', en: 'Tip', es: 'Consejo', words: 'idea bulb hint bombilla pista' },
  gift: { file: 'gift', en: 'Gift', es: 'Regalo', words: 'reward thank you recompensa gracias' },
  money: { file: 'cash', en: 'Money', es: 'Dinero', words: 'cash compensation stipend efectivo compensación' },
  payment: { file: 'credit-card', en: 'Payment', es: 'Pago', words: 'card reimbursement tarjeta reembolso' },
  award: { file: 'award', en: 'Award', es: 'Premio', words: 'achievement badge logro insignia' },
  chart: {
    file: 'chart-line',
    en: 'Progress chart',
    es: 'Gráfico de progreso',
    words: 'results trend resultados tendencia',
  },
  target: { file: 'target', en: 'Goal', es: 'Objetivo', words: 'target aim meta' },
  car: { file: 'car', en: 'Car', es: 'Coche', words: 'travel drive parking viaje conducir aparcamiento' },
  language: { file: 'language', en: 'Language', es: 'Idioma', words: 'translation translate traducción traducir' },
  leaf: { file: 'leaf', en: 'Nature', es: 'Naturaleza', words: 'leaf wellbeing environment hoja bienestar' },
} as const satisfies Record<IconId, IconEntry>;

/** Lower case, accents and extra spaces removed: "Corazón" and "corazon" search alike. */
export function foldSearchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

let haystacks: Map<IconId, string> | null = null;

function haystackOf(id: IconId): string {
  haystacks ??= new Map(
    ICON_LIBRARY_IDS.map((i) => {
      const e: IconEntry = ICON_LIBRARY[i];
      return [i, foldSearchText(`${i.replace(/-/g, ' ')} ${e.en} ${e.es} ${e.words}`)];
    }),
  );
  return haystacks.get(id) ?? '';
}

/**
 * The icons a search finds, in the library's order: every word of the search must start a word of the
 * icon's id, its English or Spanish name or its search words (either language whatever the person's);
 * icons whose name in `language` starts with the search come first. An empty search finds every icon.
 */
export function searchIconLibrary(search: string | undefined, language: 'en' | 'es' = 'en'): IconId[] {
  const words = foldSearchText(search ?? '')
    .split(' ')
    .filter(Boolean);
  if (words.length === 0) return [...ICON_LIBRARY_IDS];
  const found = ICON_LIBRARY_IDS.filter((id) => {
    const hay = ` ${haystackOf(id)}`;
    return words.every((w) => hay.includes(` ${w}`));
  });
  const phrase = words.join(' ');
  const named = (id: IconId) => foldSearchText(ICON_LIBRARY[id][language]).startsWith(phrase);
  return [...found.filter(named), ...found.filter((id) => !named(id))];
}

/** An icon's name in a staff language (English for any other). */
export function iconLabel(id: IconId, language: string): string {
  const entry: IconEntry = ICON_LIBRARY[id];
  return language === 'es' ? entry.es : entry.en;
}
