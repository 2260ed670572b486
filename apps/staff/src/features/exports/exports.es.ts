import type { TextsLike } from '../../shared/feature';
import type { ExportsTexts } from './exports.en';

/** The exports namespace in Spanish (issue 14). */
const texts: TextsLike<ExportsTexts> = {
  page: {
    dataTitle: 'Exportación de datos',
    dataSubtitle:
      'Los datos del estudio en un zip: un CSV por actividad, cada respuesta, participantes, consentimientos, tareas, consultas y el registro de auditoría, con un README que explica cada columna.',
    complianceTitle: 'Exportación del informe de cumplimiento',
    complianceSubtitle:
      'Las tareas pendientes, completadas y perdidas de cada participante, y su cumplimiento, para los centros y el rango que elija.',
    testTwin: 'Entorno de prueba: las exportaciones se hacen solo desde el estudio real.',
  },
  filters: {
    legend: 'Qué exportar',
    study: 'Estudio',
    sites: 'Centros',
    sitesPlaceholder: 'Todos los centros que puede ver',
    compliance: 'Solo participantes dentro de un rango de cumplimiento',
    complianceMin: 'Cumplimiento mínimo (%)',
    complianceMax: 'Cumplimiento máximo (%)',
    fromDate: 'Desde',
    toDate: 'Hasta',
    activities: 'Actividades',
    activitiesPlaceholder: 'Todas las actividades',
    formats: 'Formatos estándar añadidos a los archivos CSV',
    formatODM: 'CDISC ODM 1.3.2 (metadatos, datos clínicos, registros de auditoría, firmas)',
    formatFHIR: 'HL7 FHIR R4 (paquete de Questionnaire y QuestionnaireResponse)',
    formatDATASET_JSON: 'CDISC Dataset-JSON 1.1 (un archivo por actividad)',
    dateOrder: 'La fecha final no puede ser anterior a la inicial.',
    rangeOrder: 'El cumplimiento máximo no puede ser inferior al mínimo.',
    loadFailed: 'No se pudieron cargar las opciones de exportación.',
  },
  actions: {
    export: 'Exportar',
    exporting: 'Iniciando…',
    download: 'Descargar',
    downloadOf: 'Descargar {{name}}',
    exportReport: 'Exportar los datos del informe (zip)',
    exportDashboard: 'Exportar los datos del panel',
    failed: 'No se pudo iniciar la exportación.',
    downloadFailed: 'No se pudo descargar el archivo.',
  },
  list: {
    title: 'Sus exportaciones',
    tableLabel: 'Sus exportaciones',
    kind: 'Exportación',
    asked: 'Solicitada',
    status: 'Estado',
    file: 'Archivo',
    actions: 'Acciones',
    empty: 'Todavía no ha exportado nada de este estudio',
    emptyHint: 'Elija qué exportar arriba y seleccione Exportar.',
    failed: 'No se pudieron cargar sus exportaciones.',
  },
  kind: {
    STUDY_DATA: 'Datos del estudio',
    COMPLIANCE: 'Informe de cumplimiento',
    REPORT: 'Datos del informe',
    PARTICIPANT_DASHBOARD: 'Panel del participante',
  },
  status: {
    QUEUED: 'En espera',
    RUNNING: 'En preparación',
    SUCCEEDED: 'Lista',
    FAILED: 'Fallida',
    expired: 'Enlace caducado',
  },
  job: {
    title: 'Su exportación',
    progress: '{{done}} de {{total}} filas ({{percent}} %)',
    counting: 'Contando las filas…',
    ready: 'Su exportación está lista.',
    fileName: 'Archivo',
    size: 'Tamaño',
    checksum: 'SHA-256',
    expires: 'El enlace funciona hasta el {{when}}.',
    expiredText: 'Este enlace ha caducado. Vuelva a ejecutar la exportación.',
    failedText: 'La exportación ha fallado: {{reason}}',
    back: 'Volver a la exportación de datos',
    backCompliance: 'Volver a la exportación del informe de cumplimiento',
    loadFailed: 'No se pudo cargar esta exportación.',
    shareHint:
      'Los compañeros que pueden ver los mismos centros y respuestas pueden abrir la dirección de esta página para descargar el archivo.',
  },
  size: { bytes: '{{n}} B', kb: '{{n}} kB', mb: '{{n}} MB' },
};
export default texts;
