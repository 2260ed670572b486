import { serverMessageText } from '@trialpath/domain';
import { applyServerFieldErrors, notify, type ServerErrorTarget } from '@trialpath/ui';
import { useState } from 'react';
import i18n from '../../i18n';
import { ApiRequestError } from '../../shared/api';

/** The message of a refused call (4xx): the server's catalogue message in the interface language. */
export function clientErrorMessage(e: unknown): string | null {
  if (e instanceof ApiRequestError && e.status >= 400 && e.status < 500)
    return serverMessageText(e.body, i18n.language);
  return null;
}

/** Toasts the message of a refused call; other failures are left to the API client's error rule (000 §8.1). */
export function toastClientError(e: unknown): string | null {
  const m = clientErrorMessage(e);
  if (m) notify(m, { kind: 'error' });
  return m;
}

/**
 * The message above a form: what the server said when the form's last call was refused. With the form,
 * a 400's per-field messages go on its fields instead (decision 0018).
 */
export function useFormError(form?: ServerErrorTarget) {
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    clear: () => setError(null),
    /** Runs the form's call with the message cleared; a refusal is shown on the fields, or above them and toasted. */
    run: async (call: () => Promise<void>) => {
      setError(null);
      try {
        await call();
      } catch (e) {
        if (form && applyServerFieldErrors(e, form, i18n.language)) return;
        setError(toastClientError(e));
      }
    },
  };
}
