import { describe, expect, it } from 'vitest';
import { countryName } from '../format';
import { roleTitle } from '../roles';
import { MAIL_MESSAGES } from './mail-catalogue';
import { recipientLanguage, renderEmail, renderText } from './mail';

describe('outbox templates', () => {
  it('render in the language asked for, placeholders filled', () => {
    expect(renderEmail('staffReset', { firstName: 'Ana', link: 'L' }, 'es')).toEqual({
      subject: 'Restablezca su contraseña de Trialpath',
      body: expect.stringMatching(/^Hola, Ana:\n\n.*\nL\n/s),
    });
    expect(renderText('code', { code: '123456', minutes: 10 }, 'en')).toBe(
      'Your Trialpath verification code is 123456. It expires in 10 minutes.',
    );
  });

  it('every e-mail template has a subject and a body, with the same placeholders in each language', () => {
    const names = Object.keys(MAIL_MESSAGES).map((k) => k.replace(/\.(subject|body)$/, ''));
    for (const name of new Set(names)) {
      expect(Object.hasOwn(MAIL_MESSAGES, `${name}.body`)).toBe(true);
      expect(Object.hasOwn(MAIL_MESSAGES, `${name}.subject`)).toBe(true);
    }
    const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const entry of Object.values(MAIL_MESSAGES)) expect(holes(entry.es)).toEqual(holes(entry.en));
  });

  it("the recipient's stored language wins when the catalogue has it, else the request's", () => {
    expect(recipientLanguage('es', 'en')).toBe('es');
    expect(recipientLanguage('es-MX', 'en')).toBe('es');
    expect(recipientLanguage('fr', 'es')).toBe('es');
    expect(recipientLanguage(null, 'es')).toBe('es');
    expect(recipientLanguage(undefined, 'en')).toBe('en');
  });
});

describe('names the server writes', () => {
  it('role titles per language; an unknown role as given', () => {
    expect(roleTitle('Pi', 'es')).toBe('Investigador principal');
    expect(roleTitle('acme:Pi')).toBe('Principal Investigator');
    expect(roleTitle('Nobody', 'es')).toBe('Nobody');
  });

  it('country names per language from the ISO code; the stored name for anything else', () => {
    expect(countryName('ES', 'es', 'Spain')).toBe('España');
    expect(countryName('us', 'en', 'x')).toBe('United States');
    expect(countryName('ZZ9', 'es', 'Stored')).toBe('Stored');
  });
});
