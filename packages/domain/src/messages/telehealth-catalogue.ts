/**
 * Telehealth appointments and availability (issue 15; decision F-appointments): the server's messages.
 * Registered through `@trialpath/domain/staff-messages`.
 */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const TELEHEALTH_MESSAGES = {
  'telehealth.timeFormat': {
    en: 'Write the time as HH:MM, 24-hour (for example 09:30 or 17:00).',
    es: 'Escriba la hora como HH:MM en formato de 24 horas (por ejemplo 09:30 o 17:00).',
  },
  'telehealth.windowOrder': {
    en: 'The end of a window must be after its start.',
    es: 'El final de una franja debe ser posterior a su inicio.',
  },
  'telehealth.windowsOverlap': {
    en: 'Two windows of the same day overlap. Join them into one or change one of them.',
    es: 'Dos franjas del mismo día se solapan. Únalas en una o cambie una de ellas.',
  },
  'telehealth.unknownTimeZone': {
    en: 'Choose a time zone from the list.',
    es: 'Elija una zona horaria de la lista.',
  },
  'telehealth.notTelehealthMember': {
    en: 'This person is not a telehealth member of this site’s team.',
    es: 'Esta persona no es miembro de telesalud del equipo de este centro.',
  },
  'telehealth.outsideAvailability': {
    en: '{name} is not available at this time. Choose one of the free times.',
    es: '{name} no está disponible a esta hora. Elija una de las horas libres.',
  },
  'telehealth.hostBusy': {
    en: '{name} already has an appointment at this time.',
    es: '{name} ya tiene una cita a esta hora.',
  },
  'telehealth.inPast': {
    en: 'Choose a time that has not passed yet.',
    es: 'Elija una hora que aún no haya pasado.',
  },
  'telehealth.taskNotTelehealth': {
    en: 'Choose one of the participant’s telehealth visits that is still to come.',
    es: 'Elija una de las visitas de telesalud del participante que aún estén pendientes.',
  },
  'telehealth.taskOutsideWindow': {
    en: 'This visit is open from day {from} to day {to} of the participant’s study. Choose a date in those days.',
    es: 'Esta visita está abierta del día {from} al día {to} del estudio del participante. Elija una fecha dentro de esos días.',
  },
  'telehealth.taskBooked': {
    en: 'This visit already has an appointment. Change that appointment instead.',
    es: 'Esta visita ya tiene una cita. Modifique esa cita en su lugar.',
  },
  'telehealth.appointmentOver': {
    en: 'This appointment is over and can no longer be changed.',
    es: 'Esta cita ha terminado y ya no se puede modificar.',
  },
  'telehealth.participantNotActive': {
    en: 'This participant is no longer taking part in the study, so no appointment can be booked.',
    es: 'Este participante ya no participa en el estudio, por lo que no se puede reservar ninguna cita.',
  },
  'telehealth.rangeTooLong': {
    en: 'Show at most 62 days at once.',
    es: 'Muestre como máximo 62 días a la vez.',
  },
  'telehealth.notStartedYet': {
    en: 'This appointment has not started yet. Record how it ended once its time has come, or cancel it.',
    es: 'Esta cita aún no ha empezado. Registre cómo terminó cuando haya llegado su hora, o cancélela.',
  },
  'telehealth.visitMode.video': { en: 'Video call', es: 'Videollamada' },
  'telehealth.visitMode.office': { en: 'Visit at the study site', es: 'Visita en el centro del estudio' },
  'telehealth.visitMode.home': { en: 'Home visit', es: 'Visita a domicilio' },
  'telehealth.visitMode.phone': { en: 'Phone call', es: 'Llamada telefónica' },
  // the video call (decision F-calls)
  'telehealth.addMembersNone': {
    en: 'Please that is: Please select members to add to this call.',
    es: 'Seleccione los miembros que desea añadir a esta llamada.',
  },
  'telehealth.participantLeftApp': {
    en: 'This participant is no longer using the app. This call is not possible.',
    es: 'Este participante ya no usa la aplicación. No es posible hacer esta llamada.',
  },
  'telehealth.meetingEnded': { en: 'This meeting has been ended', es: 'Esta reunión ha finalizado' },
  'telehealth.callFull': {
    en: 'This call already has {count} people, the most a call can hold.',
    es: 'Esta llamada ya tiene {count} personas, el máximo que admite.',
  },
  'telehealth.screenBusy': {
    en: 'The current screen sharing has to be stopped',
    es: 'Primero hay que detener la pantalla que se está compartiendo',
  },
  'telehealth.videoServiceDown': {
    en: 'The video service cannot be reached. Try again in a moment.',
    es: 'No se puede acceder al servicio de vídeo. Inténtelo de nuevo en un momento.',
  },
  'telehealth.callOver': { en: 'This call has ended.', es: 'Esta llamada ha finalizado.' },
  'telehealth.notInvited': {
    en: 'You are not invited to this call.',
    es: 'No está invitado a esta llamada.',
  },
  'telehealth.callRunning': {
    en: 'A call with this participant is already running.',
    es: 'Ya hay una llamada en curso con este participante.',
  },
  'telehealth.notVideoVisit': {
    en: 'This appointment is not a video visit: it cannot be held as a call.',
    es: 'Esta cita no es una videollamada: no puede hacerse como llamada.',
  },
  'telehealth.callPushTitle': { en: 'Video call', es: 'Videollamada' },
  'telehealth.callingYou': {
    en: 'Your study team is video calling you. Tap to join call.',
    es: 'Su equipo del estudio le está llamando por vídeo. Toque para unirse a la llamada.',
  },
  'telehealth.notNotifiable': {
    en: 'This participant has no phone or browser to notify. They see the call when they open the portal.',
    es: 'Este participante no tiene ningún teléfono ni navegador al que avisar. Verá la llamada cuando abra el portal.',
  },
  'telehealth.participantAlreadyIn': {
    en: 'The participant is already in the call.',
    es: 'El participante ya está en la llamada.',
  },
  // recording (F-079, F-080, F-144 … F-148; decision F-recording)
  'telehealth.alreadyRecording': {
    en: 'This session is already being recorded.',
    es: 'Esta sesión ya se está grabando.',
  },
  'telehealth.recordingInControl': {
    en: 'This session recording is in control of {name}.',
    es: 'La grabación de esta sesión la controla {name}.',
  },
  'telehealth.recordingNotAllowed': { en: 'Recording not allowed', es: 'Grabación no permitida' },
  'telehealth.recordingRequestSent': { en: 'Recording request sent', es: 'Solicitud de grabación enviada' },
  'telehealth.recordingWhenJoins': {
    en: 'A recording request will be sent when the participant joins the call.',
    es: 'Se enviará una solicitud de grabación cuando el participante se una a la llamada.',
  },
  'telehealth.recordingStarted': { en: 'Recording started', es: 'Grabación iniciada' },
  'telehealth.recordingEnded': { en: 'Recording ended', es: 'Grabación finalizada' },
  'telehealth.recordingDenied': { en: 'Recording request denied', es: 'Solicitud de grabación rechazada' },
  'telehealth.recordingTimedOut': {
    en: 'The participant did not answer the recording request within 5 minutes.',
    es: 'El participante no respondió a la solicitud de grabación en 5 minutos.',
  },
  'telehealth.recordingNotOpen': {
    en: 'This recording is no longer open.',
    es: 'Esta grabación ya no está abierta.',
  },
  'telehealth.recordingNotHolder': {
    en: 'Only {name}, who started this recording, can stop it or send it.',
    es: 'Solo {name}, que inició esta grabación, puede detenerla o enviarla.',
  },
  'telehealth.recordingChunkOrder': {
    en: 'Piece {seq} of the recording arrived out of order: piece {expected} was expected.',
    es: 'La parte {seq} de la grabación llegó fuera de orden: se esperaba la parte {expected}.',
  },
  'telehealth.recordingNotReady': {
    en: 'This recording is still being prepared. Try again in a moment.',
    es: 'Esta grabación aún se está preparando. Inténtelo de nuevo en un momento.',
  },
  'telehealth.recordingLinkInvalid': {
    en: 'This recording link has expired. Open the recording again.',
    es: 'Este enlace a la grabación ha caducado. Vuelva a abrir la grabación.',
  },
} as const satisfies Record<string, CatalogueEntry>;

registerMessages(TELEHEALTH_MESSAGES);
