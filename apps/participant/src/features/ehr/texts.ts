/**
 * The health-record link's texts (issue 14; decision H-epic-mychart) and home's link to it, in their own i18next
 * namespace added when this module loads — with the screen or with home, never with the portal's first load.
 */
import { addFeatureTexts } from '../../i18n';

const en = {
  title: 'Connect your health record',
  homeLink: 'Connect your health record',
  intro:
    'You can let the study receive your health records from {{name}}. You sign in at {{name}} and choose to share; you can disconnect at any time.',
  notOffered: 'Your study does not link health records.',
  connect: 'Connect {{name}}',
  connecting: 'Opening {{name}}…',
  connected: 'Your health record is connected.',
  connectedJustNow: 'Your health record is now connected. Thank you!',
  failedJustNow: 'Your health record could not be connected. You can try again.',
  error: 'The last attempt failed: {{error}}',
  revoked: 'Your health record is disconnected. The records received before stay with the study.',
  connectedOn: 'Connected on {{date}}.',
  lastSync: 'Last updated on {{date}}.',
  records_one: '{{count}} record received.',
  records_other: '{{count}} records received.',
  syncNow: 'Update now',
  synced: 'Your health record is up to date.',
  disconnect: 'Disconnect',
  disconnected: 'Your health record is disconnected.',
  connectAgain: 'Connect again',
};

type Texts = Record<keyof typeof en, string>;

const es: Texts = {
  title: 'Conecte su historia clínica',
  homeLink: 'Conecte su historia clínica',
  intro:
    'Puede permitir que el estudio reciba sus registros de salud de {{name}}. Inicia sesión en {{name}} y decide compartirlos; puede desconectarla en cualquier momento.',
  notOffered: 'Su estudio no vincula historias clínicas.',
  connect: 'Conectar {{name}}',
  connecting: 'Abriendo {{name}}…',
  connected: 'Su historia clínica está conectada.',
  connectedJustNow: 'Su historia clínica ya está conectada. ¡Gracias!',
  failedJustNow: 'No se ha podido conectar su historia clínica. Puede intentarlo de nuevo.',
  error: 'El último intento falló: {{error}}',
  revoked: 'Su historia clínica está desconectada. Los registros recibidos antes se quedan en el estudio.',
  connectedOn: 'Conectada el {{date}}.',
  lastSync: 'Actualizada el {{date}}.',
  records_one: '{{count}} registro recibido.',
  records_other: '{{count}} registros recibidos.',
  syncNow: 'Actualizar ahora',
  synced: 'Su historia clínica está al día.',
  disconnect: 'Desconectar',
  disconnected: 'Su historia clínica está desconectada.',
  connectAgain: 'Conectar de nuevo',
};

export const EHR_NS = 'ehr';
export const EHR_TEXTS = { en, es } as const;

addFeatureTexts(EHR_TEXTS, EHR_NS);
