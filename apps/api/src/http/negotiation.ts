/**
 * Content negotiation with the `negotiator` package (what Express and Koa use): the caller's language
 * among the catalogue's (q-values, `es-MX` → `es`), and whether a GET is a browser asking for a page.
 */
import { type Language, LANGUAGES } from '@trialpath/domain';
import Negotiator from 'negotiator';

type Headers = Record<string, string | string[] | undefined>;

/** The best catalogue language for an Accept-Language header; `en` when none is acceptable. */
export function requestLanguage(headers: Headers): Language {
  const best = new Negotiator({ headers }).language([...LANGUAGES]);
  return (best as Language | undefined) ?? 'en';
}

/**
 * A browser navigating to an address asks for HTML first (`text/html,application/xhtml+xml,…`); an API
 * client asks for JSON or anything (`*\/*`, which prefers JSON here). So HTML wins only when named.
 */
export function prefersHtml(headers: Headers): boolean {
  return new Negotiator({ headers }).mediaType(['application/json', 'text/html']) === 'text/html';
}
