/**
 * The appointments screen's texts (issue 15; F-002, F-008…F-028; decision F-appointments) and home's link to it, in
 * their own i18next namespace added when this module loads — never with the portal's first load. One text per status
 * code of 001 §4, written for a participant.
 */
import { addFeatureTexts } from '../../i18n';

const en = {
  title: 'Your visits',
  homeLink: 'Your visits',
  intro: 'Visits with your study team. Times are shown in your time zone ({{zone}}).',
  listLabel: 'Your visits',
  empty: 'No visits are booked yet. Your study team books your visits; they appear here.',
  dueNow: 'It is time for your visit. Your study team will call you here.',
  calling: 'Your study team is calling you.',
  when: '{{date}}, {{minutes}} minutes',
  withWhom: 'With {{name}}, {{site}}',
  forTask: 'For: {{name}}',
  mode_video: 'Video visit',
  mode_office: 'Visit at the study site',
  mode_home: 'Home visit',
  mode_phone: 'Phone call',
  status_1: 'No visits booked',
  status_2: 'Booked',
  status_3: 'It is time for your visit',
  status_4: 'You are in the waiting room',
  status_5: 'In your visit now',
  status_6: 'On hold: your study team will be back shortly',
  status_7: 'Ended before you were seen',
  status_8: 'Ended early',
  status_9: 'Done',
  status_10: 'Cancelled',
  status_11: 'Missed',
  status_12: 'Your study team is calling you',
  status_13: 'Your study team is getting ready',
};

type Texts = Record<keyof typeof en, string>;

const es: Texts = {
  title: 'Sus visitas',
  homeLink: 'Sus visitas',
  intro: 'Visitas con su equipo del estudio. Las horas se muestran en su zona horaria ({{zone}}).',
  listLabel: 'Sus visitas',
  empty: 'Todavía no hay visitas reservadas. Su equipo del estudio reserva sus visitas; aparecerán aquí.',
  dueNow: 'Es la hora de su visita. Su equipo del estudio le llamará aquí.',
  calling: 'Su equipo del estudio le está llamando.',
  when: '{{date}}, {{minutes}} minutos',
  withWhom: 'Con {{name}}, {{site}}',
  forTask: 'Para: {{name}}',
  mode_video: 'Visita por vídeo',
  mode_office: 'Visita en el centro del estudio',
  mode_home: 'Visita a domicilio',
  mode_phone: 'Llamada telefónica',
  status_1: 'No hay visitas reservadas',
  status_2: 'Reservada',
  status_3: 'Es la hora de su visita',
  status_4: 'Está en la sala de espera',
  status_5: 'En su visita ahora',
  status_6: 'En espera: su equipo del estudio volverá enseguida',
  status_7: 'Terminó antes de que le atendieran',
  status_8: 'Terminó antes de tiempo',
  status_9: 'Hecha',
  status_10: 'Cancelada',
  status_11: 'Perdida',
  status_12: 'Su equipo del estudio le está llamando',
  status_13: 'Su equipo del estudio se está preparando',
};

export const TELEHEALTH_NS = 'telehealth';
export const TELEHEALTH_TEXTS = { en, es } as const;

addFeatureTexts(TELEHEALTH_TEXTS, TELEHEALTH_NS);
