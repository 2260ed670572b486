/**
 * HTML removal in linear time (issue 7). `s.replace(/<x\b[^>]*>[\s\S]*?<\/x\s*>/gi, '')` and
 * `s.replace(/<[^>]*>/g, '')` are quadratic on hostile text: every `<script>` or `<` without its end
 * makes the engine scan to the end of the text again. These give the same results with one pass:
 * an opening tag without a `>` after it, or without a closing tag after its `>`, means no later one
 * has either.
 */

interface Span {
  start: number;
  end: number;
}

/**
 * The text without its elements, as `s.replace(new RegExp(OPEN + '[^>]*>[\\s\\S]*?' + CLOSE, 'gi'), '')`
 * where a closing tag must name the element its opening tag names. `opener` (global) matches the start
 * of an opening tag, e.g. `/<(script|style)\b/gi`; `closer` (global) a whole closing tag, e.g.
 * `/<\/(script|style)\s*>/gi`; the first capture group of each, when there is one, is the element name.
 */
export function removeElementBlocks(s: string, opener: RegExp, closer: RegExp): string {
  const closes = new Map<string, Span[]>();
  closer.lastIndex = 0;
  for (let m = closer.exec(s); m !== null; m = closer.exec(s)) {
    const name = (m[1] ?? '').toLowerCase();
    const list = closes.get(name) ?? [];
    list.push({ start: m.index, end: m.index + m[0].length });
    closes.set(name, list);
  }
  if (closes.size === 0) return s;
  // per element name: the first closing tag not yet passed (the openers come in order, so it only moves on)
  const next = new Map<string, number>();
  let out = '';
  let copied = 0;
  opener.lastIndex = 0;
  for (let m = opener.exec(s); m !== null; m = opener.exec(s)) {
    const name = (m[1] ?? '').toLowerCase();
    const list = closes.get(name);
    if (!list) continue;
    const gt = s.indexOf('>', m.index + m[0].length);
    if (gt < 0) break;
    let k = next.get(name) ?? 0;
    while (k < list.length && (list[k] as Span).start <= gt) k++;
    next.set(name, k);
    const close = list[k];
    if (!close) {
      // no closing tag after this one's `>`: none after any later opening tag of this name either
      closes.delete(name);
      if (closes.size === 0) break;
      continue;
    }
    out += s.slice(copied, m.index);
    copied = close.end;
    opener.lastIndex = close.end;
  }
  return copied === 0 ? s : out + s.slice(copied);
}

/** The text without its tags, as `s.replace(/<[^>]*>/g, '')`: a `<` without a `>` after it stays. */
export function removeTags(s: string): string {
  let out = '';
  let copied = 0;
  for (let lt = s.indexOf('<'); lt >= 0; lt = s.indexOf('<', copied)) {
    const gt = s.indexOf('>', lt + 1);
    if (gt < 0) break;
    out += s.slice(copied, lt);
    copied = gt + 1;
  }
  return copied === 0 ? s : out + s.slice(copied);
}
