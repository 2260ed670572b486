/** The documents namespace in Spanish. */
import type { TextsLike } from '../../shared/feature';
import type { DocumentsTexts } from './documents.en';

const texts: TextsLike<DocumentsTexts> = {};

export default texts;
