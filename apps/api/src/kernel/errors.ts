/**
 * Errors are values (DESIGN.md §3): handlers throw `HttpError`s built from the domain catalogue;
 * the error handler turns everything else into a catalogue error too, never a stack or SQL.
 */
import {
  type ApiError,
  apiError,
  type ErrorCode,
  type FieldMessageRefs,
  type MessageKey,
  type MessageParams,
  type MessageRef,
  messageRef,
  statusOf,
} from '@trialpath/domain';

export interface ErrorBody extends ApiError {
  type?: string;
  globalSignout?: boolean;
  studiesChanged?: string[];
}

export class HttpError extends Error {
  /** Commit the request's transaction (and its audit entries) before answering with this error. */
  keepChanges = false;
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
    this.name = 'HttpError';
  }
}

export interface FailExtra {
  details?: unknown;
  /** Per-field messages (a 400's fieldErrors). */
  fields?: FieldMessageRefs;
  /** A more precise message than the code's own. */
  message?: MessageRef;
  type?: string;
  globalSignout?: boolean;
  studiesChanged?: string[];
}

/** Build the error for a catalogue code (status from the catalogue). */
export function fail(code: ErrorCode, params?: MessageParams, extra: FailExtra = {}): HttpError {
  const { type, globalSignout, studiesChanged, ...rest } = extra;
  const body: ErrorBody = apiError(code, params, rest);
  if (type !== undefined) body.type = type;
  if (globalSignout !== undefined) body.globalSignout = globalSignout;
  if (studiesChanged !== undefined) body.studiesChanged = studiesChanged;
  return new HttpError(statusOf(code), body);
}

/**
 * Mark an error whose side effects must survive: a failed sign-in still counts the attempt and is
 * audited; a reused refresh token still revokes its family.
 */
export function keepChanges(err: HttpError): HttpError {
  err.keepChanges = true;
  return err;
}

/** One field's validation failure (400 VALIDATION_FAILED with that field's messages). */
export function fieldError(field: string, ...refs: MessageRef[]): HttpError {
  return fail('VALIDATION_FAILED', undefined, { fields: { [field]: refs } });
}

/** One field's failure with a single catalogue message, which is also the error's own message. */
export function fieldProblem(code: ErrorCode, field: string, key: MessageKey, params?: MessageParams): HttpError {
  const ref = messageRef(key, params);
  return fail(code, undefined, { message: ref, fields: { [field]: [ref] } });
}
