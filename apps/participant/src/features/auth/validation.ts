/**
 * Checks of the password forms before anything is sent. The password rule itself is the domain's
 * (spec 001 §5, checkPassword); this only decides which message each field shows.
 */
import { checkPassword, type MessageKey } from '@trialpath/domain';

/** A light e-mail shape check (the server validates properly). */
export function isPlausibleEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

export interface NewPasswordErrors {
  /** The first failed rule of the new password. */
  newPassword?: MessageKey;
  confirm?: MessageKey;
}

export function checkNewPassword(newPassword: string, confirm: string, previous?: string): NewPasswordErrors {
  const out: NewPasswordErrors = {};
  const failed = checkPassword(newPassword);
  if (failed.length > 0) out.newPassword = failed[0];
  else if (previous !== undefined && previous !== '' && newPassword === previous) out.newPassword = 'password.reused';
  if (confirm !== newPassword) out.confirm = 'password.mismatch';
  return out;
}

export type ChangePasswordCheck =
  | { ok: true }
  /** Spec 001 §8: missing inputs or no stored token → 'Unable to change password. Please try again later!'. */
  | { ok: false; formError: 'auth.changePasswordFailed' }
  | { ok: false; fieldErrors: NewPasswordErrors };

export function checkChangePassword(input: {
  previous: string;
  next: string;
  confirm: string;
  hasToken: boolean;
}): ChangePasswordCheck {
  if (!input.hasToken || !input.previous || !input.next || !input.confirm) {
    return { ok: false, formError: 'auth.changePasswordFailed' };
  }
  const fieldErrors = checkNewPassword(input.next, input.confirm, input.previous);
  if (fieldErrors.newPassword || fieldErrors.confirm) return { ok: false, fieldErrors };
  return { ok: true };
}
