/**
 * The forgot-password request as the portal sends it (001 §6, §7; decision D-085): besides the study and the
 * username it names the user type (a web participant), the request kind (an e-mailed reset link) and the
 * country chosen on the language page.
 */
import {
  type BodyOf,
  PARTICIPANT_USER_TYPE,
  type PasswordRequestKind,
  type participantForgotPassword,
} from '@trialpath/contract';
import { COUNTRY_KEY, type StorageLike } from '../../shared/storage';
import { type CountryOption, initialCountry } from '../language/choice';

/** The one kind of request the portal makes: a reset link e-mailed to the address on file. */
export const PORTAL_REQUEST_KIND: PasswordRequestKind = 'resetLink';

/**
 * The country to send: the one this browser chose on the language page while the study still offers it, else
 * the language page's own first choice (US, the study's default, its first) — the page a person who came
 * straight to the sign-in link would have seen.
 */
export function recoveryCountry(countries: readonly CountryOption[], storage: Pick<StorageLike, 'getItem'>): string {
  return initialCountry(countries, storage.getItem(COUNTRY_KEY));
}

export function forgotPasswordBody(
  input: { studyCode: string; username: string; language: string },
  countries: readonly CountryOption[],
  storage: Pick<StorageLike, 'getItem'>,
): BodyOf<typeof participantForgotPassword> {
  return {
    studyCode: input.studyCode,
    username: input.username.trim(),
    language: input.language,
    userType: PARTICIPANT_USER_TYPE,
    requestKind: PORTAL_REQUEST_KIND,
    countryId: recoveryCountry(countries, storage),
  };
}
