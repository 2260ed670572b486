/**
 * Reading the study's content through the portal data (001 §7; decision D-069): fetching one file directly by
 * its signed address, where a 404 is the spec's data-sync error (D-094, D-115).
 */
import { ApiRequestError, type PortalData } from '@trialpath/contract';

/** The content is not there (a 404 on a signed address): shown as 'Data sync failed…' (001 §8). */
export class ContentMissing extends Error {
  constructor(readonly file: string) {
    super(`content ${file} is missing`);
  }
}

/** The address of a named file in the portal data's lists, or null. */
export function fileUrl(data: PortalData, name: string): string | null {
  const lists = [data.listOfSignedHTMLURL, data.listOfSignedJSONURL, data.listOfSignedPDFURL];
  for (const list of lists) {
    const found = list.find((f) => f.name === name);
    if (found) return found.url;
  }
  return null;
}

/** A study document fetched directly by its signed address: its title and its body's sanitised HTML. */
export async function fetchDocument(
  data: PortalData,
  name: string,
  lang: string,
  fetcher: typeof fetch = fetch,
): Promise<{ title: string; html: string }> {
  const url = fileUrl(data, name);
  if (!url) throw new ContentMissing(name);
  let res: Response;
  try {
    res = await fetcher(url, { headers: { 'accept-language': lang } });
  } catch {
    throw new ApiRequestError(0, null, 'getPortalFile');
  }
  if (res.status === 404) throw new ContentMissing(name);
  if (!res.ok) throw new ApiRequestError(res.status, null, 'getPortalFile');
  const page = new DOMParser().parseFromString(await res.text(), 'text/html');
  const h1 = page.querySelector('h1');
  const title = h1?.textContent ?? '';
  h1?.remove();
  return { title, html: page.body.innerHTML };
}
