/**
 * Messages of uploads, branding images and study documents (issue 9; decision 0033). Ours: the spec
 * gives no texts for these calls. Registered through `@trialpath/domain/staff-messages`, like the study
 * build's, so the participant portal's first load stays without them.
 */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const FILES_MESSAGES = {
  'files.empty': { en: 'The file is empty.', es: 'El archivo está vacío.' },
  'files.typeMismatch': {
    en: 'The file is not a {type} file.',
    es: 'El archivo no es un archivo {type}.',
  },
  'files.svgUnsafe': {
    en: 'The SVG image could not be read as a drawing.',
    es: 'La imagen SVG no se pudo leer como dibujo.',
  },
  'files.pdfUnreadable': {
    en: 'The PDF file could not be read.',
    es: 'No se pudo leer el archivo PDF.',
  },
  'files.noSuchFile': { en: 'There is no such file.', es: 'No existe ese archivo.' },
  'files.siteNotInStudy': {
    en: 'This site is not a site of the study.',
    es: 'Este centro no es un centro del estudio.',
  },
} as const satisfies Record<string, CatalogueEntry>;

registerMessages(FILES_MESSAGES);
