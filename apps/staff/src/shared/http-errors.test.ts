import { ApiRequestError, type Endpoint } from '@trialpath/contract';
import { apiError, translate } from '@trialpath/domain';
import { describe, expect, it, vi } from 'vitest';
import { createErrorHandler, type ErrorHandlerDeps, type RefreshResult } from './http-errors';

const staffEndpoint = { id: 'listStudies', audience: 'staff' } as Endpoint;
const loginEndpoint = { id: 'staffLogin', audience: 'public' } as Endpoint;

function setup(over: Partial<ErrorHandlerDeps> = {}) {
  const deps = {
    online: vi.fn(() => true),
    refresh: vi.fn(async (): Promise<RefreshResult> => ({ ok: true })),
    logout: vi.fn(),
    removeStudyTokens: vi.fn(),
    goToStudies: vi.fn(),
    warn: vi.fn(),
    message: (k: Parameters<typeof translate>[0]) => translate(k),
    language: () => 'en',
    markFailed: vi.fn(),
    sessionCall: (e: Endpoint) => e.audience === 'staff',
    ...over,
  };
  return { deps, onError: createErrorHandler(deps) };
}
const err = (status: number, body: Record<string, unknown> | null = null) =>
  new ApiRequestError(status, body as never, 'x');

describe('client error wiring (000 §8.1)', () => {
  it('401 TOKENEXPIRED refreshes once and retries', async () => {
    const { deps, onError } = setup();
    expect(
      await onError(err(401, { code: 'TOKEN_EXPIRED', message: 'm', type: 'TOKENEXPIRED' }), staffEndpoint, 0),
    ).toBe('retry');
    expect(deps.refresh).toHaveBeenCalledOnce();
    expect(deps.logout).not.toHaveBeenCalled();
  });

  it('401 TOKENEXPIRED logs out when the refresh fails or on the second attempt', async () => {
    const a = setup({ refresh: vi.fn(async (): Promise<RefreshResult> => ({ ok: false, error: null })) });
    expect(await a.onError(err(401, { code: 'x', message: 'm', type: 'TOKENEXPIRED' }), staffEndpoint, 0)).toBe('fail');
    expect(a.deps.logout).toHaveBeenCalledOnce();
    const b = setup();
    expect(await b.onError(err(401, { code: 'x', message: 'm', type: 'TOKENEXPIRED' }), staffEndpoint, 1)).toBe('fail');
    expect(b.deps.refresh).not.toHaveBeenCalled();
    expect(b.deps.logout).toHaveBeenCalledOnce();
  });

  it('401 otherwise logs out and fails the progress bar, except an e-signature sign-in', async () => {
    const a = setup();
    await a.onError(err(401, { code: 'UNAUTHENTICATED', message: 'm' }), staffEndpoint, 0);
    expect(a.deps.logout).toHaveBeenCalledOnce();
    expect(a.deps.markFailed).toHaveBeenCalled();
    const b = setup();
    await b.onError(err(401, { code: 'x', message: 'm', electronicSignatureSignIn: true }), staffEndpoint, 0);
    expect(b.deps.logout).not.toHaveBeenCalled();
  });

  it('a refused sign-in (public call) never logs out', async () => {
    const { deps, onError } = setup();
    await onError(
      err(401, { code: 'INVALID_CREDENTIALS', message: 'You have entered an invalid username or password' }),
      loginEndpoint,
      0,
    );
    expect(deps.logout).not.toHaveBeenCalled();
    expect(deps.warn).not.toHaveBeenCalled();
  });

  it('403 globalSignout logs out', async () => {
    const { deps, onError } = setup();
    await onError(err(403, { code: 'FORBIDDEN', message: 'm', globalSignout: true }), staffEndpoint, 0);
    expect(deps.logout).toHaveBeenCalledOnce();
  });

  it('403 studiesChanged removes those study tokens, refreshes and retries', async () => {
    const { deps, onError } = setup();
    expect(
      await onError(err(403, { code: 'FORBIDDEN', message: 'm', studiesChanged: ['s1', 's2'] }), staffEndpoint, 0),
    ).toBe('retry');
    expect(deps.removeStudyTokens).toHaveBeenCalledWith(['s1', 's2']);
    expect(deps.refresh).toHaveBeenCalledOnce();
    expect(deps.goToStudies).not.toHaveBeenCalled();
  });

  it('403 otherwise goes to the studies list', async () => {
    const { deps, onError } = setup();
    expect(
      await onError(err(403, { code: 'FORBIDDEN', message: 'You do not have access to this page.' }), staffEndpoint, 0),
    ).toBe('fail');
    expect(deps.goToStudies).toHaveBeenCalledOnce();
    expect(deps.logout).not.toHaveBeenCalled();
  });

  it('status 0 offline warns "Sorry! No internet connection."', async () => {
    const { deps, onError } = setup({ online: () => false });
    await onError(err(0), staffEndpoint, 0);
    expect(deps.warn).toHaveBeenCalledWith('Sorry! No internet connection.');
  });

  it('status 0 online and 501–504 warn of a server issue, preferring the server message', async () => {
    const a = setup();
    await a.onError(err(0), staffEndpoint, 0);
    expect(a.deps.warn).toHaveBeenCalledWith('Sorry! There is some server issue. Please try after some time.');
    for (const status of [501, 502, 503, 504]) {
      const b = setup();
      await b.onError(err(status), loginEndpoint, 0);
      expect(b.deps.warn).toHaveBeenCalledWith('Sorry! There is some server issue. Please try after some time.');
    }
    const c = setup();
    await c.onError(err(503, { code: 'SERVICE_UNAVAILABLE', message: 'Down for maintenance' }), staffEndpoint, 0);
    expect(c.deps.warn).toHaveBeenCalledWith('Down for maintenance');
    // Our own error body: its message key in the interface language, not its English text.
    const d = setup({ language: () => 'es' });
    await d.onError(err(503, apiError('SERVICE_UNAVAILABLE') as never), staffEndpoint, 0);
    expect(d.deps.warn).toHaveBeenCalledWith(translate('errors.serviceUnavailable', undefined, 'es'));
    expect(d.deps.warn).not.toHaveBeenCalledWith(apiError('SERVICE_UNAVAILABLE').message);
  });

  it('500 fails the progress bar with no message', async () => {
    const { deps, onError } = setup();
    expect(await onError(err(500, { code: 'INTERNAL', message: 'Internal Server Error' }), staffEndpoint, 0)).toBe(
      'fail',
    );
    expect(deps.markFailed).toHaveBeenCalledOnce();
    expect(deps.warn).not.toHaveBeenCalled();
    expect(deps.logout).not.toHaveBeenCalled();
  });

  it('other statuses are left to the caller', async () => {
    const { deps, onError } = setup();
    expect(await onError(err(400, { code: 'VALIDATION_FAILED', message: 'm' }), staffEndpoint, 0)).toBe('fail');
    expect(deps.warn).not.toHaveBeenCalled();
    expect(deps.markFailed).not.toHaveBeenCalled();
  });
});
