/**
 * The icon library (C-126; decision 0040): the domain's catalogue of icons for study content, listed a
 * page at a time with a search, and each icon's SVG from `@tabler/icons` (MIT), read once and kept in
 * memory. Reads only: the catalogue ships with the release, nobody edits it, so nothing is audited.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildPath, getIconLibraryIcon } from '@trialpath/contract';
import { ICON_LIBRARY, type IconId, iconLabel, isIconId, messageRef, searchIconLibrary } from '@trialpath/domain';
import { BinaryResponse } from '../../http/context';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { fileHeaders } from '../files/files.service';

const SVG = 'image/svg+xml';

/** Where the portals load an icon from. */
export const iconLibraryUrl = (id: IconId) => buildPath(getIconLibraryIcon.path, { iconId: id });

let outlineDir: string | null = null;
const svgCache = new Map<IconId, Promise<Buffer>>();

/** An icon's SVG as Tabler ships it (outline style, 24×24, drawn in currentColor). */
export function iconSvg(id: IconId): Promise<Buffer> {
  outlineDir ??= path.join(
    path.dirname(createRequire(import.meta.url).resolve('@tabler/icons/package.json')),
    'icons',
    'outline',
  );
  let svg = svgCache.get(id);
  if (!svg) {
    svg = readFile(path.join(outlineDir, `${ICON_LIBRARY[id].file}.svg`));
    // A failed read is not kept: the next request tries again.
    svg.catch(() => svgCache.delete(id));
    svgCache.set(id, svg);
  }
  return svg;
}

/** A page of the library (search over both staff languages), each icon named in the caller's language. */
export function listIconLibrary(ctx: ServiceCtx, input: { pageNum: number; pageSize: number; search?: string }) {
  const language = ctx.request.language;
  const found = searchIconLibrary(input.search, language);
  const start = (input.pageNum - 1) * input.pageSize;
  return {
    items: found.slice(start, start + input.pageSize).map((id) => ({
      id,
      label: iconLabel(id, language),
      url: iconLibraryUrl(id),
    })),
    total: found.length,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/** One icon's SVG, for anyone; it runs nothing (CSP), is never sniffed, and may be cached for a day. */
export async function iconLibraryIcon(_ctx: ServiceCtx, input: { iconId: string }): Promise<BinaryResponse> {
  if (!isIconId(input.iconId)) {
    throw fail('NOT_FOUND', undefined, { message: messageRef('icons.notFound', { id: input.iconId }) });
  }
  return new BinaryResponse(SVG, await iconSvg(input.iconId), {
    ...fileHeaders(SVG, 'inline'),
    'cache-control': 'public, max-age=86400',
  });
}
