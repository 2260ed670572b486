import type { TextsLike } from '../../shared/feature';
import type en from './legal.en';

/** The legal namespace in Spanish (the same keys as the English file). */
const texts: TextsLike<typeof en> = {
  legal: {
    updated: 'Última actualización: 1 de enero de 2026',
  },
};

export default texts;
