import { getClient, getParticipantProfile, getParticipantWebStudy, type ResponseOf } from '@trialpath/contract';
import { api } from './portal';
import { createResource } from './resource';

export type Study = ResponseOf<typeof getParticipantWebStudy>;
export type Profile = ResponseOf<typeof getParticipantProfile>;
export type ClientIdentity = ResponseOf<typeof getClient>;

/** Public facts of a study by its code (name, colour, countries, languages). */
export const studyResource = createResource<Study>((studyCode) =>
  api.call(getParticipantWebStudy, { params: { studyCode } }),
);

/** The signed-in participant, keyed by pid so another participant never sees a cached profile. */
export const profileResource = createResource<Profile>(() => api.call(getParticipantProfile));

/** Client identity (demo mode decides where the bare portal address goes). */
export const clientResource = createResource<ClientIdentity>(() => api.call(getClient));
