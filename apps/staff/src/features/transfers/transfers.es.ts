/** The transfers namespace in Spanish. */
import type { TextsLike } from '../../shared/feature';
import type { TransfersTexts } from './transfers.en';

const texts: TextsLike<TransfersTexts> = {
  page: {
    title: 'Transferencias de centro',
    subtitle:
      'Solicitudes para trasladar participantes entre los centros del estudio, desde o hacia los centros que puede ver, en este espacio de datos.',
    statusFilter: 'Mostrar',
    tableLabel: 'Transferencias de centro',
    count_one: '{{count}} transferencia',
    count_other: '{{count}} transferencias',
    empty: 'No hay transferencias aquí',
    emptyHint: 'La transferencia se solicita desde el perfil del participante; el centro que recibe la revisa aquí.',
    loadFailed: 'No se pudieron cargar las transferencias.',
  },
  filter: {
    PENDING: 'Pendientes',
    APPROVED: 'Aprobadas',
    REFUSED: 'Rechazadas',
    CANCELLED: 'Canceladas',
    ALL: 'Todas',
  },
  status: { PENDING: 'Pendiente', APPROVED: 'Aprobada', REFUSED: 'Rechazada', CANCELLED: 'Cancelada' },
  column: {
    participant: 'ID de participante',
    name: 'Nombre',
    sites: 'De → a',
    requested: 'Solicitada',
    reason: 'Motivo',
    status: 'Estado',
    review: 'Revisión',
    actions: 'Acciones',
  },
  row: {
    fromTo: '{{from}} → {{to}}',
    byOn: '{{name}}, {{when}}',
    notMoved: 'Ya no está en un centro que usted ve',
  },
  review: {
    approve: 'Aprobar',
    refuse: 'Rechazar',
    cancel: 'Cancelar solicitud',
    approveOf: 'Aprobar la transferencia de {{participant}}',
    refuseOf: 'Rechazar la transferencia de {{participant}}',
    cancelOf: 'Cancelar la transferencia de {{participant}}',
    approveSummary:
      '{{participant}} pasa ahora de {{from}} a {{to}}, con todo lo registrado sobre él: {{from}} deja de verlo. Su versión del estudio no cambia.',
    refuseSummary: '{{participant}} se queda en {{from}}.',
    cancelSummary: 'Se retira la solicitud de trasladar a {{participant}} de {{from}} a {{to}}.',
    asked: 'Solicitada por {{name}}: {{reason}}',
    reason: 'Motivo de la revisión',
    cancelReason: 'Motivo de la cancelación',
    reasonHint: 'Se guarda con la transferencia y en el registro de auditoría.',
    reasonTooShort: 'Escriba el motivo (al menos 3 caracteres).',
    back: 'Volver',
    approved: '{{participant}} está ahora en {{site}}.',
    refused: 'Se rechazó la transferencia de {{participant}}.',
    cancelled: 'Se canceló la transferencia de {{participant}}.',
  },
  request: {
    title: 'Transferir a {{participant}} a otro centro',
    current:
      'Ahora en {{site}}. El centro que recibe revisa la solicitud; el participante se traslada cuando se aprueba.',
    site: 'Nuevo centro',
    chooseSite: 'Elija el centro al que se traslada el participante.',
    noSites: 'Ningún otro centro del estudio admite participantes en este espacio de datos por ahora.',
    reason: 'Motivo de la transferencia',
    reasonHint: 'El centro que recibe lo lee; se guarda con la transferencia y en el registro de auditoría.',
    reasonTooShort: 'Escriba el motivo (al menos 3 caracteres).',
    confirm: 'Solicitar la transferencia',
    cancel: 'Cancelar',
    done: 'Se solicitó la transferencia de {{participant}} a {{site}}: {{site}} la revisa.',
    loadFailed: 'No se pudieron cargar los centros.',
  },
  error: { generic: 'No se pudo hacer. Inténtelo de nuevo.' },
};

export default texts;
