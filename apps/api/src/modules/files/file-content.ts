/**
 * What an uploaded file really is (decision 0033): its bytes are sniffed (magic numbers, an SVG's root
 * element), never taken on the word of the Content-Type header, and an SVG is rebuilt by DOMPurify
 * (jsdom) keeping only drawing: no script, no event handler, no foreignObject, no style sheet, and no
 * reference outside the image itself (href, xlink:href and url(...) only to `#ids`).
 */
import { messageRef } from '@trialpath/domain';
import { fieldError, fieldProblem } from '../../kernel/errors';

const startsWith = (data: Uint8Array, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);

const SVG_ROOT =
  /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>\s*)*<svg[\s>/]/i;

function utf8(data: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return null;
  }
}

/** The content type the bytes show, among the ones the server takes; null for anything else. */
export function sniffContentType(data: Uint8Array): string | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  const text = data.length <= 4 * 1024 * 1024 ? utf8(data) : null;
  if (text !== null && SVG_ROOT.test(text)) return 'image/svg+xml';
  return null;
}

export const CONTENT_TYPE_NAMES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/svg+xml': 'SVG',
  'application/pdf': 'PDF',
};

type Purifier = { sanitize(text: string): string };
let purifier: Promise<Purifier> | null = null;

/** One DOMPurify over one jsdom window, made on the first SVG (jsdom is large: not loaded at start). */
function svgPurifier(): Promise<Purifier> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const purify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
    const internal = (v: string) => v.trim().startsWith('#');
    purify.addHook('uponSanitizeAttribute', (_node, data) => {
      const name = data.attrName.toLowerCase();
      if ((name === 'href' || name === 'xlink:href' || name === 'src') && !internal(data.attrValue))
        data.keepAttr = false;
      // url(...) in a presentation attribute or inline style: only to an id of the image itself.
      for (const m of data.attrValue.matchAll(/url\s*\(\s*['"]?([^'")]*)/gi)) {
        if (!internal(m[1] ?? '')) data.keepAttr = false;
      }
      if (/@import|expression\s*\(/i.test(data.attrValue)) data.keepAttr = false;
    });
    return {
      sanitize: (text: string) =>
        purify.sanitize(text, {
          USE_PROFILES: { svg: true, svgFilters: true },
          FORBID_TAGS: ['foreignObject', 'script', 'style', 'iframe', 'object', 'embed'],
        }) as string,
    };
  })();
  return purifier;
}

/** The SVG with only its drawing left; refused when nothing of an SVG image is left. */
export async function sanitizeSvg(data: Uint8Array): Promise<Buffer> {
  const text = utf8(data);
  if (text === null) throw fieldProblem('VALIDATION_FAILED', 'file', 'files.typeMismatch', { type: 'SVG' });
  let clean = (await svgPurifier()).sanitize(text).trim();
  if (!/^<svg[\s>]/i.test(clean)) throw fieldError('file', messageRef('files.svgUnsafe'));
  // A standalone SVG document needs its namespace; HTML parsing may leave it out.
  if (!/^<svg[^>]*\sxmlns=/i.test(clean)) clean = clean.replace(/^<svg/i, '<svg xmlns="http://www.w3.org/2000/svg"');
  return Buffer.from(clean, 'utf8');
}

/**
 * The upload's bytes, checked: not empty, of the declared type by their content (else a field message
 * naming the type), an SVG sanitised. Returns the bytes to store and their type.
 */
export async function checkedUpload(upload: {
  data: Buffer;
  contentType: string;
}): Promise<{ data: Buffer; contentType: string }> {
  if (upload.data.length === 0) throw fieldError('file', messageRef('files.empty'));
  const declared = upload.contentType;
  if (sniffContentType(upload.data) !== declared) {
    throw fieldProblem('VALIDATION_FAILED', 'file', 'files.typeMismatch', {
      type: CONTENT_TYPE_NAMES[declared] ?? declared,
    });
  }
  if (declared === 'image/svg+xml') return { data: await sanitizeSvg(upload.data), contentType: declared };
  return { data: upload.data, contentType: declared };
}

/** Headers for serving a stored file: never sniffed by the browser; an SVG runs nothing and loads nothing. */
export function fileHeaders(contentType: string, disposition: 'inline' | 'attachment', fileName?: string | null) {
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff' };
  if (contentType === 'image/svg+xml') {
    headers['content-security-policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  }
  const name = (fileName ?? '').replace(/[^\w.\- ]+/g, '_').slice(0, 120);
  headers['content-disposition'] = name
    ? `${disposition}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(fileName ?? name)}`
    : disposition;
  return headers;
}
