/** The edc namespace in Spanish. */
import type { TextsLike } from '../../shared/feature';
import type { EdcTexts } from './edc.en';

const texts: TextsLike<EdcTexts> = {};

export default texts;
