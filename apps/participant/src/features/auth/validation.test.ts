import { describe, expect, it } from 'vitest';
import { checkChangePassword, checkNewPassword, isPlausibleEmail } from './validation';

describe('change password checks', () => {
  const ok = { previous: 'Old#pass1', next: 'New#pass2', confirm: 'New#pass2', hasToken: true };

  it("missing inputs or no stored token → 'Unable to change password' (spec 001 §8)", () => {
    for (const input of [
      { ...ok, previous: '' },
      { ...ok, next: '' },
      { ...ok, confirm: '' },
      { ...ok, hasToken: false },
    ]) {
      expect(checkChangePassword(input)).toEqual({ ok: false, formError: 'auth.changePasswordFailed' });
    }
  });

  it('applies the spec 001 §5 password rule to the new password (first failed rule)', () => {
    expect(checkChangePassword({ ...ok, next: 'short', confirm: 'short' })).toEqual({
      ok: false,
      fieldErrors: { newPassword: 'password.minLength' },
    });
    expect(checkNewPassword('longenough1', 'longenough1')).toEqual({ newPassword: 'password.special' });
    expect(checkNewPassword('Contraseña#', 'Contraseña#')).toEqual({ newPassword: 'password.number' });
    expect(checkNewPassword('Пароль#123', 'Пароль#123')).toEqual({});
  });

  it('needs a matching confirmation and a password different from the current one', () => {
    expect(checkChangePassword({ ...ok, confirm: 'New#pass3' })).toEqual({
      ok: false,
      fieldErrors: { confirm: 'password.mismatch' },
    });
    expect(checkChangePassword({ ...ok, next: 'Old#pass1', confirm: 'Old#pass1' })).toEqual({
      ok: false,
      fieldErrors: { newPassword: 'password.reused' },
    });
    expect(checkChangePassword(ok)).toEqual({ ok: true });
  });

  it('checks the shape of an e-mail address', () => {
    expect(isPlausibleEmail(' jane@example.org ')).toBe(true);
    expect(isPlausibleEmail('jane@example')).toBe(false);
    expect(isPlausibleEmail('jane example.org')).toBe(false);
  });
});
