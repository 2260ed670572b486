/**
 * Messages of participant management (issue 12). Ours: the spec gives none for these calls. Registered through
 * `@trialpath/domain/staff-messages` (the server and the staff portal only).
 */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const PARTICIPANT_MESSAGES = {
  'participants.labelTaken': {
    en: 'This study already has a label named {name}.',
    es: 'Este estudio ya tiene una etiqueta llamada {name}.',
  },
  'participants.unknownLabel': {
    en: 'This label does not exist in the study any more. Reload the page.',
    es: 'Esta etiqueta ya no existe en el estudio. Vuelva a cargar la página.',
  },
  'participants.sortNeedsIdentity': {
    en: "You cannot sort by a participant's name or e-mail address: your role does not show who participants are.",
    es: 'No puede ordenar por el nombre o el correo electrónico de los participantes: su rol no muestra quiénes son.',
  },
  'participants.statusNotAllowed': {
    en: "This change is not allowed from the participant's current status.",
    es: 'Este cambio no está permitido desde el estado actual del participante.',
  },
  'participants.statusChangedMeanwhile': {
    en: "Someone changed this participant's status while you were working. Reload to see the current status.",
    es: 'Otra persona cambió el estado de este participante mientras usted trabajaba. Vuelva a cargar para ver el estado actual.',
  },
  'participants.reasonCodeRequired': {
    en: 'Choose a reason from the list.',
    es: 'Elija un motivo de la lista.',
  },
  'participants.reasonCodeNotForStatus': {
    en: 'This reason does not apply to that status.',
    es: 'Este motivo no corresponde a ese estado.',
  },
  // The add/edit form's prompts are the spec's (002 §5, E-058…E-061), in English exactly as written there.
  'participants.selectCity': { en: 'Please select a city!', es: '¡Seleccione una ciudad!' },
  'participants.selectState': { en: 'Please select a state!', es: '¡Seleccione un estado!' },
  'participants.enterFirstName': { en: 'Please enter your first name!', es: '¡Introduzca su nombre!' },
  'participants.enterLastName': { en: 'Please enter your last name!', es: '¡Introduzca su apellido!' },
  'participants.idFormat': {
    en: 'Use letters, digits, dots, dashes or underscores (at most 64), starting with a letter or digit.',
    es: 'Use letras, dígitos, puntos, guiones o guiones bajos (64 como máximo), empezando por una letra o un dígito.',
  },
  'participants.dateInvalid': {
    en: 'Enter a real date as yyyy-mm-dd.',
    es: 'Introduzca una fecha real como aaaa-mm-dd.',
  },
  'participants.bornInFuture': {
    en: 'The date of birth cannot be in the future.',
    es: 'La fecha de nacimiento no puede estar en el futuro.',
  },
  'participants.idTaken': {
    en: 'Participant {participantId} already has this id in the study.',
    es: 'El participante {participantId} ya tiene este identificador en el estudio.',
  },
  'participants.emailTaken': {
    en: 'Participant {participantId} of this study already has this e-mail address.',
    es: 'El participante {participantId} de este estudio ya tiene esta dirección de correo electrónico.',
  },
  'participants.emailShared': {
    en: 'Participant {participantId} of this study has this e-mail address too. Keep it only if one person looks after both (a parent or caregiver).',
    es: 'El participante {participantId} de este estudio también tiene esta dirección de correo electrónico. Consérvela solo si una misma persona se ocupa de ambos (un progenitor o cuidador).',
  },
  'participants.phoneShared': {
    en: 'Participant {participantId} of this study has this phone number too. Save again to keep it.',
    es: 'El participante {participantId} de este estudio también tiene este número de teléfono. Guarde de nuevo para conservarlo.',
  },
  'participants.siteNotYours': {
    en: 'Choose one of your sites that takes participants.',
    es: 'Elija uno de sus centros que admita participantes.',
  },
  'participants.changedMeanwhile': {
    en: 'Someone changed this participant while you were editing. Reload to see their changes, then edit again.',
    es: 'Otra persona cambió este participante mientras usted lo editaba. Vuelva a cargar para ver sus cambios y edite de nuevo.',
  },
  'participants.registeredEmail': {
    en: 'This participant has registered with this e-mail address: only they can change it, in the portal.',
    es: 'Este participante se ha registrado con esta dirección de correo electrónico: solo él puede cambiarla, en el portal.',
  },
  'participants.cannotInvite': {
    en: 'Only a participant who has not registered yet can be invited.',
    es: 'Solo se puede invitar a un participante que aún no se ha registrado.',
  },
  'participants.unsubscribed': {
    en: 'This participant asked for no more e-mail. Ask them before you turn e-mail on again.',
    es: 'Este participante pidió no recibir más correos. Pregúntele antes de volver a activar el correo.',
  },
  'participants.notAwaitingVerification': {
    en: 'Only a participant who registered and has not confirmed their account yet can be sent a new code.',
    es: 'Solo se puede enviar un código nuevo a un participante que se registró y aún no ha confirmado su cuenta.',
  },
  'participants.noEmail': {
    en: 'This participant has no e-mail address to send the invitation to.',
    es: 'Este participante no tiene una dirección de correo electrónico a la que enviar la invitación.',
  },
  // The participant import (E-076, E-078): a refused file's report names each bad cell with these.
  'participants.import.unreadable': {
    en: 'This file could not be read as CSV or XLSX.',
    es: 'Este archivo no se pudo leer como CSV ni como XLSX.',
  },
  'participants.import.csvLine': {
    en: 'The CSV file cannot be read from line {line} on: check its quotation marks.',
    es: 'El archivo CSV no se puede leer a partir de la línea {line}: revise sus comillas.',
  },
  'participants.import.headingsFirst': {
    en: 'The first row must hold the column headings of the template.',
    es: 'La primera fila debe contener los encabezados de columna de la plantilla.',
  },
  'participants.import.empty': {
    en: 'The file has no participants: write one participant on each row under the column headings.',
    es: 'El archivo no tiene participantes: escriba un participante en cada fila bajo los encabezados de columna.',
  },
  'participants.import.tooManyRows': {
    en: 'The file has more than {max} participants. Split it into files of at most {max} rows.',
    es: 'El archivo tiene más de {max} participantes. Divídalo en archivos de {max} filas como máximo.',
  },
  'participants.import.noSites': {
    en: 'None of your sites takes participants in this data space.',
    es: 'Ninguno de sus centros admite participantes en este espacio de datos.',
  },
  'participants.import.unknownColumn': {
    en: '“{column}” is not a column of the template.',
    es: '«{column}» no es una columna de la plantilla.',
  },
  'participants.import.columnTwice': {
    en: 'The column “{column}” appears twice.',
    es: 'La columna «{column}» aparece dos veces.',
  },
  'participants.import.missingColumn': {
    en: 'The study requires “{column}”: add this column.',
    es: 'El estudio exige «{column}»: añada esta columna.',
  },
  'participants.import.cellWithoutHeading': {
    en: 'This row has a value in a column without a heading.',
    es: 'Esta fila tiene un valor en una columna sin encabezado.',
  },
  'participants.import.siteUnknown': {
    en: '{siteCode} is not one of your sites that take participants.',
    es: '{siteCode} no es uno de sus centros que admiten participantes.',
  },
  'participants.notAsked': {
    en: "The study does not ask for this at the participant's site: leave it empty.",
    es: 'El estudio no pide este dato en el centro del participante: déjelo vacío.',
  },
  'participants.import.yesOrNo': { en: 'Write yes or no.', es: 'Escriba sí o no.' },
  'participants.import.idTwice': {
    en: 'Row {row} has this participant ID too.',
    es: 'La fila {row} también tiene este ID de participante.',
  },
  'participants.import.emailTwice': {
    en: 'Row {row} has this e-mail address too.',
    es: 'La fila {row} también tiene esta dirección de correo electrónico.',
  },
  'participants.import.phoneTwice': {
    en: 'Row {row} has this phone number too. Import with shared phone numbers allowed to keep it.',
    es: 'La fila {row} también tiene este número de teléfono. Importe permitiendo números compartidos para conservarlo.',
  },
  'participants.import.phoneShared': {
    en: 'Participant {participantId} of this study has this phone number too. Import with shared phone numbers allowed to keep it.',
    es: 'El participante {participantId} de este estudio también tiene este número de teléfono. Importe permitiendo números compartidos para conservarlo.',
  },
  'participants.import.oneRowRefused': {
    en: '1 row has problems: nothing was imported.',
    es: '1 fila tiene problemas: no se importó nada.',
  },
  'participants.import.rowsRefused': {
    en: '{count} rows have problems: nothing was imported.',
    es: '{count} filas tienen problemas: no se importó nada.',
  },
  'participants.import.headingsRefused': {
    en: 'The column headings do not match the template: nothing was imported.',
    es: 'Los encabezados de columna no coinciden con la plantilla: no se importó nada.',
  },
  'participants.import.takenMeanwhile': {
    en: 'Someone added participants with the same IDs while the file was being imported. Check the file again.',
    es: 'Otra persona añadió participantes con los mismos ID mientras se importaba el archivo. Vuelva a comprobar el archivo.',
  },
  'participants.labelOnHiddenParticipants': {
    en: 'This label is also on {count} participants you cannot see (at other sites or in the other data space). Only someone who sees them all can delete it.',
    es: 'Esta etiqueta también está en {count} participantes que usted no puede ver (en otros centros o en el otro espacio de datos). Solo alguien que los vea a todos puede eliminarla.',
  },
  'participants.labelInUseChanged': {
    en: 'This label is now on {count} participants. Check, then delete it again.',
    es: 'Esta etiqueta está ahora en {count} participantes. Compruébelo y vuelva a eliminarla.',
  },
  // site transfers (decision E-site-transfers)
  'participants.transfer.sameSite': {
    en: 'The participant is already at this site. Choose another site.',
    es: 'El participante ya está en este centro. Elija otro centro.',
  },
  'participants.transfer.unknownSite': {
    en: 'This site is not a site of the study.',
    es: 'Este centro no es un centro del estudio.',
  },
  'participants.transfer.siteNotTaking': {
    en: '{site} does not take participants in this data space now.',
    es: '{site} no admite participantes en este espacio de datos por ahora.',
  },
  'participants.transfer.participantLeft': {
    en: 'This participant has left the study and cannot be transferred.',
    es: 'Este participante ha salido del estudio y no puede ser transferido.',
  },
  'participants.transfer.alreadyPending': {
    en: 'This participant already has a transfer to {site} waiting for review. Cancel it before asking for another.',
    es: 'Este participante ya tiene una transferencia a {site} pendiente de revisión. Cancélela antes de solicitar otra.',
  },
  'participants.transfer.notTargetSite': {
    en: 'Only staff of {site}, the receiving site, can review this transfer.',
    es: 'Solo el personal de {site}, el centro que recibe, puede revisar esta transferencia.',
  },
  'participants.transfer.ownRequest': {
    en: 'You asked for this transfer: someone else at the receiving site must review it.',
    es: 'Usted solicitó esta transferencia: otra persona del centro que recibe debe revisarla.',
  },
  'participants.transfer.noLongerPending': {
    en: 'This transfer was reviewed or cancelled meanwhile. Reload to see where it stands.',
    es: 'Esta transferencia se revisó o se canceló mientras tanto. Vuelva a cargar para ver su estado.',
  },
  'participants.transfer.participantMoved': {
    en: 'The participant is no longer at {site}, where this transfer was asked from. Cancel it, and ask again if needed.',
    es: 'El participante ya no está en {site}, desde donde se solicitó esta transferencia. Cancélela y vuelva a solicitarla si hace falta.',
  },
  'participants.transfer.mayNotCancel': {
    en: 'Only the person who asked for this transfer, or staff who manage the participant at their site, can cancel it.',
    es: 'Solo quien solicitó esta transferencia, o el personal que gestiona al participante en su centro, puede cancelarla.',
  },
  'participants.correction.unknownItem': {
    en: 'This response has no question {item}.',
    es: 'Esta respuesta no tiene la pregunta {item}.',
  },
} as const satisfies Record<string, CatalogueEntry>;

registerMessages(PARTICIPANT_MESSAGES);
