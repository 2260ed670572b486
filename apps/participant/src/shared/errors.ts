/**
 * Which text a participant sees when a call fails. The server's message is preferred (spec 000
 * §8.2) and shown in the participant's language when it is one of the catalogue's texts; the
 * identity-service errors of change/forgot password follow spec 001 §8 through the domain map.
 */
import { ApiRequestError } from '@trialpath/contract';
import {
  ERROR_CODES,
  type IdentityOperation,
  isErrorCode,
  MESSAGES,
  type MessageKey,
  mapParticipantIdentityError,
  translate,
} from '@trialpath/domain';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The parameters that turn an English catalogue template into `text`, or null when it is another text. */
export function matchTemplate(template: string, text: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (m) {
        names.push(m[1] as string);
        return '(.+?)';
      }
      return escapeRegExp(part);
    })
    .join('');
  const found = new RegExp(`^${pattern}$`, 's').exec(text.trim());
  if (!found) return null;
  return Object.fromEntries(names.map((n, i) => [n, found[i + 1] as string]));
}

/** Catalogue key of an English message text (with its placeholders' values), when it is one. */
export function findCatalogueMessage(
  text: string,
  preferredKey?: MessageKey,
): { key: MessageKey; params: Record<string, string> } | null {
  const keys = Object.keys(MESSAGES) as MessageKey[];
  const ordered = preferredKey ? [preferredKey, ...keys.filter((k) => k !== preferredKey)] : keys;
  for (const key of ordered) {
    const params = matchTemplate(MESSAGES[key].en, text);
    if (params) return { key, params };
  }
  return null;
}

/**
 * The server's message (the API writes the catalogue's English text) in the participant's language.
 * A message that is not a catalogue text is shown as the server sent it.
 */
export function localizeServerMessage(
  body: { code?: string; message?: string } | null | undefined,
  lang: string,
): string | null {
  const message = typeof body?.message === 'string' ? body.message.trim() : '';
  if (!message) return null;
  const preferred = body?.code && isErrorCode(body.code) ? ERROR_CODES[body.code].messageKey : undefined;
  const found = findCatalogueMessage(message, preferred);
  return found ? translate(found.key, found.params, lang) : message;
}

/** Network failure (status 0): the participant offline text when offline, else the server-issue text. */
export function networkText(online: boolean, lang: string): string {
  return translate(online ? 'network.serverIssue' : 'network.offlineParticipant', undefined, lang);
}

/** Text for a failed call: the (localized) server message, the network text, or the fallback. */
export function failureText(error: unknown, lang: string, fallback: MessageKey, online = true): string {
  if (error instanceof ApiRequestError) {
    if (error.status <= 0) return networkText(online, lang);
    const server = localizeServerMessage(error.body, lang);
    if (server) return server;
  }
  return translate(fallback, undefined, lang);
}

/**
 * Our API's error codes for the identity-service error names of spec 001 §8 (the original platform
 * used a cloud identity service; ours answers with catalogue codes).
 */
export const IDENTITY_ERROR_OF_CODE: Readonly<Record<string, string>> = {
  ATTEMPT_LIMIT_EXCEEDED: 'LimitExceededException',
  RATE_LIMITED: 'LimitExceededException',
  ACCOUNT_LOCKED: 'LimitExceededException',
  USERNAME_NOT_FOUND: 'UserLambdaValidationException',
  IDENTITY_BAD_REQUEST: 'BadRequest',
  NOT_FOUND: 'NotFound',
  UNAUTHENTICATED: 'Unauthorized',
  INTERNAL: 'InternalFailure',
  SERVICE_UNAVAILABLE: 'DependentServiceFailure',
};

/** The identity-service error name behind a failed call: an explicit `details.name`, else from the code. */
export function identityErrorName(error: ApiRequestError): string | null {
  const details = error.body?.details;
  if (details && typeof details === 'object') {
    const n =
      (details as { name?: unknown; identityError?: unknown }).identityError ?? (details as { name?: unknown }).name;
    if (typeof n === 'string' && n) return n;
  }
  const code = error.body?.code;
  return code ? (IDENTITY_ERROR_OF_CODE[code] ?? null) : null;
}

/**
 * Spec 001 §8 for change password and forgot password: the mapped identity errors, then —
 * change password: anything else passes through unchanged (the server's message);
 * forgot password: anything else is 'Error occurred. Try again'.
 * No answer at all (network) gives the operation's generic failure.
 */
export function identityFailureText(error: unknown, operation: IdentityOperation, lang: string, online = true): string {
  if (!(error instanceof ApiRequestError)) {
    return translate(
      operation === 'forgotPassword' ? 'auth.forgotPasswordFailed' : 'auth.changePasswordFailed',
      undefined,
      lang,
    );
  }
  if (error.status <= 0) return networkText(online, lang);
  const name = identityErrorName(error);
  const original = localizeServerMessage(error.body, lang) ?? undefined;
  if (name) return mapParticipantIdentityError(name, { operation, lang, originalMessage: original });
  if (operation === 'forgotPassword') return translate('auth.forgotPasswordFailed', undefined, lang);
  return original ?? translate('auth.changePasswordFailed', undefined, lang);
}
