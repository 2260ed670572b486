/** Split text into plain parts and http(s) links (for the demo mailbox bodies). */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

const URL_RE = /https?:\/\/[^\s<>"')]+/g;

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    const start = m.index ?? 0;
    let href = m[0];
    // Trailing punctuation belongs to the sentence, not the link.
    const trail = /[.,;:!?]+$/.exec(href);
    if (trail) href = href.slice(0, -trail[0].length);
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
