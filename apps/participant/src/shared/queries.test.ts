import {
  ApiRequestError,
  type CallInput,
  type Endpoint,
  getClient,
  getParticipantProfile,
  getParticipantWebStudy,
  hashQueryKey,
  participantChangePassword,
  queryKeyOf,
} from '@trialpath/contract';
import { describe, expect, it, vi } from 'vitest';
import { createQueryCache, PARTICIPANT_PAGE_ENVIRONMENT } from './queries';

/** A client that answers each call with a fresh counted value (or refuses it), remembering what was asked. */
function countingClient(refuse: (endpoint: Endpoint) => boolean = () => false) {
  const asked: { id: string; input: unknown }[] = [];
  const call = vi.fn(async (endpoint: Endpoint, input?: CallInput<Endpoint>) => {
    asked.push({ id: endpoint.id, input });
    if (refuse(endpoint)) throw new ApiRequestError(404, null, endpoint.id);
    return { n: asked.length } as never;
  });
  return { call, asked };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the participant cache on the contract keys', () => {
  it('reads once per key: the endpoint and its inputs', async () => {
    const client = countingClient();
    const cache = createQueryCache(client);
    cache.ensure(getParticipantWebStudy, { params: { studyCode: 'DEMO' } });
    cache.ensure(getParticipantWebStudy, { params: { studyCode: 'DEMO' } });
    cache.ensure(getParticipantWebStudy, { params: { studyCode: 'OTHER' } });
    await flush();
    expect(client.call).toHaveBeenCalledTimes(2);
    expect(cache.get(getParticipantWebStudy, { params: { studyCode: 'DEMO' } })).toEqual({
      status: 'success',
      data: { n: 1 },
    });
    expect(cache.get(getParticipantWebStudy, { params: { studyCode: 'OTHER' } })).toMatchObject({ data: { n: 2 } });
  });

  it('keeps a failure and reads again on reload', async () => {
    let refuse = true;
    const client = countingClient(() => refuse);
    const cache = createQueryCache(client);
    cache.ensure(getClient);
    await flush();
    expect(cache.get(getClient)).toMatchObject({ status: 'error' });
    refuse = false;
    await cache.reload(getClient);
    expect(cache.get(getClient)).toMatchObject({ status: 'success' });
  });

  it('invalidation by endpoint reads every entry of that endpoint again, and no other', async () => {
    const client = countingClient();
    const cache = createQueryCache(client);
    cache.ensure(getParticipantWebStudy, { params: { studyCode: 'A' } });
    cache.ensure(getParticipantWebStudy, { params: { studyCode: 'B' } });
    cache.ensure(getClient);
    await flush();
    await cache.invalidate(getParticipantWebStudy);
    expect(client.asked.map((a) => a.id)).toEqual([
      'getParticipantWebStudy',
      'getParticipantWebStudy',
      'getClient',
      'getParticipantWebStudy',
      'getParticipantWebStudy',
    ]);
  });

  it('a mutation invalidates the reads it changes once it succeeds; removing forgets an endpoint', async () => {
    const client = countingClient();
    const cache = createQueryCache(client);
    const listener = vi.fn();
    cache.subscribe(listener);
    cache.ensure(getParticipantProfile);
    await flush();
    await cache.mutate(participantChangePassword, { body: { previousPassword: 'a', proposedPassword: 'b' } }, [
      getParticipantProfile,
    ]);
    await flush();
    expect(client.asked.map((a) => a.id)).toEqual([
      'getParticipantProfile',
      'participantChangePassword',
      'getParticipantProfile',
    ]);
    expect(cache.get(getParticipantProfile)).toMatchObject({ data: { n: 3 } });
    cache.remove(getParticipantProfile);
    expect(cache.get(getParticipantProfile)).toEqual({ status: 'loading' });
    expect(listener).toHaveBeenCalled();
  });

  it('its entries are the contract keys of the portal environment: a test-data cache never meets a live one', () => {
    const key = (env: 'LIVE' | 'TEST') => hashQueryKey(queryKeyOf(getParticipantProfile, undefined, env));
    expect(PARTICIPANT_PAGE_ENVIRONMENT).toBe('LIVE');
    expect(key('LIVE')).not.toBe(key('TEST'));
  });
});
