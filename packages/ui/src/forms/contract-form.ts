/**
 * Forms on the contract (decision 0018): a react-hook-form resolver that validates with the contract's
 * schema by the server's own rule (`parseRequestPart`: safe text, then the schema, then `issueFieldRefs`),
 * so the browser refuses exactly what the server would, with the same catalogue messages in the person's
 * language; and the server's per-field messages of a 400 put on the same fields.
 */
import { type ApiError, ApiRequestError, parseRequestPart } from '@trialpath/contract';
import { type FieldMessageRefs, type MessageRef, translate } from '@trialpath/domain';
import {
  type ErrorOption,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Resolver,
  set,
} from 'react-hook-form';
import { z } from 'zod';

/** Where a message with no field of its own goes (an object-level rule): react-hook-form's form-level error. */
export const FORM_ERROR_FIELD = 'root';

function refText(ref: MessageRef, lang: string): string {
  return translate(ref.key, ref.params, lang);
}

/** Per-field messages as react-hook-form errors (first message of each field), in `lang`. */
export function fieldErrorsOf<T extends FieldValues>(fields: FieldMessageRefs, lang: string): FieldErrors<T> {
  const errors: FieldErrors<T> = {};
  for (const [path, refs] of Object.entries(fields)) {
    const first = refs[0];
    if (!first) continue;
    const error: FieldError = { type: first.key, message: refText(first, lang) };
    set(errors, path === 'body' || path === '' ? FORM_ERROR_FIELD : path, error);
  }
  return errors;
}

/**
 * A resolver for react-hook-form from a contract schema: an endpoint's body, or a form schema made from
 * it (`.pick`, `.safeExtend` for a confirmation field). `lang` is read at each validation, so messages
 * follow a language switch. The submitted values are the schema's output (trimmed where it trims).
 */
export function contractResolver<S extends z.ZodType>(
  schema: S,
  lang: () => string,
): Resolver<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues> {
  type Input = z.input<S> & FieldValues;
  return async (values) => {
    const result = parseRequestPart(schema, values, 'body');
    if (result.ok) return { values: result.value as z.output<S> & FieldValues, errors: {} };
    return { values: {}, errors: fieldErrorsOf<Input>(result.fields, lang()) };
  };
}

/**
 * A set-a-password form's schema: the endpoint's body (or part of it) and a confirmation of one field,
 * which must match it (`password.mismatch`). The confirmation is the form's own; it is never sent.
 */
export function withConfirmation<S extends z.ZodObject, F extends keyof z.output<S> & string>(
  schema: S,
  field: F,
): z.ZodType<z.output<S> & { confirm: string }, z.input<S> & { confirm: string }> {
  // safeExtend keeps the body's own refinements (e.g. a new password that must differ from the current one).
  return (
    (schema as z.ZodObject)
      // An empty confirmation is a missing field, not a mismatch.
      .safeExtend({ confirm: z.string().min(1) })
      .refine((v: Record<string, unknown>) => v.confirm === v[field], {
        path: ['confirm'],
        params: { messageKey: 'password.mismatch' },
      }) as never
  );
}

/** The parts of a react-hook-form form that receive the server's field messages. */
export interface ServerErrorTarget {
  setError(name: never, error: ErrorOption, options?: { shouldFocus: boolean }): void;
  getValues(): FieldValues;
}

/** The per-field messages of a refused call: the catalogue references, else (another server) the texts. */
export function serverFieldRefs(body: Pick<ApiError, 'fieldErrorKeys' | 'fieldErrors'> | null | undefined) {
  if (body?.fieldErrorKeys) return { refs: body.fieldErrorKeys as FieldMessageRefs, texts: null };
  if (body?.fieldErrors) return { refs: null, texts: body.fieldErrors };
  return { refs: null, texts: null };
}

/**
 * Puts the per-field messages of a refused call (a 400's `fieldErrorKeys`, translated; or `fieldErrors`)
 * on the form's fields, the first one focused. Returns true when at least one field got a message;
 * messages for fields the form does not show are left to the form-level message.
 */
export function applyServerFieldErrors(error: unknown, form: ServerErrorTarget, lang: string): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  const { refs, texts } = serverFieldRefs(error.body);
  const messages: [string, FieldError][] = [];
  if (refs) {
    for (const [path, list] of Object.entries(refs))
      if (list[0]) messages.push([path, { type: list[0].key, message: refText(list[0], lang) }]);
  } else if (texts) {
    for (const [path, list] of Object.entries(texts))
      if (list[0]) messages.push([path, { type: 'server', message: list[0] }]);
  }
  const values = form.getValues();
  let placed = 0;
  for (const [path, fieldError] of messages) {
    if (get(values, path) === undefined) continue;
    form.setError(path as never, fieldError, { shouldFocus: placed === 0 });
    placed++;
  }
  return placed > 0;
}
