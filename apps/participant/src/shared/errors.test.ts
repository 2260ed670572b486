import { ApiRequestError } from '@trialpath/contract';
import { apiError, translate } from '@trialpath/domain';
import { describe, expect, it } from 'vitest';
import { changePasswordFailureText, failureText, recoveryFailureText } from './errors';

const fail = (status: number, body: unknown) => new ApiRequestError(status, body as ApiRequestError['body'], 'x');

describe('server messages in the participant language', () => {
  it("shows the server's message key in the participant's language, not its English text", () => {
    expect(failureText(fail(401, apiError('INVALID_CREDENTIALS')), 'es', 'errors.profile')).toBe(
      'Ha introducido un nombre de usuario o una contraseña no válidos',
    );
    expect(failureText(fail(423, apiError('ACCOUNT_LOCKED', { minutes: 30 })), 'es', 'errors.profile')).toContain(
      'dentro de 30 minutos',
    );
    // Keys, not text: an English message that differs from the catalogue is not what is shown.
    const body = { ...apiError('USERNAME_NOT_FOUND'), message: 'Something the server logged' };
    expect(failureText(fail(401, body), 'en', 'errors.profile')).toBe('Username not found.');
  });

  it('keeps a message without a catalogue key as sent; the fallback when there is none', () => {
    expect(failureText(fail(400, { code: 'X', message: 'Custom server text' }), 'es', 'errors.profile')).toBe(
      'Custom server text',
    );
    expect(failureText(fail(401, null), 'en', 'auth.invalidCredentials')).toBe(
      'You have entered an invalid username or password',
    );
    expect(failureText(new Error('boom'), 'es', 'auth.invalidCredentials')).toBe(
      'Ha introducido un nombre de usuario o una contraseña no válidos',
    );
  });

  it('network failures give the offline or server-issue text', () => {
    expect(failureText(fail(0, null), 'en', 'auth.invalidCredentials', false)).toBe(
      'No internet connection detected. Please try again after a connection is established.',
    );
    expect(failureText(fail(0, null), 'en', 'auth.invalidCredentials', true)).toBe(
      'Sorry! There is some server issue. Please try after some time.',
    );
  });
});

describe('change password (spec 001 §8)', () => {
  it('shows the spec texts our identity endpoint answers with', () => {
    expect(changePasswordFailureText(fail(429, apiError('ATTEMPT_LIMIT_EXCEEDED')), 'en')).toBe(
      'Attempt limit exceeded, please try after some time.',
    );
    expect(changePasswordFailureText(fail(429, apiError('RATE_LIMITED')), 'en')).toBe(
      'Attempt limit exceeded, please try after some time.',
    );
    expect(changePasswordFailureText(fail(401, apiError('USERNAME_NOT_FOUND')), 'en')).toBe('Username not found.');
    expect(changePasswordFailureText(fail(400, apiError('IDENTITY_BAD_REQUEST')), 'en')).toBe('Bad Request.');
    expect(changePasswordFailureText(fail(400, apiError('IDENTITY_BAD_REQUEST')), 'es')).toBe('Solicitud incorrecta.');
  });

  it('passes anything else through in the participant language; no answer → the spec text', () => {
    expect(changePasswordFailureText(fail(401, apiError('INVALID_CREDENTIALS')), 'en')).toBe(
      'You have entered an invalid username or password',
    );
    expect(changePasswordFailureText(fail(400, { code: 'X', message: 'Server said no' }), 'en')).toBe('Server said no');
    expect(changePasswordFailureText(fail(400, null), 'en')).toBe('Unable to change password. Please try again later!');
    expect(changePasswordFailureText(new Error('x'), 'es')).toBe(
      translate('auth.changePasswordFailed', undefined, 'es'),
    );
  });
});

describe('forgot password and username (spec 001 §8)', () => {
  it("the same outcomes; anything else is 'Error occurred. Try again'", () => {
    expect(recoveryFailureText(fail(429, apiError('RATE_LIMITED')), 'en')).toBe(
      'Attempt limit exceeded, please try after some time.',
    );
    expect(recoveryFailureText(fail(400, apiError('IDENTITY_BAD_REQUEST')), 'en')).toBe('Bad Request.');
    expect(recoveryFailureText(fail(400, apiError('VALIDATION_FAILED')), 'en')).toBe('Error occurred. Try again');
    expect(recoveryFailureText(fail(500, apiError('INTERNAL')), 'en')).toBe('Error occurred. Try again');
    expect(recoveryFailureText(new Error('x'), 'es')).toBe('Se ha producido un error. Inténtelo de nuevo');
    expect(recoveryFailureText(fail(0, null), 'en', false)).toBe(
      'No internet connection detected. Please try again after a connection is established.',
    );
  });
});
