/**
 * Server error codes and their HTTP status and message (decision A-196). Every error the API
 * returns is `{ code, message, details?, fieldErrors? }` built here.
 */
import type { MessageKey } from './catalogue';
import { type FieldMessageRefs, fieldTexts, type MessageRef, messageRef, refText } from './message-ref';
import { isMessageKey, type MessageParams, translate } from './translate';

export interface ErrorCodeEntry {
  status: number;
  messageKey: MessageKey;
}

export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, messageKey: 'errors.validationFailed' },
  MALFORMED_JSON: { status: 400, messageKey: 'errors.malformedJson' },
  UNKNOWN_FIELD: { status: 400, messageKey: 'errors.unknownField' },
  REASON_REQUIRED: { status: 400, messageKey: 'errors.reasonRequired' },
  RESET_TOKEN_INVALID: { status: 400, messageKey: 'auth.resetTokenInvalid' },
  RESET_TOKEN_EXPIRED: { status: 400, messageKey: 'auth.resetTokenExpired' },
  RESET_TOKEN_USED: { status: 400, messageKey: 'auth.resetTokenUsed' },
  IDENTITY_BAD_REQUEST: { status: 400, messageKey: 'auth.badRequest' },
  UNAUTHENTICATED: { status: 401, messageKey: 'auth.unauthenticated' },
  TOKEN_EXPIRED: { status: 401, messageKey: 'auth.tokenExpired' },
  INVALID_CREDENTIALS: { status: 401, messageKey: 'auth.invalidCredentials' },
  USERNAME_NOT_FOUND: { status: 401, messageKey: 'auth.usernameNotFound' },
  TWO_FA_INVALID: { status: 401, messageKey: 'auth.twoFaInvalid' },
  NOT_VERIFIED: { status: 403, messageKey: 'auth.notVerified' },
  ACCOUNT_INACTIVE: { status: 403, messageKey: 'auth.accountInactive' },
  FORBIDDEN: { status: 403, messageKey: 'access.denied' },
  NOT_FOUND: { status: 404, messageKey: 'errors.notFound' },
  /** The participant has nothing to be notified on (002 §7's 406 of the call notification, F-107). */
  NOT_NOTIFIABLE: { status: 406, messageKey: 'errors.notNotifiable' },
  NO_PHONE_ON_FILE: { status: 409, messageKey: 'auth.noPhoneOnFile' },
  FEATURE_DISABLED: { status: 404, messageKey: 'page.notFound' },
  CONFLICT: { status: 409, messageKey: 'errors.conflict' },
  NO_DRAFT: { status: 404, messageKey: 'versions.noDraft' },
  DRAFT_CONFLICT: { status: 409, messageKey: 'versions.draftConflict' },
  VERSION_IMMUTABLE: { status: 409, messageKey: 'versions.immutable' },
  STUDY_READ_ONLY: { status: 409, messageKey: 'studies.readOnly' },
  STUDY_NOT_READY: { status: 409, messageKey: 'studies.notReady' },
  PAYLOAD_TOO_LARGE: { status: 413, messageKey: 'errors.payloadTooLarge' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, messageKey: 'errors.unsupportedMediaType' },
  PARTICIPANT_SESSION_EXPIRED: { status: 419, messageKey: 'auth.participantSessionExpired' },
  ACCOUNT_LOCKED: { status: 423, messageKey: 'auth.accountLocked' },
  RATE_LIMITED: { status: 429, messageKey: 'errors.rateLimited' },
  ATTEMPT_LIMIT_EXCEEDED: { status: 429, messageKey: 'auth.attemptLimitExceeded' },
  RESET_REQUEST_LIMIT: { status: 429, messageKey: 'auth.resetRequestLimit' },
  INTERNAL: { status: 500, messageKey: 'errors.internal' },
  SERVICE_UNAVAILABLE: { status: 503, messageKey: 'errors.serviceUnavailable' },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as ErrorCode[];

/** Per-field messages, keyed by a dotted path such as `password` or `answers.3.value`. */
export type FieldErrors = Record<string, string[]>;

/**
 * The error body. `message` is English (for logs and API users); `messageKey` and `params` let a
 * portal show the same message in its own language, as `fieldErrorKeys` do for `fieldErrors`.
 */
export interface ApiError {
  code: ErrorCode | (string & {});
  message: string;
  messageKey: MessageKey | (string & {});
  params?: MessageParams;
  details?: unknown;
  fieldErrors?: FieldErrors;
  fieldErrorKeys?: FieldMessageRefs;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** HTTP status of an error code (500 for an unknown code). */
export function statusOf(code: string): number {
  return isErrorCode(code) ? ERROR_CODES[code].status : 500;
}

export interface ApiErrorExtra {
  details?: unknown;
  /** Per-field messages (400s); their English texts become `fieldErrors`. */
  fields?: FieldMessageRefs;
  /** A more precise message than the code's own (e.g. which link problem). */
  message?: MessageRef;
}

/** Build the error body for a code: the catalogue's message (or `extra.message`) with `params` filled in. */
export function apiError(code: ErrorCode, params?: MessageParams, extra?: ApiErrorExtra): ApiError {
  const entry: ErrorCodeEntry = ERROR_CODES[code] ?? ERROR_CODES.INTERNAL;
  const ref: MessageRef = extra?.message ?? messageRef(entry.messageKey, params);
  const out: ApiError = { code, message: refText(ref), messageKey: ref.key };
  if (ref.params !== undefined) out.params = ref.params;
  if (extra?.details !== undefined) out.details = extra.details;
  if (extra?.fields !== undefined) {
    out.fieldErrors = fieldTexts(extra.fields);
    out.fieldErrorKeys = extra.fields;
  }
  return out;
}

/** Is this value an error body of our shape? */
export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/**
 * The same body with its texts in `lang` (the request's language): `message` from its key and
 * parameters, `fieldErrors` from `fieldErrorKeys`. Keys, codes and parameters are unchanged.
 */
export function localizeApiError<T extends ApiError>(body: T, lang: string): T {
  const out: T = { ...body };
  if (isMessageKey(body.messageKey)) out.message = translate(body.messageKey, body.params, lang);
  if (body.fieldErrorKeys) out.fieldErrors = fieldTexts(body.fieldErrorKeys, lang);
  return out;
}
