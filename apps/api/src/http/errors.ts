/**
 * Errors are values (DESIGN.md §3): handlers throw `HttpError`s built from the domain catalogue;
 * the error handler turns everything else into a catalogue error too, never a stack or SQL.
 */
import { apiError, type ErrorCode, type FieldErrors, statusOf, type MessageParams } from '@trialpath/domain';

export interface ErrorBody {
  code: string;
  message: string;
  details?: unknown;
  fieldErrors?: FieldErrors;
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
  fieldErrors?: FieldErrors;
  message?: string;
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

/** One field's validation failure (400 VALIDATION_FAILED with fieldErrors). */
export function fieldError(field: string, messages: string[]): HttpError {
  return fail('VALIDATION_FAILED', undefined, { fieldErrors: { [field]: messages } });
}
