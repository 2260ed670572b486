/**
 * A prototype link (decision 0043): `…/language?prototype=TOKEN` shows a frozen copy of the study's draft.
 * The token is kept for this tab (sessionStorage), so moving between the portal's pages stays in the
 * prototype; a new tab or a link without it shows the live study again once the tab is closed.
 */
const keyOf = (studyCode: string) => `tp.prototype.${studyCode.toUpperCase()}`;

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The prototype token of this study in this tab: the link's, else the one kept from it. */
export function prototypeToken(studyCode: string, search: string, storage = tabStorage()): string | null {
  const fromLink = new URLSearchParams(search).get('prototype');
  if (fromLink) {
    storage?.setItem(keyOf(studyCode), fromLink);
    return fromLink;
  }
  return storage?.getItem(keyOf(studyCode)) ?? null;
}

/** The query of the study call: the prototype's token when one is open. */
export const studyQuery = (token: string | null) => (token ? { prototype: token } : {});

/** The query part of a hash route: '#/participants/web/DEMO/language?prototype=x' → '?prototype=x'. */
export function searchOfHash(hash: string): string {
  const q = hash.indexOf('?');
  return q >= 0 ? hash.slice(q) : '';
}
