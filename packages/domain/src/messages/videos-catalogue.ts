/**
 * Study videos (issue 14; H-033, H-034; decision H-study-videos): upload refusals and the conversion's outcome.
 * Registered through `@trialpath/domain/staff-messages`.
 */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const VIDEO_MESSAGES = {
  'videos.notVideo': {
    en: 'This file is not a video we can take: upload an MP4, WebM or MOV file.',
    es: 'Este archivo no es un vídeo admitido: suba un archivo MP4, WebM o MOV.',
  },
  'videos.empty': { en: 'The file is empty.', es: 'El archivo está vacío.' },
  'videos.notFound': { en: 'This video does not exist (any more).', es: 'Este vídeo no existe (ya).' },
  'videos.notReady': {
    en: 'This video is not ready to play yet.',
    es: 'Este vídeo aún no está listo para reproducirse.',
  },
  'videos.linkInvalid': {
    en: 'This video address is not valid or has expired.',
    es: 'Esta dirección de vídeo no es válida o ha caducado.',
  },
  'videos.needsFfmpeg': {
    en: 'Conversion needs ffmpeg on the server',
    es: 'La conversión necesita ffmpeg en el servidor',
  },
  'videos.conversionFailed': {
    en: 'The video could not be converted: {reason}',
    es: 'No se pudo convertir el vídeo: {reason}',
  },
  'videos.unreadable': {
    en: 'The file could not be read as a video.',
    es: 'El archivo no se pudo leer como vídeo.',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type VideoMessageKey = keyof typeof VIDEO_MESSAGES;

registerMessages(VIDEO_MESSAGES);
