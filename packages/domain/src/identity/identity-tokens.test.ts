import { describe, expect, it } from 'vitest';
import { issueFieldRefs } from '../messages/validation-issues';
import {
  IDENTITY_TOKEN_EXTRA_KINDS,
  IDENTITY_TOKEN_FIELDS,
  IDENTITY_TOKEN_KINDS,
  IDENTITY_TOKEN_NAMED_KINDS,
  IDENTITY_TOKEN_RECIPES,
  type IdentityTokenMetaLike,
  IdentityTokenMetaSchema,
  identityTokenInputs,
  identityTokens,
  normalizeAddress,
  normalizeDob,
  normalizedIdentity,
  normalizeEmail,
  normalizeGender,
  normalizeName,
  normalizePhone,
  soundex,
  zipPrefix,
} from './identity-tokens';

/** One person with every value given. */
const ADA: IdentityTokenMetaLike = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  gender: 'F',
  dob: '1985-12-10',
  zipcode: '02139-4307',
  address: '12 North Main Street, Apt. 4',
  email: 'Ada.Lovelace@gmail.com',
  countryCode: '+1',
  phoneNumber: '(617) 555-0134',
};

/** A stand-in keyed hash, deterministic and reversible by eye in the tests (the server's is HMAC-SHA256). */
const fakeHmac = async (input: string) => `h(${input})`;

const inputOf = (meta: IdentityTokenMetaLike, kind: number) =>
  identityTokenInputs(meta).find((i) => i.kind === kind)?.input;

describe('the kinds (D-136, D-137, D-138)', () => {
  it('D-136: 17 named kinds numbered 1, 2, 3, 4, 6, 7, 8, 9, 12, 14, 15, 17, 18, 23, 24, 25 and 26', () => {
    expect(IDENTITY_TOKEN_NAMED_KINDS).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 12, 14, 15, 17, 18, 23, 24, 25, 26]);
    expect(IDENTITY_TOKEN_NAMED_KINDS).toHaveLength(17);
    for (const kind of IDENTITY_TOKEN_NAMED_KINDS) expect(IDENTITY_TOKEN_RECIPES[kind].name).toBe(`T${kind}`);
  });

  it('D-137: kinds 29 and 30 also exist, each with its own formula', () => {
    expect(IDENTITY_TOKEN_EXTRA_KINDS).toEqual([29, 30]);
    expect(IDENTITY_TOKEN_KINDS).toEqual([...IDENTITY_TOKEN_NAMED_KINDS, 29, 30]);
    expect(IDENTITY_TOKEN_RECIPES[29].fields).toEqual(['email']);
    expect(IDENTITY_TOKEN_RECIPES[30].fields).toEqual(['phone']);
  });

  it('D-138: every kind has a formula of known values, and no two kinds join the same combination', () => {
    expect(Object.keys(IDENTITY_TOKEN_RECIPES).map(Number)).toEqual([...IDENTITY_TOKEN_KINDS]);
    const combos = new Set<string>();
    for (const kind of IDENTITY_TOKEN_KINDS) {
      const { fields, purpose } = IDENTITY_TOKEN_RECIPES[kind];
      expect(fields.length).toBeGreaterThan(0);
      expect(purpose).not.toBe('');
      for (const f of fields) expect(IDENTITY_TOKEN_FIELDS).toContain(f);
      combos.add([...fields].sort().join('+'));
    }
    expect(combos.size).toBe(IDENTITY_TOKEN_KINDS.length);
  });

  it('D-135: the kinds are built from name, gender, date of birth, address, zip (2, 3 and 5) and e-mail or phone', () => {
    const used = new Set(IDENTITY_TOKEN_KINDS.flatMap((k) => IDENTITY_TOKEN_RECIPES[k].fields));
    expect([...used].sort()).toEqual([...IDENTITY_TOKEN_FIELDS].sort());
  });

  it('D-138: with every value given, each of the 19 kinds is made from its formula', () => {
    const base = 'LOVELACE|ADA';
    expect(identityTokenInputs(ADA)).toEqual([
      { kind: 1, input: 'T1|LOVELACE|A|F|19851210' },
      { kind: 2, input: 'T2|L142|A300|F|19851210' },
      { kind: 3, input: `T3|${base}|19851210|02139` },
      { kind: 4, input: `T4|${base}|F|19851210` },
      { kind: 6, input: `T6|${base}|19851210|021` },
      { kind: 7, input: 'T7|LOVELACE|A|19851210|02139' },
      { kind: 8, input: 'T8|L142|A300|19851210|021' },
      { kind: 9, input: `T9|${base}|F|1985|02139` },
      { kind: 12, input: `T12|${base}|12 N MAIN ST APT 4|02139` },
      { kind: 14, input: 'T14|LOVELACE|A|12 N MAIN ST APT 4|02139' },
      { kind: 15, input: 'T15|ADA|19851210|12 N MAIN ST APT 4|02139' },
      { kind: 17, input: `T17|${base}|19851210|02` },
      { kind: 18, input: 'T18|L142|A|F|19851210|02' },
      { kind: 23, input: `T23|${base}|adalovelace@gmail.com` },
      { kind: 24, input: `T24|${base}|16175550134` },
      { kind: 25, input: 'T25|ADA|19851210|adalovelace@gmail.com' },
      { kind: 26, input: 'T26|ADA|19851210|16175550134' },
      { kind: 29, input: 'T29|adalovelace@gmail.com' },
      { kind: 30, input: 'T30|16175550134' },
    ]);
  });
});

describe('normalisation', () => {
  it.each([
    ['García', 'GARCIA'],
    ['  josé-maría ', 'JOSEMARIA'],
    ["O'Reilly", 'OREILLY'],
    ['Van der Berg', 'VANDERBERG'],
    ['Smith Jr.', 'SMITH'],
    ['Smith, SR', 'SMITH'],
    ['Henry III', 'HENRY'],
    ['Henry II', 'HENRY'],
    ['King IV', 'KING'],
    ['Jr', 'JR'],
    ['Straße', 'STRASSE'],
    ['Øre Łukasz Æbelø', 'ORELUKASZAEBELO'],
    ['Müller2', 'MULLER'],
    ['李', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('name %j → %j', (raw, out) => expect(normalizeName(raw)).toBe(out));

  it.each([
    ['Robert', 'R163'],
    ['Rupert', 'R163'],
    ['Ashcraft', 'A261'],
    ['Tymczak', 'T522'],
    ['Pfister', 'P236'],
    ['Honeyman', 'H555'],
    ['Lee', 'L000'],
    ['Wu', 'W000'],
    ['lovelace', 'L142'],
    ['', null],
    [null, null],
  ])('Soundex of %j is %j', (name, code) => expect(soundex(name)).toBe(code));

  it.each([
    ['M', 'M'],
    ['male', 'M'],
    [' Woman ', 'F'],
    ['f', 'F'],
    ['Unknown', 'U'],
    ['x', 'U'],
    ['other', 'U'],
    ['yes', null],
    ['', null],
    [null, null],
  ])('gender %j → %j', (raw, out) => expect(normalizeGender(raw)).toBe(out));

  it.each([
    ['1985-12-10', '19851210'],
    [' 2000-02-29 ', '20000229'],
    ['1900-01-01', '19000101'],
    ['1899-12-31', null],
    ['1900-02-29', null],
    ['2023-02-30', null],
    ['2023-13-01', null],
    ['10/12/1985', null],
    ['', null],
    [undefined, null],
  ])('date of birth %j → %j', (raw, out) => expect(normalizeDob(raw)).toBe(out));

  it.each([
    ['02139', 5, '02139'],
    ['02139', 3, '021'],
    ['02139', 2, '02'],
    ['90210-4455', 5, '90210'],
    ['902', 5, null],
    ['902', 3, '902'],
    ['902', 2, '90'],
    ['90', 3, null],
    ['90', 2, '90'],
    ['sw1a 1aa', 5, 'SW1A1'],
    [null, 2, null],
  ] as const)('zip %j to %j characters → %j', (raw, length, out) => expect(zipPrefix(raw, length)).toBe(out));

  it.each([
    ['12 North Main Street, Apt. 4', '12 N MAIN ST APT 4'],
    ['12  n. main st.   apt 4', '12 N MAIN ST APT 4'],
    ['5 Avenue des Champs-Élysées', '5 AVE DES CHAMPS ELYSEES'],
    ['1 Ocean Boulevard Suite 200', '1 OCEAN BLVD STE 200'],
    ['7 West Lane', '7 W LN'],
    ['---', null],
    [null, null],
  ])('address %j → %j', (raw, out) => expect(normalizeAddress(raw)).toBe(out));

  it.each([
    ['  Ada@Example.ORG ', 'ada@example.org'],
    ['ada.lovelace@example.org', 'ada.lovelace@example.org'],
    ['Ada.Love.Lace+trials@gmail.com', 'adalovelace@gmail.com'],
    ['adalovelace@googlemail.com', 'adalovelace@gmail.com'],
    ['+tag@gmail.com', null],
    ['not an address', null],
    ['a|b@example.org', null],
    ['ada@localhost', null],
    [null, null],
  ])('e-mail %j → %j', (raw, out) => expect(normalizeEmail(raw)).toBe(out));

  it.each([
    ['(617) 555-0134', '+1', '16175550134'],
    ['617.555.0134', null, '16175550134'],
    ['1 617 555 0134', '1', '16175550134'],
    ['+1 617 555 0134', '+44', '16175550134'],
    ['07700 900123', '+44', '447700900123'],
    ['0044 7700 900123', null, '447700900123'],
    ['06 1234 5678', '39', '390612345678'],
    ['932 27 54 00', '+34', '34932275400'],
    ['932 27 54 00', null, null],
    ['555 0134', '+1', null],
    ['+1 234', null, null],
    ['+12 3456 7890 1234 5678', null, null],
    ['', '+1', null],
    [null, null, null],
  ])('phone %j with country code %j → %j', (raw, cc, out) => expect(normalizePhone(raw, cc)).toBe(out));
});

describe('which kinds are made', () => {
  it('a kind with a missing value is skipped, never hashed with a blank', () => {
    const kinds = identityTokenInputs({ ...ADA, email: null, phoneNumber: '' }).map((i) => i.kind);
    expect(kinds).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 12, 14, 15, 17, 18]);
    for (const { input } of identityTokenInputs({ ...ADA, address: '   ' })) {
      expect(input.split('|')).not.toContain('');
      expect(input).not.toContain('MAIN');
    }
  });

  it('zip 2, 3 or 5: a short postcode still gives the kinds of the precision it has', () => {
    const kindsWith = (zipcode: string) => identityTokenInputs({ ...ADA, zipcode }).map((i) => i.kind);
    const zip5Kinds = [3, 7, 9, 12, 14, 15];
    expect(kindsWith('02139')).toEqual(expect.arrayContaining([...zip5Kinds, 6, 8, 17, 18]));
    expect(kindsWith('021').filter((k) => zip5Kinds.includes(k))).toEqual([]);
    expect(kindsWith('021')).toEqual(expect.arrayContaining([6, 8, 17, 18]));
    expect(kindsWith('02')).toEqual(expect.arrayContaining([17, 18]));
    expect(kindsWith('02')).not.toContain(6);
    expect(inputOf({ ...ADA, zipcode: '021' }, 6)).toBe('T6|LOVELACE|ADA|19851210|021');
  });

  it('gender unknown counts as missing; an initial is not a first name; a one-letter surname is no surname', () => {
    const unknown = identityTokenInputs({ ...ADA, gender: 'U' }).map((i) => i.kind);
    for (const k of [1, 2, 4, 9, 18]) expect(unknown).not.toContain(k);
    expect(unknown).toContain(3);
    const initial = normalizedIdentity({ firstName: 'A.', lastName: 'X' });
    expect(initial).toEqual({ firstInitial: 'A' });
    expect(inputOf({ ...ADA, firstName: 'A.' }, 1)).toBe('T1|LOVELACE|A|F|19851210');
    expect(inputOf({ ...ADA, firstName: 'A.' }, 4)).toBeUndefined();
  });

  it('nothing given, nothing made', async () => {
    expect(identityTokenInputs({})).toEqual([]);
    expect(await identityTokens({}, fakeHmac)).toEqual([]);
  });
});

describe('linkage: the same person written differently, and different people', () => {
  const sameAda: IdentityTokenMetaLike = {
    firstName: '  ADA ',
    lastName: 'lovelace',
    gender: 'female',
    dob: '1985-12-10',
    zipcode: '02139',
    address: '12 north main st apt 4',
    email: ' adalovelace+study@GoogleMail.com',
    countryCode: '1',
    phoneNumber: '617.555.0134',
  };

  it('gives the same tokens, kind for kind', async () => {
    const a = await identityTokens(ADA, fakeHmac);
    expect(a).toHaveLength(19);
    expect(await identityTokens(sameAda, fakeHmac)).toEqual(a);
  });

  it('with accents and a suffix on one side, the name kinds still agree', () => {
    const one = { firstName: 'José', lastName: 'Núñez Jr.', gender: 'M', dob: '1970-01-02' };
    const two = { firstName: 'jose', lastName: 'NUNEZ', gender: 'm', dob: '1970-01-02' };
    expect(identityTokenInputs(one)).toEqual(identityTokenInputs(two));
  });

  it('a misspelt surname still links on the Soundex kind; a married name on the kinds without surname', () => {
    const misspelt = { ...ADA, lastName: 'Lovelase' };
    expect(inputOf(misspelt, 2)).toBe(inputOf(ADA, 2));
    expect(inputOf(misspelt, 1)).not.toBe(inputOf(ADA, 1));
    const married = { ...ADA, lastName: 'King' };
    for (const k of [15, 25, 26, 29, 30]) expect(inputOf(married, k)).toBe(inputOf(ADA, k));
  });

  it('gives different tokens for different people, and the kinds never share a token', async () => {
    // Her sister: same surname, gender, home and landline; her own first name, birth date and e-mail.
    const sister = { ...ADA, firstName: 'Grace', dob: '1988-03-02', email: 'grace@example.org' };
    const mine = await identityTokens(ADA, fakeHmac);
    const theirs = await identityTokens(sister, fakeHmac);
    const shared = theirs.filter((t) => mine.some((m) => m.kind === t.kind && m.token === t.token)).map((t) => t.kind);
    // Only the kind built from nothing but what they really share: the household's phone.
    expect(shared).toEqual([30]);
    expect(new Set(mine.map((t) => t.token)).size).toBe(mine.length);
  });

  it('hashes each input with the given keyed hash, kind by kind', async () => {
    const seen: string[] = [];
    const tokens = await identityTokens({ email: 'ada@example.org' }, async (input) => {
      seen.push(input);
      return `key:${input.length}`;
    });
    expect(seen).toEqual(['T29|ada@example.org']);
    expect(tokens).toEqual([{ kind: 29, token: `key:${'T29|ada@example.org'.length}` }]);
  });
});

describe('IdentityTokenMetaSchema (D-134)', () => {
  const fieldsOf = (input: unknown) => {
    const r = IdentityTokenMetaSchema.safeParse(input);
    return r.success ? {} : issueFieldRefs(r.error.issues, input, 'body');
  };

  it('has exactly the fields firstName, lastName, gender, dob, zipcode, address, email, countryCode, phoneNumber', () => {
    expect(Object.keys(IdentityTokenMetaSchema.shape)).toEqual([
      'firstName',
      'lastName',
      'gender',
      'dob',
      'zipcode',
      'address',
      'email',
      'countryCode',
      'phoneNumber',
    ]);
    expect(IdentityTokenMetaSchema.parse(ADA)).toEqual(ADA);
    expect(fieldsOf({ ...ADA, ssn: '123-45-6789' })).toEqual({
      ssn: [{ key: 'errors.unknownField', params: { field: 'ssn' } }],
    });
  });

  it('takes every field as optional, null or blank', () => {
    expect(IdentityTokenMetaSchema.parse({})).toEqual({});
    const blanks = Object.fromEntries(Object.keys(ADA).map((k) => [k, '']));
    const nulls = Object.fromEntries(Object.keys(ADA).map((k) => [k, null]));
    expect(fieldsOf(blanks)).toEqual({});
    expect(fieldsOf(nulls)).toEqual({});
  });

  it.each([
    ['dob', '10/12/1985', 'errors.invalidFormat'],
    ['dob', '2023-02-30', 'errors.invalidValue'],
    ['dob', '1850-01-01', 'errors.invalidValue'],
    ['dob', '2999-01-01', 'errors.invalidValue'],
    ['gender', 'maybe', 'errors.invalidValue'],
    ['zipcode', '0', 'errors.invalidFormat'],
    ['zipcode', '02139;', 'errors.invalidFormat'],
    ['email', 'ada@', 'errors.invalidEmail'],
    ['countryCode', '+12a', 'errors.invalidFormat'],
    ['phoneNumber', 'call me', 'errors.invalidFormat'],
  ])('%s %j is refused with %s', (field, value, key) => {
    expect(fieldsOf({ ...ADA, [field]: value })).toEqual({ [field]: [{ key }] });
  });

  it('refuses text over its length with the length message', () => {
    expect(fieldsOf({ firstName: 'a'.repeat(101) })).toEqual({
      firstName: [{ key: 'errors.tooLong', params: { max: 100 } }],
    });
    expect(fieldsOf({ dob: '1985-12-10T00:00' })).toEqual({ dob: [{ key: 'errors.tooLong', params: { max: 10 } }] });
  });

  it('refuses a phone number whose country is unknown, but not one that is only malformed twice', () => {
    expect(fieldsOf({ phoneNumber: '932 27 54 00' })).toEqual({ phoneNumber: [{ key: 'errors.invalidValue' }] });
    expect(fieldsOf({ phoneNumber: '932 27 54 00', countryCode: '34' })).toEqual({});
    expect(fieldsOf({ phoneNumber: '932 27 54 00', countryCode: 'ES' })).toEqual({
      countryCode: [{ key: 'errors.invalidFormat' }],
    });
  });
});
