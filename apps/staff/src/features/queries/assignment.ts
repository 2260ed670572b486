/** The roles a query can be assigned to, with their names in the person's language (decision E-queries, addendum). */
import { QUERY_ASSIGNABLE_ROLES, translate } from '@trialpath/domain';

export const roleName = (role: string, lang: string) => translate(`role.${role}` as never, undefined, lang);

/** The choices of an assignment select: the whole site team (''), then each role. */
export function assignmentChoices(lang: string, team: string) {
  return [{ value: '', label: team }, ...QUERY_ASSIGNABLE_ROLES.map((r) => ({ value: r, label: roleName(r, lang) }))];
}
