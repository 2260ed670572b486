import { describe, expect, it } from 'vitest';
import { apiError, ERROR_CODES, statusOf } from './errors';
import { isMessageKey, registerMessages, translate } from './translate';
import './study-catalogue';

describe('study build error codes (decision 0016: message keys, en and es)', () => {
  it.each([
    ['NO_DRAFT', 404, 'versions.noDraft'],
    ['DRAFT_CONFLICT', 409, 'versions.draftConflict'],
    ['VERSION_IMMUTABLE', 409, 'versions.immutable'],
    ['STUDY_READ_ONLY', 409, 'studies.readOnly'],
  ] as const)('%s → %i with %s', (code, status, key) => {
    expect(statusOf(code)).toBe(status);
    expect(ERROR_CODES[code].messageKey).toBe(key);
  });

  it('a draft conflict names the section, in English and in Spanish', () => {
    const body = apiError('DRAFT_CONFLICT', { section: 'Welcome screens' });
    expect(body).toMatchObject({
      code: 'DRAFT_CONFLICT',
      messageKey: 'versions.draftConflict',
      params: { section: 'Welcome screens' },
      message:
        'Another person saved “Welcome screens” since you opened it. Reload it to see their changes, then make yours again.',
    });
    expect(
      translate(
        'versions.draftConflict',
        { section: translate('studyContent.section.welcomeScreens', {}, 'es') },
        'es',
      ),
    ).toBe(
      'Otra persona ha guardado «Pantallas de bienvenida» después de que usted lo abriera. Vuelva a cargarlo para ver sus cambios y haga de nuevo los suyos.',
    );
  });

  it.each([
    [
      'versions.noDraft',
      'This study has no draft version. Create a new version to make changes.',
      'Este estudio no tiene ninguna versión en borrador. Cree una versión nueva para hacer cambios.',
    ],
    [
      'versions.immutable',
      'This version has been published and can no longer be changed. Create a new version to make changes.',
      'Esta versión se ha publicado y ya no se puede modificar. Cree una versión nueva para hacer cambios.',
    ],
    [
      'studies.readOnly',
      'This study is closed, archived or deleted: its build can no longer be changed.',
      'Este estudio está cerrado, archivado o eliminado: su configuración ya no se puede modificar.',
    ],
  ] as const)('%s', (key, en, es) => {
    expect(translate(key)).toBe(en);
    expect(translate(key, undefined, 'es')).toBe(es);
  });
});

describe('the study build messages join the catalogue when their module is imported (participant bundle budget)', () => {
  it('every study message is a catalogue key with its own text', () => {
    expect(isMessageKey('versions.noDraft')).toBe(true);
    expect(translate('studies.readOnly', {}, 'es')).not.toBe('studies.readOnly');
  });

  it('a table cannot replace a key already in the catalogue', () => {
    expect(() => registerMessages({ 'auth.usernameNotFound': { en: 'x', es: 'y' } })).toThrow(/already/);
  });
});
