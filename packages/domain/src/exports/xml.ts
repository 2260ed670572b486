/**
 * XML 1.0 text for the ODM file (W3C XML 1.0 §2.2 Characters, §2.4 Character Data): characters XML 1.0 forbids
 * (C0 controls other than tab, LF, CR; U+FFFE, U+FFFF; unpaired surrogates) are dropped, markup characters
 * escaped. In attribute values tab, LF and CR are written as references so attribute normalisation keeps them.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SPECIAL = /[&<>"\x00-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping the control characters XML 1.0 forbids is the point
  /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/** Text content or an attribute value (always double-quoted by the writer), escaped. */
export function xmlText(s: string, attribute = false): string {
  if (!SPECIAL.test(s)) return s;
  const clean = s.replace(FORBIDDEN, '');
  return clean.replace(attribute ? /[&<>"\t\n\r]/g : /[&<>"]/g, (c) => ESCAPES[c] as string);
}

/** ` Name="value"` for each attribute whose value is not undefined, in the given order. */
export function xmlAttrs(attrs: Readonly<Record<string, string | number | undefined>>): string {
  let out = '';
  for (const k of Object.keys(attrs)) {
    const v = attrs[k];
    if (v !== undefined) out += ` ${k}="${xmlText(String(v), true)}"`;
  }
  return out;
}

/** `<name attrs/>` or `<name attrs>children</name>`. */
export function xmlElement(
  name: string,
  attrs: Readonly<Record<string, string | number | undefined>>,
  children = '',
): string {
  const open = `<${name}${xmlAttrs(attrs)}`;
  return children === '' ? `${open}/>` : `${open}>${children}</${name}>`;
}

/** An element holding only text. */
export const xmlTextElement = (name: string, text: string): string => `<${name}>${xmlText(text)}</${name}>`;
