import type { getClient, getParticipantProfile, getParticipantWebStudy, ResponseOf } from '@trialpath/contract';
import { api, session } from './portal';
import { createQueryCache } from './queries';

export type Study = ResponseOf<typeof getParticipantWebStudy>;
export type Profile = ResponseOf<typeof getParticipantProfile>;
export type ClientIdentity = ResponseOf<typeof getClient>;

/** The portal's one cache of reads (study facts, client identity, the signed-in participant). */
export const queries = createQueryCache(api);

/**
 * The signed-in participant's read, by its id only: the endpoint's schemas come with the pages that show the
 * profile, not with the first load (budget 150 kB).
 */
export const PROFILE_READ = { id: 'getParticipantProfile' satisfies (typeof getParticipantProfile)['id'] };

// Another participant (or nobody) signed in, here or in another tab: their reads are not kept.
let signedInPid = session.get()?.pid ?? null;
session.subscribe(() => {
  const pid = session.get()?.pid ?? null;
  if (pid === signedInPid) return;
  signedInPid = pid;
  queries.remove(PROFILE_READ);
});
