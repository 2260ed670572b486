/** Postal addresses as the portals show them (the site screen of each). */

/** The place line as US mail writes it: "Boston, MA 02114" — the parts on record only, '' when none is. */
export function placeLine(
  city: string | null | undefined,
  state: string | null | undefined,
  postalCode: string | null | undefined,
): string {
  const cityState = [city, state]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(', ');
  return [cityState, (postalCode ?? '').trim()].filter(Boolean).join(' ');
}
