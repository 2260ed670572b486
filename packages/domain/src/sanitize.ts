/**
 * Request sanitising for content-editing endpoints (002 §5). Applied by the server to string
 * values of PUT/POST bodies, headers and query strings: removes script tags (with content), eval(…)
 * and expression(…) calls, javascript:/vbscript: prefixes (also written with numeric character
 * references or with tabs/newlines inside), frame, object and embed tags, `srcdoc` attributes and every
 * inline on… event-handler attribute (any case,
 * also after a quoted value containing `>`), and turns `&amp;` back into `&`. Runs until the text stops changing so
 * nested tricks like `<scr<script></script>ipt>` do not survive. Every step runs in linear time
 * (issue 7): this runs on every request body.
 */

import { removeElementBlocks } from './html-scan';
import { isPlainObject } from './plain-object';

// A script element with its content, `<script …>…</script>`: removed by removeElementBlocks, in
// linear time (a regular expression for it rescans the text after every unclosed `<script>`).
const SCRIPT_OPEN = /<\s*script\b/gi;
const SCRIPT_CLOSE = /<\s*\/\s*script\s*>/gi;
// `\s*(?:\/\s*)?` rather than `\s*\/?\s*`: the same texts, but a run of spaces has one way to match
// (two stars side by side split it in n² ways when the match fails).
const SCRIPT_TAG = /<\s*(?:\/\s*)?script\b[^>]*>?/gi;
// eval ( … ) with one level of nested parentheses; a dangling `eval(` is removed too.
const EVAL_CALL = /\beval\s*\((?:[^()]|\([^()]*\))*\)?/gi;
// CSS expression(…): only directly followed by `(` so prose like "gene expression (mRNA)" is kept.
const EXPRESSION_CALL = /\bexpression\((?:[^()]|\([^()]*\))*\)?/gi;
// Characters a browser drops from a URL scheme (tab, newline; other controls and spaces too, to
// be safe), raw or as character references, so `java&Tab;script:` and `java&#10;script:` are caught.
const IGNORED_CHAR =
  '(?:[\\s\\u0000-\\u001f]|&tab;|&newline;|&#0*(?:[0-9]|[12][0-9]|3[0-2])(?![0-9]);?|&#x0*(?:1?[0-9a-f]|20)(?![0-9a-f]);?)';
const COLON = '(?::|&colon;|&#0*58(?![0-9]);?|&#x0*3a(?![0-9a-f]);?)';
// A letter raw or as a numeric character reference (either case, leading zeros, `;` optional):
// browsers decode `&#106;avascript:` / `&#x6A;avascript:` to `javascript:` before reading the scheme.
function letterPattern(letter: string): string {
  const codes = [...new Set([letter.toLowerCase(), letter.toUpperCase()])].map((c) => c.charCodeAt(0));
  const decimal = codes.map((c) => `&#0*${c}(?![0-9]);?`);
  const hex = codes.map((c) => `&#x0*${c.toString(16)}(?![0-9a-f]);?`);
  return `(?:${[letter, ...decimal, ...hex].join('|')})`;
}
const SCHEME = (word: string) =>
  new RegExp(`${word.split('').map(letterPattern).join(`${IGNORED_CHAR}*`)}${IGNORED_CHAR}*${COLON}`, 'gi');
const JAVASCRIPT = SCHEME('javascript');
const VBSCRIPT = SCHEME('vbscript');
// A tag (closed, or unclosed at the end of the text). Quoted attribute values are skipped whole, so
// a `>` inside quotes does not end the tag early and hide the attributes after it.
const TAG = /<(?:[^<>"']|"[^"]*(?:"|$)|'[^']*(?:'|$))*(?:>|$)/g;
// Inline handlers (on…) and `srcdoc`, whose value is a whole HTML document run in a frame, script included
// (written as `&lt;script&gt;`, which no other step sees as markup).
const HANDLER = /[\s/"'](?:on[a-z]+|srcdoc)\s*=\s*(?:"[^"]*"?|'[^']*'?|[^\s>]*)/gi;
// Elements that load another document into the page: the tags go (their text, if any, stays).
// Quoted values are skipped whole, as in TAG, so a `>` inside one does not end the tag early.
const FRAME_TAG = /<\s*(?:\/\s*)?(?:i?frame|frameset|object|embed)\b(?:[^>"']|"[^"]*"?|'[^']*'?)*>?/gi;
const AMP = /&amp;/gi;

// Removing a handler can join the text around it into a new one (` onx` + ` ony=""` + `=""`): passes
// are repeated, but only a few times; a tag still yielding handlers after them is built to nest them
// and is dropped whole (repeating until nothing changes would be quadratic on such a tag).
const HANDLER_PASSES = 4;

function stripHandlers(tag: string): string {
  let out = tag;
  for (let pass = 0; pass < HANDLER_PASSES; pass++) {
    const prev = out;
    // keep a quote or slash that ended the previous attribute, drop the handler
    out = out.replace(HANDLER, (m) => (/^["'/]/.test(m) ? m.charAt(0) : ''));
    if (out === prev) return out;
  }
  return '';
}

function sanitizeString(input: string): string {
  return stripUnsafeMarkup(input.replace(AMP, '&'));
}

/**
 * The markup half of the rule without the ampersand step: what stored rich text must never hold
 * (script elements, eval/expression calls, script URL schemes, on… handlers). Idempotent, so a
 * content model can apply it to whatever writes a text (a sanitised request, an import, a copy)
 * without decoding `&amp;` a second time.
 */
export function stripUnsafeMarkup(input: string): string {
  let out = input;
  for (let i = 0; i < 10; i++) {
    const before = out;
    out = removeElementBlocks(out, SCRIPT_OPEN, SCRIPT_CLOSE)
      .replace(SCRIPT_TAG, '')
      .replace(FRAME_TAG, '')
      .replace(EVAL_CALL, '')
      .replace(EXPRESSION_CALL, '')
      .replace(JAVASCRIPT, '')
      .replace(VBSCRIPT, '')
      .replace(TAG, stripHandlers);
    if (out === before) break;
  }
  return out;
}

/** Sanitise every string inside a value (objects and arrays deeply); other values unchanged. */
export function sanitizeContent<T>(value: T): T {
  if (typeof value === 'string') return sanitizeString(value) as T;
  if (Array.isArray(value)) return value.map((v) => sanitizeContent(v)) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = sanitizeContent(v);
    return out as T;
  }
  return value;
}
