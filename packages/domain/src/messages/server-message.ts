// Its own module: the participant portal's first load needs this rule, not the error catalogue beside it.

/**
 * 000 §8.2 / 002 §8: a server message in a response body is preferred over the fixed text when
 * present. Looks at `message`, then `error.message`, then a plain string body.
 */
export function preferServerMessage(body: unknown, fallback: string): string {
  if (typeof body === 'string' && body.trim() !== '') {
    const trimmed = body.trim();
    if (!trimmed.startsWith('{') && !trimmed.startsWith('<')) return trimmed;
    try {
      return preferServerMessage(JSON.parse(trimmed), fallback);
    } catch {
      return fallback;
    }
  }
  if (typeof body === 'object' && body !== null) {
    const m = (body as { message?: unknown }).message;
    if (typeof m === 'string' && m.trim() !== '') return m;
    const e = (body as { error?: unknown }).error;
    if (typeof e === 'object' && e !== null) {
      const em = (e as { message?: unknown }).message;
      if (typeof em === 'string' && em.trim() !== '') return em;
    }
  }
  return fallback;
}
