import type { TextsLike } from '../../shared/feature';
import type en from './edro.en';

/** The edro namespace in Spanish (the same keys as the English file). */
const texts: TextsLike<typeof en> = {
  frame: {
    study: 'Estudio',
    edros: 'Los eDRO de la versión',
    loading: 'Cargando…',
    loadError: 'No se ha podido cargar la versión del estudio.',
    retry: 'Reintentar',
    noVersion: 'Este estudio aún no tiene ninguna versión. Cree antes su borrador en la gestión de versiones.',
    version: 'Versión {{name}} ({{status}})',
  },
  status: { DRAFT: 'borrador', PUBLISHED: 'publicada', ARCHIVED: 'archivada' },
  spirometry: {
    title: 'Espirometría forzada',
    intro:
      'Cómo toman los eDRO del estudio la espirometría forzada: cuántas maniobras tiene una sesión, la repetibilidad con la que califica la norma ATS/ERS 2019 y cuándo se señala una sesión al investigador. Los ajustes forman parte de la versión del estudio.',
  },
  readOnly: {
    notDraft:
      'Esta versión ya no es un borrador: sus ajustes ya no se pueden modificar. Cree una versión nueva para cambiarlos.',
    closed: 'Este estudio está cerrado, archivado o eliminado: sus ajustes ya no se pueden modificar.',
    noDesign:
      'Su rol no puede diseñar este estudio, así que aquí no se pueden leer ni cambiar sus propios ajustes. Se muestran los ajustes estándar, y la calificación de abajo los usa.',
  },
  settings: {
    title: 'Ajustes',
    enabled: 'Los eDRO del estudio toman espirometría forzada',
    minEfforts: 'Mínimo de esfuerzos',
    minEffortsHint: 'Menos esfuerzos en una sesión es un aviso (de 3 a 8).',
    maxEfforts: 'Máximo de esfuerzos',
    maxEffortsHint: 'Una sesión no tiene más maniobras que estas (hasta 8).',
    repeatabilityMl: 'Repetibilidad (mL)',
    repeatabilityMlHint:
      'Las dos FVC y los dos FEV1 mayores dentro de este margen califican A o B (de 100 a 250 mL). Si la FVC es de 1,0 L o menos, se aplican los 100 mL de la norma.',
    recordPef: 'Registrar el flujo espiratorio máximo (PEF)',
    lowRatioAlertPercent: 'Aviso de FEV1/FVC bajo (%)',
    lowRatioAlertPercentHint:
      'Una sesión con un FEV1/FVC por debajo de este valor se señala al investigador (de 40 a 90 %).',
  },
  save: {
    save: 'Guardar los ajustes',
    saved: 'Se han guardado los ajustes de espirometría forzada.',
    failed: 'No se han podido guardar los ajustes.',
    unsaved: 'Cambios sin guardar',
    clean: 'Todos los cambios guardados',
    invalid: 'Corrija los campos marcados para guardar.',
    reload: 'Cargar su versión',
    kept: 'Sus cambios se conservan: vuelva a aplicarlos sobre los ajustes cargados o descártelos.',
    putBack: 'Volver a aplicar mis cambios',
    discard: 'Descartar mis cambios',
  },
  grading: {
    title: 'Calificar una sesión',
    intro:
      'Introduzca las maniobras de la sesión tal como las da el espirómetro y si cada una es aceptable. La calificación se actualiza mientras escribe; aquí no se guarda nada.',
    table: 'Esfuerzos de la sesión',
    effort: 'Esfuerzo',
    fvc: 'FVC (L)',
    fev1: 'FEV1 (L)',
    pef: 'PEF (L/s)',
    acceptable: 'Aceptable',
    actions: 'Acciones',
    fvcOf: 'FVC del esfuerzo {{n}}, en litros',
    fev1Of: 'FEV1 del esfuerzo {{n}}, en litros',
    pefOf: 'PEF del esfuerzo {{n}}, en litros por segundo',
    acceptableOf: 'El esfuerzo {{n}} es aceptable',
    remove: 'Quitar',
    removeOf: 'Quitar el esfuerzo {{n}}',
    add: 'Añadir un esfuerzo',
    full: 'La sesión tiene el máximo de esfuerzos que permiten los ajustes ({{max}}).',
    clear: 'Vaciar la sesión',
    results: 'Resultado',
    reportedFvc: 'FVC informada',
    reportedFev1: 'FEV1 informado',
    ratio: 'FEV1/FVC',
    pefBest: 'Mejor PEF',
    fvcApart: 'Diferencia entre las dos FVC mayores',
    fev1Apart: 'Diferencia entre los dos FEV1 mayores',
    tolerance: 'Margen de repetibilidad aplicado',
    repeatable: 'Repetible',
    yes: 'Sí',
    no: 'No',
    none: '—',
    litres: '{{value}} L',
    flow: '{{value}} L/s',
    percent: '{{value}} %',
    millilitres: '{{value}} mL',
    grades: 'Calificaciones (ATS/ERS 2019)',
    gradeFvc: 'Calificación de la FVC',
    gradeFev1: 'Calificación del FEV1',
    warnings: 'Avisos',
    noWarnings: 'Sin avisos.',
  },
};

export default texts;
