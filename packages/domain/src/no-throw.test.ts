import { describe, expect, it, vi } from 'vitest';
import * as D from './index';

// No input makes a rule throw (DESIGN §4).
const ODD: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  0,
  -1,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  [],
  {},
  [null],
  { a: undefined },
  'x'.repeat(10_000),
  '<script>',
  '\u0000',
  '😀',
  new Date('invalid'),
  Symbol.for('s'),
  () => 1,
  10n,
];

describe('no input makes a rule throw', () => {
  const fns: [string, (v: unknown) => unknown][] = [
    ['splitRealmRole', (v) => D.splitRealmRole(v as string)],
    ['roleMatches', (v) => D.roleMatches(v as string, 'Pi')],
    ['can', (v) => D.can(v as string, 'studies.view')],
    ['canEditUser', (v) => D.canEditUser({ actorRoleType: v as string, targetRoleType: v as string, realmMode: true })],
    ['detectEnvironment', (v) => D.detectEnvironment(typeof v === 'symbol' ? '' : (v as string))],
    ['parseEnvHeader', (v) => D.parseEnvHeader(v)],
    ['checkPassword', (v) => D.checkPassword(v)],
    ['checkUsername', (v) => D.checkUsername(v)],
    ['withLeadingPlus', (v) => D.withLeadingPlus(typeof v === 'symbol' ? '' : (v as string))],
    ['formatPhoneDisplay', (v) => D.formatPhoneDisplay(typeof v === 'symbol' ? '' : (v as string))],
    ['isIdleExpired', (v) => D.isIdleExpired(v as number, Date.now())],
    ['decideHttpOutcome', (v) => D.decideHttpOutcome({ status: v as number, body: v, online: false })],
    ['sanitizeContent', (v) => D.sanitizeContent(v)],
    ['cleanRequestBody', (v) => D.cleanRequestBody(v)],
    ['shortenText', (v) => D.shortenText(typeof v === 'symbol' ? '' : (v as string))],
    ['contrastColor', (v) => D.contrastColor(typeof v === 'string' ? v : null)],
    [
      'formatDisplayDate',
      (v) => D.formatDisplayDate(v instanceof Date || typeof v === 'string' || typeof v === 'number' ? v : null),
    ],
    ['preferServerMessage', (v) => D.preferServerMessage(v, 'f')],
    ['translate', (v) => D.translate(v as D.MessageKey, {}, v as string)],
    ['clampPageSize', (v) => D.clampPageSize(v)],
  ];
  it.each(fns)('%s', (_name, fn) => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const v of ODD) expect(() => fn(v)).not.toThrow();
    expect(() => D.isFeatureEnabled(ODD, ODD, ODD)).not.toThrow();
    err.mockRestore();
  });
});
