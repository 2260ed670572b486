/**
 * The request's language (Accept-Language) for what the server writes itself, and the recipient's for
 * what the outbox sends (decision 0025).
 */
import {
  inviteUser,
  forgotPassword,
  forgotUsername,
  getParticipantWebStudy,
  getRoles,
  getStudy,
  participantForgotPassword,
  participantForgotUsername,
  sendOtp,
  staffLogin,
} from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, idOf, latestOutbox, staffAccess, type TestApp, forgotPasswordBody } from './helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await staffAccess(t, 'admin')).accessToken;
});
afterAll(() => t?.close());

const ES = { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' };

describe('error bodies in the request language', () => {
  it('"Username not found." in Spanish for a Spanish portal; the key stays; English without the header', async () => {
    const es = await call(t.app, staffLogin, { body: { username: 'nobody', password: 'x' }, headers: ES });
    expect(es.json).toMatchObject({
      code: 'USERNAME_NOT_FOUND',
      messageKey: 'auth.usernameNotFound',
      message: 'Nombre de usuario no encontrado.',
    });
    const en = await call(t.app, staffLogin, { body: { username: 'nobody', password: 'x' } });
    expect(en.json.message).toBe('Username not found.');
    // A language the catalogue lacks falls back to English.
    const fr = await call(t.app, staffLogin, {
      body: { username: 'nobody', password: 'x' },
      headers: { 'accept-language': 'fr' },
    });
    expect(fr.json.message).toBe('Username not found.');
  });

  it('field errors of a 400 and the not-found page, too', async () => {
    const bad = await call(t.app, forgotPassword, { body: {}, headers: ES });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.username).toEqual(['Este campo es obligatorio.']);
    expect(bad.json.fieldErrorKeys.username).toEqual([{ key: 'errors.required' }]);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: ES });
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No se ha encontrado el elemento solicitado.' });
  });
});

describe('texts the server writes, in the request language', () => {
  it('the reset notice and the username reminder notice', async () => {
    const reset = await call(t.app, forgotPassword, { body: { username: 'ghost' }, headers: ES });
    expect(reset.json.message).toBe(
      'Si la cuenta existe, se ha enviado un correo electrónico con un enlace para restablecer la contraseña.',
    );
    expect((await call(t.app, forgotPassword, { body: { username: 'ghost' } })).json.message).toBe(
      'If the account exists, an e-mail with a reset link has been sent.',
    );
    const reminder = await call(t.app, forgotUsername, { body: { email: 'ghost@nowhere.example' }, headers: ES });
    expect(reminder.json.message).toBe(
      'Si alguna cuenta usa esta dirección de correo electrónico, se le ha enviado su nombre de usuario.',
    );
  });

  it('role titles and country names', async () => {
    const roles = await call(t.app, getRoles, { token: admin, query: { type: 'site' }, headers: ES });
    expect(roles.status).toBe(200);
    const titles = Object.fromEntries(roles.json.items.map((r: { name: string; title: string }) => [r.name, r.title]));
    expect(titles.Pi).toBe('Investigador principal');
    expect(titles.StudyCoordinator).toBe('Coordinador del estudio');
    const enRoles = await call(t.app, getRoles, { token: admin, query: { type: 'site' } });
    expect(enRoles.json.items.find((r: { name: string }) => r.name === 'Pi').title).toBe('Principal Investigator');

    const demo = await idOf(t.db, 'studies', { code: 'DEMO' });
    const study = await call(t.app, getStudy, { token: admin, params: { studyId: demo }, headers: ES });
    expect(study.json.sites.map((s: { countryName: string }) => s.countryName).sort()).toEqual([
      'España',
      'Estados Unidos',
    ]);
    const web = await call(t.app, getParticipantWebStudy, { params: { studyCode: 'DEMO' }, headers: ES });
    expect(web.json.countries.map((c: { name: string }) => c.name)).toContain('España');
    const webEn = await call(t.app, getParticipantWebStudy, { params: { studyCode: 'DEMO' } });
    expect(webEn.json.countries.map((c: { name: string }) => c.name)).toContain('Spain');
  });
});

describe('the outbox in the recipient language', () => {
  it('a staff reset e-mail in the language of the request that asked for it', async () => {
    await call(t.app, forgotPassword, { body: { username: 'crc.demo' }, headers: ES });
    const mail = await latestOutbox(t.db, 'crc.demo@trialpath.example');
    expect(mail.subject).toBe('Restablezca su contraseña de Trialpath');
    expect(mail.body).toMatch(
      /^Hola, Carlos:\n\nPara elegir una contraseña nueva, abra este enlace antes de una hora:\n/,
    );
    expect(mail.body).toContain('#/reset-password/');
    await call(t.app, forgotPassword, { body: { username: 'crc.demo' } });
    expect((await latestOutbox(t.db, 'crc.demo@trialpath.example')).subject).toBe('Reset your Trialpath password');
  });

  it('a code by e-mail and the username reminder in Spanish', async () => {
    await call(t.app, sendOtp, {
      body: { purpose: 'reset-password', username: 'pi.demo', channel: 'email' },
      headers: ES,
    });
    const code = await latestOutbox(t.db, 'pi.demo@trialpath.example');
    expect(code.subject).toBe('Su código de verificación de Trialpath');
    expect(code.body).toMatch(/^Su código de verificación de Trialpath es \d{6}\. Caduca en 10 minutos\.$/);
    await call(t.app, forgotUsername, { body: { email: 'pi.demo@trialpath.example' }, headers: ES });
    const reminder = await latestOutbox(t.db, 'pi.demo@trialpath.example');
    expect(reminder.subject).toBe('Su nombre de usuario de Trialpath');
    expect(reminder.body).toContain('  pi.demo');
  });

  it('an invitation in the inviter’s language', async () => {
    const r = await call(t.app, inviteUser, {
      token: admin,
      headers: ES,
      body: { email: 'nueva@trialpath.example', firstName: 'Nuria', lastName: 'Vega', role: 'StudyCoordinator' },
    });
    expect(r.status).toBeLessThan(300);
    const mail = await latestOutbox(t.db, 'nueva@trialpath.example');
    expect(mail.subject).toBe('Le invitamos a Trialpath');
    expect(mail.body).toContain('Hola, Nuria:');
  });

  it('a participant’s e-mail in their stored language, whatever the request says', async () => {
    // participante.es1 is stored as Spanish; the request comes from an English page.
    await call(t.app, participantForgotPassword, {
      body: forgotPasswordBody('participante.es1'),
      headers: { 'accept-language': 'en' },
    });
    const es = await latestOutbox(t.db, 'participante.es1@trialpath.example');
    expect(es.subject).toBe('Restablezca su contraseña para Trialpath Demo Study');
    expect(es.body).toMatch(/^Para elegir una contraseña nueva/);
    // participant.demo is stored as English; the request is Spanish.
    await call(t.app, participantForgotUsername, {
      body: { studyCode: 'DEMO', email: 'participant.demo@trialpath.example' },
      headers: ES,
    });
    const en = await latestOutbox(t.db, 'participant.demo@trialpath.example');
    expect(en.subject).toBe('Your username for Trialpath Demo Study');
    expect(en.body).toBe('Your username for Trialpath Demo Study is: participant.demo');
  });
});
