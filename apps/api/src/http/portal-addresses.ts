/**
 * A plain address typed into a browser (`/studies`, `/participant/participants/web/DEMO/login`) names a
 * route of a portal, whose routes live after the `#` (DESIGN.md §1). A browser asking for a page gets sent
 * to the same route in its portal (`/#/studies`); an API client keeps its JSON 404.
 */
import { prefersHtml } from './negotiation';

export interface PortalMounts {
  staff: boolean;
  participant: boolean;
}

type Headers = Record<string, string | string[] | undefined>;

/** Where the portal shows this address, or null when the request is not a browser's page request for one. */
export function portalAddressFor(method: string, url: string, headers: Headers, mounts: PortalMounts): string | null {
  if ((method !== 'GET' && method !== 'HEAD') || !prefersHtml(headers)) return null;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q);
  // The API's own addresses, and files (a name with an extension), are never routes.
  if (path === '/api' || path.startsWith('/api/') || /\.[A-Za-z0-9]+$/.test(path)) return null;
  const participant = /^\/participant(\/.*)$/.exec(path);
  if (participant) return mounts.participant ? `/participant/#${participant[1]}${query}` : null;
  return mounts.staff ? `/#${path}${query}` : null;
}
