import { describe, expect, it } from 'vitest';
import { en } from './en';
import { es } from './es';
import { uiLanguageOf } from './index';

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

describe('static strings', () => {
  it('Spanish has every English key, translated', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
    const same = keys(en).filter((k) => {
      const get = (o: object) => k.split('.').reduce<unknown>((a, p) => (a as Record<string, unknown>)[p], o);
      return get(en) === get(es);
    });
    expect(same).toEqual(['app.name']);
  });

  it('keeps the labels the browser tests rely on', () => {
    expect([en.login.username, en.login.password, en.login.submit]).toEqual(['Username', 'Password', 'Log in']);
    expect([es.login.username, es.login.password, es.login.submit]).toEqual([
      'Nombre de usuario',
      'Contraseña',
      'Iniciar sesión',
    ]);
    expect([en.language.continue, es.language.continue]).toEqual(['Continue', 'Continuar']);
  });

  it('maps study language cultures to interface languages', () => {
    expect(uiLanguageOf('es')).toBe('es');
    expect(uiLanguageOf('es-MX')).toBe('es');
    expect(uiLanguageOf('EN_us')).toBe('en');
    expect(uiLanguageOf('fr')).toBe('en');
    expect(uiLanguageOf(null)).toBe('en');
  });
});
