/** The messages namespace in Spanish. */
import type { TextsLike } from '../../shared/feature';
import type { MessagesTexts } from './messages.en';

const texts: TextsLike<MessagesTexts> = {};

export default texts;
