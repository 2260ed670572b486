import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEATURE_FLAGS, FEATURE_FLAG_NAMES, FLAG_POLL_INTERVAL_MS, isFeatureEnabled } from './flags';

afterEach(() => vi.restoreAllMocks());

const flags = {
  'test-portal': { enabled: true, customers: [] },
  caregiver: { enabled: true, customers: ['c1', 'c2'] },
  'qa-source-documents': { enabled: true },
  'configurable-report': { enabled: true, customers: null },
  'rbac-administration': { enabled: false, customers: [] },
  numbered: { enabled: true, customers: [7] },
  broken: { enabled: 'yes' },
  badCustomers: { enabled: true, customers: 'c1' },
  nulled: null,
};

describe('isFeatureEnabled', () => {
  it('has stable flag keys and a 5-minute poll', () => {
    expect(FEATURE_FLAGS.testPortal).toBe('test-portal');
    expect(FEATURE_FLAG_NAMES).toHaveLength(14);
    expect(new Set(FEATURE_FLAG_NAMES).size).toBe(14);
    expect(FLAG_POLL_INTERVAL_MS).toBe(300000);
  });

  it.each([
    ['empty customer list → all', 'test-portal', 'anyone', true],
    ['customer listed', 'caregiver', 'c2', true],
    ['customer not listed', 'caregiver', 'c3', false],
    ['customers missing', 'qa-source-documents', 'c9', true],
    ['customers null', 'configurable-report', 'c9', true],
    ['disabled', 'rbac-administration', 'c1', false],
    ['numeric customer ids', 'numbered', 7, true],
    ['numeric vs string id', 'numbered', '7', true],
    ['absent flag', 'new-study-configurator', 'c1', false],
    ['null flag', 'nulled', 'c1', false],
    ['inherited key', 'toString', 'c1', false],
  ])('%s', (_name, flag, customer, expected) => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(isFeatureEnabled(flags, flag, customer)).toBe(expected);
    expect(err).not.toHaveBeenCalled();
  });

  it.each([
    ['flags not an object', null, 'test-portal', 'c1'],
    ['flags an array', [], 'test-portal', 'c1'],
    ['flag name not a string', flags, 3, 'c1'],
    ['flag name empty', flags, '', 'c1'],
    ['customer id missing', flags, 'test-portal', undefined],
    ['customer id an object', flags, 'test-portal', {}],
    ['malformed flag', flags, 'broken', 'c1'],
    ['customers not a list', flags, 'badCustomers', 'c1'],
  ])('logs a console error and returns false: %s', (_name, f, name, customer) => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(isFeatureEnabled(f, name, customer)).toBe(false);
    expect(err).toHaveBeenCalledTimes(1);
  });

  it('returns false when reading the flags throws', () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const evil = new Proxy(
      {},
      {
        getOwnPropertyDescriptor() {
          throw new Error('boom');
        },
      },
    );
    expect(isFeatureEnabled(evil, 'test-portal', 'c1')).toBe(false);
    expect(err).toHaveBeenCalled();
  });
});
