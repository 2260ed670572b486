import { describe, expect, it } from 'vitest';
import {
  PASSWORD_SPECIALS,
  checkPassword,
  checkUsername,
  isValidPassword,
  makePasswordSchema,
  normalizeStaffUsername,
  ruleRefs,
} from './password';
import { translate } from './messages/translate';

describe('checkPassword', () => {
  it.each([
    ['Secret1!', []],
    ['Contraseña1&', []],
    ['пароль12#', []],
    ['密码密码密码密码١#', []],
    ['abcdefg1$', []],
    ['Ab1!', ['password.minLength']],
    ['abcdefgh!', ['password.number']],
    ['12345678!', ['password.letter']],
    ['Abcdefg12', ['password.special']],
    ['Abcdefg1*', ['password.special']],
    ['', ['password.minLength', 'password.letter', 'password.number', 'password.special']],
    [undefined, ['password.minLength', 'password.letter', 'password.number', 'password.special']],
  ])('%j → %j', (pw, keys) => {
    expect(checkPassword(pw)).toEqual(keys);
    expect(isValidPassword(pw)).toBe(keys.length === 0);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkPassword('😀😀😀a1!')).toEqual(['password.minLength']);
  });

  it('has the spec special set', () => expect(PASSWORD_SPECIALS).toBe('!@#$%&'));

  it('gives exact messages in English and Spanish', () => {
    // As a 400 carries them (ruleRefs) and a portal shows them (translate).
    const texts = (keys: Parameters<typeof ruleRefs>[0], lang = 'en') =>
      ruleRefs(keys).map((r) => translate(r.key, r.params, lang));
    expect(texts(['password.minLength', 'password.special'])).toEqual([
      'Password must be at least 8 characters long.',
      'Password must contain at least one special character (! @ # $ % &).',
    ]);
    expect(texts(['password.number'], 'es')).toEqual(['La contraseña debe contener al menos un número.']);
  });
});

describe('checkUsername', () => {
  it.each([
    ['jane.doe1!', {}, []],
    ['jane.doe1!', { isUnique: true }, []],
    ['jane.doe1!', { isUnique: false }, ['username.taken']],
    ['jane', {}, ['username.minLength', 'username.number', 'username.special']],
  ])('%j %j → %j', (u, opts, keys) => {
    expect(checkUsername(u, opts)).toEqual(keys);
  });
  it('defaults options', () => expect(checkUsername('jane.doe1!')).toEqual([]));
});

describe('schemas', () => {
  it('accepts a valid password', () => {
    expect(makePasswordSchema().safeParse('Secret1!').success).toBe(true);
  });
  it('reports each failed rule with its message', () => {
    const r = makePasswordSchema().safeParse('abc');
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Password must be at least 8 characters long.',
      'Password must contain at least one number.',
      'Password must contain at least one special character (! @ # $ % &).',
    ]);
    const es = makePasswordSchema('es').safeParse('abcdefgh1');
    expect(es.error?.issues.map((i) => i.message)).toEqual([
      'La contraseña debe contener al menos un carácter especial (! @ # $ % &).',
    ]);
    expect(makePasswordSchema().safeParse(12).success).toBe(false);
  });
});

describe('normalizeStaffUsername', () => {
  it.each([
    ['  Jane.Doe@Example.COM ', 'jane.doe@example.com'],
    ['ADMIN', 'admin'],
    [undefined as unknown as string, ''],
  ])('%j → %j', (u, n) => expect(normalizeStaffUsername(u)).toBe(n));
});
