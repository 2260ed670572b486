import { describe, expect, it } from 'vitest';
import { ENV_HEADER, detectEnvironment, isTestTwinPath, parseEnvHeader, testTwinPath } from './environment';

describe('detectEnvironment', () => {
  it.each([
    ['#/studies/x/test/dashboard', 'TEST'],
    ['#/studies/x/TEST/dashboard', 'TEST'],
    ['#/test-portal', 'TEST'],
    ['#/studies/x/my_test', 'TEST'],
    ['#/studies/x/test%20area', 'TEST'],
    ['https://app/#/studies/x/test?y=1', 'TEST'],
    ['/studies/x/test', 'TEST'],
    ['#/studies/contest', 'LIVE'],
    ['#/studies/testing', 'LIVE'],
    ['#/studies/x/dashboard', 'LIVE'],
    ['#/studies/x?mode=test', 'LIVE'],
    ['https://test.example/#/studies', 'LIVE'],
    ['#/studies/%E0%A4%A', 'LIVE'],
    ['', 'LIVE'],
  ])('%s → %s', (hash, env) => {
    expect(detectEnvironment(hash)).toBe(env);
  });
});

describe('parseEnvHeader', () => {
  it.each([
    ['test', 'TEST'],
    ['TEST', 'TEST'],
    [' Test ', 'TEST'],
    [['test'], 'TEST'],
    ['live', 'LIVE'],
    ['', 'LIVE'],
    [undefined, 'LIVE'],
    [1, 'LIVE'],
  ])('%j → %s', (value, env) => {
    expect(parseEnvHeader(value)).toBe(env);
  });
  it('names the header env', () => expect(ENV_HEADER).toBe('env'));
});

describe('test twins', () => {
  it.each([
    ['/studies/abc/dashboard', '/studies/abc/test/dashboard'],
    ['#/studies/abc/participants?page=2', '#/studies/abc/test/participants?page=2'],
    ['/studies/abc', '/studies/abc/test'],
    ['/studies/abc?x=1', '/studies/abc/test?x=1'],
    ['/studies/abc/testing', '/studies/abc/test/testing'],
    ['/studies/abc/test/dashboard', '/studies/abc/test/dashboard'],
    ['/admin/users', '/admin/users'],
  ])('testTwinPath(%s) = %s', (path, twin) => {
    expect(testTwinPath(path)).toBe(twin);
  });

  it('recognises twins', () => {
    expect(isTestTwinPath('/studies/a/test/b')).toBe(true);
    expect(isTestTwinPath('/studies/a/b')).toBe(false);
    expect(isTestTwinPath('/x')).toBe(false);
  });
});
