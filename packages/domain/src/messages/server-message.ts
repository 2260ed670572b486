// Its own module: the participant portal's first load needs these rules, not the error catalogue beside it.
import { isMessageKey, type MessageParams, translate } from './translate';

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

/*
 * What the server said, in the person's language: error bodies carry their message as a catalogue key
 * and parameters (decision 0016), so a portal translates the key and never matches English text back
 * to keys (decision 0018).
 */

/** The parts of an error body these helpers read (the contract's ApiError fits). */
export interface ServerMessageBody {
  message?: string;
  messageKey?: string;
  params?: MessageParams;
}

/** The server's message in `lang`: its catalogue key translated, else its own text, else null. */
export function serverMessageText(body: ServerMessageBody | null | undefined, lang: string): string | null {
  if (!body) return null;
  if (isMessageKey(body.messageKey)) return translate(body.messageKey, body.params, lang);
  const text = typeof body.message === 'string' ? body.message.trim() : '';
  return text || null;
}

/**
 * 000 §8.2: a server message in a response body is preferred over the fixed text — translated when it
 * is one of ours; any other body (a proxy's page, a plain string) through the domain's rule.
 */
export function preferServerText(body: unknown, fallback: string, lang: string): string {
  const ours = body && typeof body === 'object' ? serverMessageText(body as ServerMessageBody, lang) : null;
  return ours ?? preferServerMessage(body, fallback);
}
