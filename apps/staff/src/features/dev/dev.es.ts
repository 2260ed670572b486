import type { TextsLike } from '../../shared/feature';
import type en from './dev.en';

/** The dev namespace in Spanish (the same keys as the English file). */
const texts: TextsLike<typeof en> = {
  mailbox: {
    title: 'Buzón de demostración',
    intro:
      'El modo de demostración no envía correos electrónicos ni mensajes de texto salvo que se configure un servidor SMTP o una pasarela de SMS. Todo lo que la plataforma envía o habría enviado aparece aquí, del más reciente al más antiguo.',
    filter: 'Filtrar por destinatario',
    refresh: 'Actualizar',
    empty: 'El buzón está vacío.',
    subject: 'Asunto',
    channel: 'Canal',
    status: 'Estado',
    to: 'Para',
    sent: 'Enviado',
    noSubject: '(sin asunto)',
    details: 'Detalles del mensaje',
    channel_email: 'Correo electrónico',
    channel_sms: 'SMS',
    status_pending: 'No enviado',
    status_sent: 'Entregado',
    status_failed: 'Entrega fallida',
    count_one: '{{count}} mensaje',
    count_other: '{{count}} mensajes',
    loadError: 'No se ha podido cargar el buzón.',
  },
};

export default texts;
