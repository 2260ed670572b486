import type { TextsLike } from '../../shared/feature';
import type { LinkageTexts } from './linkage.en';

/** The linkage namespace in Spanish (issue 14). */
const texts: TextsLike<LinkageTexts> = {
  page: {
    title: 'Tokens de vinculación Datavant',
    subtitle:
      'Los tokens vinculan los registros de un participante entre conjuntos de datos sin que ningún nombre salga del centro: cada uno es un hash con clave de identificadores normalizados, generado con la clave de este estudio.',
    twin: 'Entorno de prueba: la configuración y los tokens del espacio de datos de prueba, solo lectura.',
  },
  config: {
    title: 'Configuración',
    enabled: 'Generar tokens de vinculación en este estudio',
    enabledHint: 'Al desactivarlo se eliminan todos los tokens generados hasta ahora.',
    datasetName: 'Nombre de configuración del conjunto de datos',
    datasetNameHint: 'El nombre con el que el socio de vinculación conoce estos datos.',
    kinds: 'Tipos de token',
    kind_T1: 'T1: apellido, inicial del nombre, sexo, fecha de nacimiento',
    kind_T2: 'T2: Soundex del apellido y del nombre, sexo, fecha de nacimiento',
    kind_T3: 'T3: apellido, nombre, fecha de nacimiento, 3 primeros caracteres del código postal',
    kind_T4: 'T4: apellido, nombre, sexo, fecha de nacimiento',
    save: 'Guardar configuración',
    saved: 'Configuración de vinculación guardada.',
    noKey: 'Aún no hay clave: se crea al guardar la configuración por primera vez.',
    keyMade: 'Clave creada {{when}}. La clave nunca se muestra.',
    keyUnreadable:
      'Este servidor no puede leer la clave guardada. Sustituya la clave para volver a generar los tokens.',
    rotate: 'Sustituir clave',
    failed: 'No se pudo cargar la configuración.',
  },
  rotate: {
    title: 'Sustituir la clave de vinculación',
    warning:
      'Todos los tokens del estudio cambian: el socio de vinculación necesita la nueva lista y los tokens enviados antes dejan de coincidir.',
    confirmLabel: 'Escriba ROTATE para confirmar',
    sharedKey: 'Clave acordada con el socio de vinculación (opcional)',
    sharedKeyHint: '64 caracteres hexadecimales. Déjelo vacío para una nueva clave aleatoria.',
    cancel: 'Cancelar',
    confirm: 'Sustituir clave',
    done: 'Se sustituyó la clave y se volvieron a generar todos los tokens.',
  },
  tokens: {
    title: 'Lista de tokens',
    tableLabel: 'Tokens de vinculación',
    participant: 'Participante',
    site: 'Centro',
    madeAt: 'Generado',
    missing: 'No generado: falta {{fields}}',
    download: 'Descargar CSV',
    downloaded: 'Lista de tokens descargada.',
    off: 'Los tokens de vinculación están desactivados en este estudio.',
    empty: 'Aún no hay participantes',
    emptyHint: 'Los tokens aparecen aquí cuando se añaden participantes en sus centros.',
    failed: 'No se pudo cargar la lista de tokens.',
  },
  fields: {
    first: 'nombre',
    last: 'apellido',
    firstInitial: 'nombre',
    firstSoundex: 'nombre',
    lastSoundex: 'apellido',
    sex: 'sexo',
    dob: 'fecha de nacimiento',
    zip5: 'código postal',
    zip3: 'código postal',
  },
  error: { generic: 'Algo salió mal. Vuelva a intentarlo.' },
};

export default texts;
