/**
 * SFTP destinations and transfers (issue 14; H-014…H-023, H-035; decision H-sftp): the server's messages and the
 * form's field messages. The SFTP server's own reasons (a refused password, a refused connection) are passed on
 * as the server gave them; these texts frame ours. Registered through `@trialpath/domain/staff-messages`.
 */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const SFTP_MESSAGES = {
  'sftp.notFound': { en: 'This SFTP destination does not exist.', es: 'Este destino SFTP no existe.' },
  'sftp.transferNotFound': { en: 'This transfer does not exist.', es: 'Esta transferencia no existe.' },
  'sftp.noExport': {
    en: 'There is no export of this study yet: run one first.',
    es: 'Todavía no hay ninguna exportación de este estudio: ejecute una primero.',
  },
  'sftp.exportNotFound': {
    en: 'This export does not exist or is not finished.',
    es: 'Esta exportación no existe o no ha terminado.',
  },
  'sftp.disconnected': {
    en: 'This SFTP destination is disconnected. Add a new destination to send files again.',
    es: 'Este destino SFTP está desconectado. Añada un destino nuevo para volver a enviar archivos.',
  },
  'sftp.onlyFailedRetried': {
    en: 'Only a failed transfer can be retried.',
    es: 'Solo se puede reintentar una transferencia fallida.',
  },
  'sftp.passwordRequired': {
    en: 'Enter the password of the SFTP account.',
    es: 'Introduzca la contraseña de la cuenta SFTP.',
  },
  'sftp.privateKeyRequired': {
    en: 'Upload the private key (PEM file) of the SFTP account.',
    es: 'Suba la clave privada (archivo PEM) de la cuenta SFTP.',
  },
  'sftp.pemInvalid': {
    en: 'This file is not a private key that can be read: {reason}',
    es: 'Este archivo no es una clave privada legible: {reason}',
  },
  'sftp.pemPassphraseNeeded': {
    en: 'This private key is encrypted: enter its passphrase.',
    es: 'Esta clave privada está cifrada: introduzca su frase de contraseña.',
  },
  'sftp.pemNotPrivate': {
    en: 'This file holds a public key, not a private key.',
    es: 'Este archivo contiene una clave pública, no una clave privada.',
  },
  'sftp.hostKeyInvalid': {
    en: 'This file is not a public host key that can be read: {reason}',
    es: 'Este archivo no es una clave pública de servidor legible: {reason}',
  },
  'sftp.hostKeyChanged': {
    en: "The server's host key has changed: {expected} was pinned, the server showed {actual}. Check with the server's administrator before trusting it.",
    es: 'La clave del servidor ha cambiado: se había fijado {expected} y el servidor ha mostrado {actual}. Consulte con el administrador del servidor antes de confiar en ella.',
  },
  'sftp.folderMissing': {
    en: 'The remote folder {folder} cannot be opened: {reason}',
    es: 'No se puede abrir la carpeta remota {folder}: {reason}',
  },
  'sftp.sizeMismatch': {
    en: 'The server holds {actual} bytes of the {expected} sent; the file was not completed.',
    es: 'El servidor tiene {actual} bytes de los {expected} enviados; el archivo no se ha completado.',
  },
  'sftp.cancelledByDisconnect': {
    en: 'Cancelled: the destination was disconnected.',
    es: 'Cancelada: el destino se ha desconectado.',
  },
  'sftp.interrupted': {
    en: 'The transfer was interrupted too many times (the server process stopped during it).',
    es: 'La transferencia se ha interrumpido demasiadas veces (el proceso del servidor se detuvo durante ella).',
  },
  'sftp.exportGone': {
    en: 'The exported file is no longer stored.',
    es: 'El archivo exportado ya no está almacenado.',
  },
  'sftp.credentialsUnreadable': {
    en: 'The stored credentials cannot be opened (the server secret changed). Enter them again.',
    es: 'No se pueden abrir las credenciales guardadas (ha cambiado el secreto del servidor). Vuelva a introducirlas.',
  },
  // form fields
  'sftp.field.host': {
    en: 'Enter a host name or IP address.',
    es: 'Introduzca un nombre de servidor o una dirección IP.',
  },
  'sftp.field.port': { en: 'The port is a number from 1 to 65535.', es: 'El puerto es un número de 1 a 65535.' },
  'sftp.field.folder': {
    en: 'Enter the remote folder (no “..” parts).',
    es: 'Introduzca la carpeta remota (sin partes «..»).',
  },
  'sftp.field.time': { en: 'Enter a time as HH:mm (UTC).', es: 'Introduzca una hora como HH:mm (UTC).' },
  'sftp.field.day': { en: 'Choose the day of the week.', es: 'Elija el día de la semana.' },
  'sftp.field.fingerprint': {
    en: 'A host key fingerprint looks like SHA256: followed by 43 characters.',
    es: 'La huella de una clave de servidor es SHA256: seguido de 43 caracteres.',
  },
} as const satisfies Record<string, CatalogueEntry>;

registerMessages(SFTP_MESSAGES);
