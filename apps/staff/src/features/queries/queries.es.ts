/** The queries namespace in Spanish. */
import type { TextsLike } from '../../shared/feature';
import type { QueriesTexts } from './queries.en';

const texts: TextsLike<QueriesTexts> = {};

export default texts;
