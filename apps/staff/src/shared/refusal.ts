/** The words of a refused call for a dialog or a form's top: a field's message first, else the server's. */
import { refText } from '@trialpath/domain';
import { ApiRequestError, errorMessage } from './api';

/** Field messages of a refused call (400/409 with fields), in the interface language. */
export function fieldErrorsOf(error: unknown, lang: string): Record<string, string> {
  if (!(error instanceof ApiRequestError) || !error.body) return {};
  const out: Record<string, string> = {};
  for (const [field, refs] of Object.entries(error.body.fieldErrorKeys ?? {})) {
    out[field] = refs.map((r) => refText(r as Parameters<typeof refText>[0], lang)).join(' ');
  }
  for (const [field, texts] of Object.entries(error.body.fieldErrors ?? {})) out[field] ??= texts.join(' ');
  return out;
}

/** One sentence for a refusal: the first field's message, else the server's, else `fallback`. */
export function refusalText(error: unknown, lang: string, fallback: string): string {
  return Object.values(fieldErrorsOf(error, lang))[0] ?? errorMessage(error, fallback);
}
