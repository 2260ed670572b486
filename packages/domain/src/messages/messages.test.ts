import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ERROR_CODE_NAMES,
  MESSAGES,
  apiError,
  fillPlaceholders,
  isApiError,
  isErrorCode,
  isLanguage,
  isMessageKey,
  preferServerMessage,
  preferServerText,
  serverMessageText,
  resolveLanguage,
  statusOf,
  translate,
  type MessageKey,
} from './index';
import { SSO_MESSAGES } from './sso-catalogue';
import { STUDY_MESSAGES } from './study-catalogue';

describe('catalogue: the spec texts, exactly', () => {
  it.each([
    ['auth.usernameNotFound', 'Username not found.'],
    ['auth.invalidCredentials', 'You have entered an invalid username or password'],
    ['auth.notVerified', 'Access token not available. Seems your account is not fully verified.'],
    ['errors.clients', 'Error while getting clients.'],
    ['errors.profile', 'Error while getting the profile details'],
    ['errors.userRoles', 'Error while getting the user roles'],
    ['errors.siteTeamRoles', 'Error while getting the site team roles'],
    ['errors.internal', 'Internal Server Error'],
    ['access.denied', 'You do not have access to this page.'],
    ['session.expired', 'Your session has expired due to inactivity. Any unsaved work may not be saved.'],
    ['network.offlineStaff', 'Sorry! No internet connection.'],
    [
      'network.offlineParticipant',
      'No internet connection detected. Please try again after a connection is established.',
    ],
    ['network.onlineStaff', 'Welcome back, unfortunately we lost you, Continue with your Research!!'],
    ['network.onlineParticipant', 'Glad to see you back. Please continue with your activities.'],
    ['network.serverIssue', 'Sorry! There is some server issue. Please try after some time.'],
    [
      'unsaved.text',
      'You have not saved your progress. Are you sure you want to leave? Your changes will not be saved.',
    ],
    ['unsaved.yes', 'Yes'],
    ['unsaved.cancel', 'Cancel'],
    ['signature.cancel', "Are you sure you want to cancel? Any provided responses won't be saved."],
    ['conversion.failed', 'Unable to get the conversion.'],
    ['auth.attemptLimitExceeded', 'Attempt limit exceeded, please try after some time.'],
    ['auth.badRequest', 'Bad Request.'],
    ['auth.changePasswordFailed', 'Unable to change password. Please try again later!'],
    ['auth.forgotPasswordFailed', 'Error occurred. Try again'],
    ['data.syncFailed', 'Data sync failed, please try again after some time.'],
    ['push.allowNotifications', 'Please allow app to receive notifications.'],
    ['errors.featureDisabled', 'This feature is not enabled.'],
    ['page.notFound', 'Page not found'],
  ] as [keyof typeof MESSAGES, string][])('%s', (key, text) => {
    expect(translate(key)).toBe(text);
    expect(MESSAGES[key].en).toBe(text);
  });
});

describe('Spanish, one per family', () => {
  it.each([
    ['auth.usernameNotFound', 'Nombre de usuario no encontrado.'],
    ['errors.clients', 'Error al obtener los clientes.'],
    ['access.denied', 'No tiene acceso a esta página.'],
    ['session.expired', 'Su sesión ha caducado por inactividad. Es posible que no se guarde el trabajo no guardado.'],
    ['network.offlineStaff', '¡Lo sentimos! No hay conexión a internet.'],
    ['unsaved.yes', 'Sí'],
    ['signature.cancel', '¿Seguro que desea cancelar? No se guardará ninguna de las respuestas proporcionadas.'],
    ['page.notFound', 'Página no encontrada'],
    ['conversion.failed', 'No se ha podido obtener la conversión.'],
    ['password.letter', 'La contraseña debe contener al menos una letra.'],
    ['username.taken', 'Este nombre de usuario ya está en uso.'],
    ['data.syncFailed', 'La sincronización de datos ha fallado; inténtelo de nuevo más tarde.'],
    ['push.allowNotifications', 'Permita que la aplicación reciba notificaciones.'],
    ['session.ok', 'Aceptar'],
  ] as [MessageKey, string][])('%s', (key, text) => {
    expect(translate(key, undefined, 'es')).toBe(text);
  });

  it('every entry has a Spanish text different from an empty string', () => {
    for (const [key, e] of Object.entries({ ...MESSAGES, ...SSO_MESSAGES, ...STUDY_MESSAGES })) {
      expect(e.es, key).not.toBe('');
      const enParams = (e.en.match(/\{\w+\}/g) ?? []).sort();
      const esParams = (e.es.match(/\{\w+\}/g) ?? []).sort();
      expect(esParams, key).toEqual(enParams);
    }
  });
});

describe('translate', () => {
  it('fills placeholders', () => {
    expect(translate('auth.accountLocked', { minutes: 30 })).toBe(
      'Your account is locked after too many failed sign-in attempts. Try again in 30 minutes, or reset your password to unlock it now.',
    );
    expect(translate('auth.accountLocked', { minutes: 5 }, 'es')).toBe(
      'Su cuenta está bloqueada tras demasiados intentos fallidos de inicio de sesión. Inténtelo de nuevo dentro de 5 minutos o restablezca su contraseña para desbloquearla ya.',
    );
    expect(translate('errors.unknownField', { field: 'foo' })).toBe('Unknown field: foo.');
  });

  it('keeps placeholders without values', () => {
    expect(translate('errors.unknownField')).toBe('Unknown field: {field}.');
    expect(fillPlaceholders('{a} {b}', { a: 1, b: null })).toBe('1 {b}');
  });

  it('falls back to English and passes unknown keys through', () => {
    expect(translate('unsaved.yes', undefined, 'fr')).toBe('Yes');
    expect(translate('unsaved.yes', undefined, 'es-MX')).toBe('Sí');
    expect(translate('no.such' as MessageKey)).toBe('no.such');
    expect(resolveLanguage(undefined)).toBe('en');
    expect(resolveLanguage('ES_es')).toBe('es');
    expect(isLanguage('es')).toBe(true);
  });
});

describe('error codes', () => {
  it.each([
    ['VALIDATION_FAILED', 400],
    ['MALFORMED_JSON', 400],
    ['PAYLOAD_TOO_LARGE', 413],
    ['UNAUTHENTICATED', 401],
    ['TOKEN_EXPIRED', 401],
    ['INVALID_CREDENTIALS', 401],
    ['USERNAME_NOT_FOUND', 401],
    ['ACCOUNT_LOCKED', 423],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['RATE_LIMITED', 429],
    ['TWO_FA_INVALID', 401],
    ['RESET_TOKEN_INVALID', 400],
    ['PARTICIPANT_SESSION_EXPIRED', 419],
    ['INTERNAL', 500],
  ] as const)('%s → %i', (code, status) => {
    expect(ERROR_CODES[code].status).toBe(status);
    expect(statusOf(code)).toBe(status);
  });

  it('every code points at a catalogue message', () => {
    for (const code of ERROR_CODE_NAMES) expect(isMessageKey(ERROR_CODES[code].messageKey), code).toBe(true);
    expect(statusOf('NOPE')).toBe(500);
    expect(isErrorCode('FORBIDDEN')).toBe(true);
  });

  it('builds error bodies with the exact texts and their message keys', () => {
    expect(apiError('INVALID_CREDENTIALS')).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'You have entered an invalid username or password',
      messageKey: 'auth.invalidCredentials',
    });
    expect(apiError('FORBIDDEN')).toEqual({
      code: 'FORBIDDEN',
      message: 'You do not have access to this page.',
      messageKey: 'access.denied',
    });
    expect(apiError('USERNAME_NOT_FOUND').message).toBe('Username not found.');
    expect(apiError('INTERNAL').message).toBe('Internal Server Error');
    const locked = apiError('ACCOUNT_LOCKED', { minutes: 12 });
    expect(locked.message).toContain('Try again in 12 minutes');
    expect(locked).toMatchObject({ messageKey: 'auth.accountLocked', params: { minutes: 12 } });
    expect(
      apiError('VALIDATION_FAILED', undefined, {
        fields: { password: [{ key: 'password.minLength', params: { min: 8 } }] },
        details: { a: 1 },
      }),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid. Please check them and try again.',
      messageKey: 'errors.validationFailed',
      details: { a: 1 },
      fieldErrors: { password: [translate('password.minLength', { min: 8 })] },
      fieldErrorKeys: { password: [{ key: 'password.minLength', params: { min: 8 } }] },
    });
    expect(apiError('CONFLICT', undefined, { message: { key: 'username.taken' } })).toMatchObject({
      message: translate('username.taken'),
      messageKey: 'username.taken',
    });
    expect(apiError('BOGUS' as never)).toEqual({
      code: 'BOGUS',
      message: 'Internal Server Error',
      messageKey: 'errors.internal',
    });
    expect(isApiError(apiError('NOT_FOUND'))).toBe(true);
    expect(isApiError({ code: 1 })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });

  it.each([
    [{ message: 'Study is closed' }, 'Study is closed'],
    [{ message: '  ' }, 'fallback'],
    [{ error: { message: 'nested' } }, 'nested'],
    [{ error: 'x' }, 'fallback'],
    ['plain text', 'plain text'],
    ['{"message":"json text"}', 'json text'],
    ['{bad json', 'fallback'],
    ['<html>', 'fallback'],
    [null, 'fallback'],
    [42, 'fallback'],
  ])('preferServerMessage(%j)', (body, expected) => {
    expect(preferServerMessage(body, 'fallback')).toBe(expected);
  });
});

describe('server messages by key (decision 0018)', () => {
  it("shows an error body's message key in the person's language, never its English text", () => {
    const body = { ...apiError('ACCOUNT_LOCKED', { minutes: 30 }), message: 'whatever the log said' };
    expect(serverMessageText(body, 'es')).toBe(translate('auth.accountLocked', { minutes: 30 }, 'es'));
    expect(serverMessageText({ message: ' Plain text ' }, 'es')).toBe('Plain text');
    expect(serverMessageText({ messageKey: 'not.a.key', message: '' }, 'en')).toBeNull();
    expect(serverMessageText(null, 'en')).toBeNull();
    expect(isMessageKey('auth.badRequest')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
  });

  it('prefers the server message over the fixed text: ours translated, any other body by the 000 §8.2 rule', () => {
    expect(preferServerText(apiError('SERVICE_UNAVAILABLE'), 'fixed', 'es')).toBe(
      translate('errors.serviceUnavailable', undefined, 'es'),
    );
    expect(preferServerText('Down for maintenance', 'fixed', 'es')).toBe('Down for maintenance');
    expect(preferServerText({ error: { message: 'nested' } }, 'fixed', 'es')).toBe('nested');
    expect(preferServerText(null, 'fixed', 'es')).toBe('fixed');
  });
});
