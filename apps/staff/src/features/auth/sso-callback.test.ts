import { describe, expect, it } from 'vitest';
import { once, readSsoCallback, ssoRedirectTo, withoutPageQuery } from './sso-callback';

describe('single-sign-on return', () => {
  it('reads code, state and iss from the page query', () => {
    expect(readSsoCallback('?code=c1&state=s1&iss=https%3A%2F%2Fidp.example')).toEqual({
      kind: 'code',
      code: 'c1',
      state: 's1',
      iss: 'https://idp.example',
    });
    expect(readSsoCallback('?code=c1&state=s1')).toEqual({ kind: 'code', code: 'c1', state: 's1' });
    expect(readSsoCallback('?error=access_denied&state=s1')).toEqual({ kind: 'error', error: 'access_denied' });
    expect(readSsoCallback('')).toBeNull();
    expect(readSsoCallback('?code=c1')).toBeNull();
  });

  it('drops the page query but keeps the hash', () => {
    expect(withoutPageQuery({ pathname: '/', hash: '#/' })).toBe('/#/');
    expect(withoutPageQuery({ pathname: '/', hash: '' })).toBe('/');
  });

  it('passes on only in-app redirect targets', () => {
    expect(ssoRedirectTo('/studies/abc?x=1')).toBe('/studies/abc?x=1');
    expect(ssoRedirectTo('//evil.example')).toBeUndefined();
    expect(ssoRedirectTo('https://evil.example')).toBeUndefined();
    expect(ssoRedirectTo(null)).toBeUndefined();
  });

  it('runs one exchange per key', async () => {
    let calls = 0;
    const run = async () => ++calls;
    expect(await Promise.all([once('k', run), once('k', run)])).toEqual([1, 1]);
    expect(calls).toBe(1);
  });
});
