import { ApiRequestError } from '@trialpath/contract';
import { apiError } from '@trialpath/domain';
import { describe, expect, it } from 'vitest';
import { failureText, identityFailureText, localizeServerMessage, matchTemplate } from './errors';

const fail = (status: number, body: ReturnType<typeof apiError> | null) =>
  new ApiRequestError(status, body as ApiRequestError['body'], 'x');

describe('server messages in the participant language', () => {
  it('matches catalogue templates and extracts their parameters', () => {
    expect(matchTemplate('Try again in {minutes} minutes.', 'Try again in 30 minutes.')).toEqual({ minutes: '30' });
    expect(matchTemplate('Username not found.', 'Username not found.')).toEqual({});
    expect(matchTemplate('Username not found.', 'Something else')).toBeNull();
  });

  it('translates a catalogue text, keeps any other text as sent', () => {
    expect(localizeServerMessage(apiError('INVALID_CREDENTIALS'), 'es')).toBe(
      'Ha introducido un nombre de usuario o una contraseña no válidos',
    );
    expect(localizeServerMessage(apiError('INVALID_CREDENTIALS'), 'en')).toBe(
      'You have entered an invalid username or password',
    );
    expect(localizeServerMessage(apiError('ACCOUNT_LOCKED', { minutes: 30 }), 'es')).toContain('dentro de 30 minutos');
    expect(localizeServerMessage({ code: 'X', message: 'Custom server text' }, 'es')).toBe('Custom server text');
    expect(localizeServerMessage(null, 'es')).toBeNull();
  });
});

describe('login failure text', () => {
  it('prefers the server message', () => {
    expect(failureText(fail(401, apiError('USERNAME_NOT_FOUND')), 'en', 'auth.invalidCredentials')).toBe(
      'Username not found.',
    );
  });
  it('falls back to the default login failure', () => {
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

describe('identity errors (spec 001 §8)', () => {
  it('maps attempt limits, unknown users and bad requests for change password', () => {
    expect(identityFailureText(fail(429, apiError('ATTEMPT_LIMIT_EXCEEDED')), 'changePassword', 'en')).toBe(
      'Attempt limit exceeded, please try after some time.',
    );
    expect(identityFailureText(fail(429, apiError('RATE_LIMITED')), 'changePassword', 'en')).toBe(
      'Attempt limit exceeded, please try after some time.',
    );
    expect(identityFailureText(fail(401, apiError('USERNAME_NOT_FOUND')), 'changePassword', 'en')).toBe(
      'Username not found.',
    );
    expect(identityFailureText(fail(400, apiError('IDENTITY_BAD_REQUEST')), 'changePassword', 'en')).toBe(
      'Bad Request.',
    );
    expect(identityFailureText(fail(404, apiError('NOT_FOUND')), 'changePassword', 'en')).toBe('Bad Request.');
    expect(identityFailureText(fail(500, apiError('INTERNAL')), 'changePassword', 'es')).toBe('Solicitud incorrecta.');
  });

  it('uses an explicit identity error name in the details', () => {
    const e = fail(
      400,
      apiError('VALIDATION_FAILED', undefined, { details: { identityError: 'LimitExceededException' } }),
    );
    expect(identityFailureText(e, 'changePassword', 'en')).toBe('Attempt limit exceeded, please try after some time.');
  });

  it('change password passes anything else through (in the participant language)', () => {
    expect(identityFailureText(fail(401, apiError('INVALID_CREDENTIALS')), 'changePassword', 'en')).toBe(
      'You have entered an invalid username or password',
    );
    expect(
      identityFailureText(fail(400, { code: 'X', message: 'Server said no', messageKey: 'x' }), 'changePassword', 'en'),
    ).toBe('Server said no');
    expect(identityFailureText(fail(400, null), 'changePassword', 'en')).toBe(
      'Unable to change password. Please try again later!',
    );
  });

  it("forgot password turns anything else into 'Error occurred. Try again'", () => {
    expect(identityFailureText(fail(400, apiError('VALIDATION_FAILED')), 'forgotPassword', 'en')).toBe(
      'Error occurred. Try again',
    );
    expect(identityFailureText(fail(429, apiError('ATTEMPT_LIMIT_EXCEEDED')), 'forgotPassword', 'en')).toBe(
      'Attempt limit exceeded, please try after some time.',
    );
    expect(identityFailureText(new Error('x'), 'forgotPassword', 'es')).toBe(
      'Se ha producido un error. Inténtelo de nuevo',
    );
  });
});
