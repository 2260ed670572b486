/**
 * Password and username rules (001 §5, §9): at least 8 characters, one letter and one number in
 * any script, and one special character from ! @ # $ % &. Usernames follow the same rules plus a
 * uniqueness flag from the username check. Staff sign-in lowercases the username (000 §5).
 */
import { z } from 'zod';
import type { MessageKey } from './messages/catalogue';
import type { MessageRef } from './messages/message-ref';
import { translate } from './messages/translate';

export const PASSWORD_SPECIALS = '!@#$%&';
const PASSWORD_MIN_LENGTH = 8;
/** Human-readable list of the specials for messages: "! @ # $ % &". */
const PASSWORD_SPECIALS_DISPLAY = [...PASSWORD_SPECIALS].join(' ');

const LETTER = /\p{L}/u;
const NUMBER = /\p{N}/u;

function hasSpecial(s: string): boolean {
  for (const ch of s) if (PASSWORD_SPECIALS.includes(ch)) return true;
  return false;
}

type RuleKind = 'password' | 'username';

function check(value: unknown, kind: RuleKind): MessageKey[] {
  const s = typeof value === 'string' ? value : '';
  const failed: MessageKey[] = [];
  if ([...s].length < PASSWORD_MIN_LENGTH) failed.push(`${kind}.minLength`);
  if (!LETTER.test(s)) failed.push(`${kind}.letter`);
  if (!NUMBER.test(s)) failed.push(`${kind}.number`);
  if (!hasSpecial(s)) failed.push(`${kind}.special`);
  return failed;
}

/** Message keys of the password rules that fail (empty = valid). */
export function checkPassword(pw: unknown): MessageKey[] {
  return check(pw, 'password');
}

export function isValidPassword(pw: unknown): boolean {
  return checkPassword(pw).length === 0;
}

/**
 * Message keys of the username rules that fail. `isUnique` is the outcome of the username check
 * call; `false` adds `username.taken`, `undefined` (not checked yet) adds nothing.
 */
export function checkUsername(username: unknown, options: { isUnique?: boolean } = {}): MessageKey[] {
  const failed = check(username, 'username');
  if (options.isUnique === false) failed.push('username.taken');
  return failed;
}

/** Parameters the rule messages need. */
export const RULE_MESSAGE_PARAMS = { min: PASSWORD_MIN_LENGTH, specials: PASSWORD_SPECIALS_DISPLAY } as const;

/** Failed rule keys as messages (for a 400's field messages). */
export function ruleRefs(keys: readonly MessageKey[]): MessageRef[] {
  return keys.map((key) => ({ key, params: RULE_MESSAGE_PARAMS }));
}

/** zod schema for a password (messages in `lang`); each failed rule carries its catalogue key (decision 0016). */
export function makePasswordSchema(lang = 'en') {
  return z.string().superRefine((value, ctx) => {
    // An empty field is not a weak password: it says what a person left out.
    if (value === '') {
      ctx.addIssue({
        code: 'custom',
        message: translate('errors.required', undefined, lang),
        params: { messageKey: 'errors.required' },
      });
      return;
    }
    for (const key of check(value, 'password')) {
      ctx.addIssue({
        code: 'custom',
        message: translate(key, RULE_MESSAGE_PARAMS, lang),
        params: { messageKey: key, messageParams: RULE_MESSAGE_PARAMS },
      });
    }
  });
}

/** Staff sign-in lowercases (and trims) the username before sign-in. */
export function normalizeStaffUsername(u: string): string {
  return String(u ?? '')
    .trim()
    .toLowerCase();
}
