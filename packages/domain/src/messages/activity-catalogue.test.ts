import { describe, expect, it } from 'vitest';
import { ACTIVITY_MESSAGES } from './activity-catalogue';
import { MESSAGES } from './catalogue';
import { isMessageKey } from './translate';
import { translate } from './translate';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('activity messages in the one catalogue', () => {
  it('join the catalogue when imported, apart from the first-screen table MESSAGES', () => {
    for (const key of Object.keys(ACTIVITY_MESSAGES)) {
      expect(MESSAGES).not.toHaveProperty([key]);
      expect(isMessageKey(key)).toBe(true);
    }
    expect(translate('activity.required')).toBe('Please select an answer');
  });

  it.each(Object.entries(ACTIVITY_MESSAGES))('%s has a Spanish text with the same placeholders', (_, entry) => {
    expect(entry.es.trim()).not.toBe('');
    expect(placeholders(entry.es)).toEqual(placeholders(entry.en));
    if (entry.en.split(' ').length > 1) expect(entry.es).not.toBe(entry.en);
  });

  it('parameters are filled by the catalogue', () => {
    expect(translate('activity.date.range', { start: '01/01/2024', end: '31/01/2024' }, 'es')).toBe(
      'Introduzca una fecha en el intervalo 01/01/2024 - 31/01/2024.',
    );
    expect(translate('activity.answerToDisabled', undefined, 'es')).toBe(
      'Esta pregunta se ha omitido por las respuestas anteriores, por lo que no se puede responder.',
    );
    expect(translate('activity.invalidOption', undefined, 'es')).toBe('Seleccione una de las respuestas ofrecidas.');
  });
});
