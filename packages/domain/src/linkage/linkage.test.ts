import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  linkageSoundex as soundex,
  normaliseBirthDate,
  normaliseName,
  normalisePostalCode,
  normaliseSex,
} from './normalise';
import { linkageMessage, normaliseIdentifiers } from './tokens';

describe('Soundex (US National Archives rules)', () => {
  it.each([
    ['ROBERT', 'R163'],
    ['RUPERT', 'R163'],
    ['ASHCRAFT', 'A261'],
    ['ASHCROFT', 'A261'],
    ['TYMCZAK', 'T522'],
    ['PFISTER', 'P236'],
    ['HONEYMAN', 'H555'],
    ['JACKSON', 'J250'],
    ['LEE', 'L000'],
    ['GUTIERREZ', 'G362'],
    ['A', 'A000'],
    ['', ''],
  ])('%s → %s', (name, code) => expect(soundex(name)).toBe(code));
});

describe('name normalisation', () => {
  it.each([
    ['García', 'GARCIA'],
    ['  garcia ', 'GARCIA'],
    ['GARCÍA-LÓPEZ', 'GARCIALOPEZ'],
    ["O'Brien", 'OBRIEN'],
    ['de la Cruz', 'DELACRUZ'],
    ['Smith Jr.', 'SMITH'],
    ['Smith, SR', 'SMITH'],
    ['Henry III', 'HENRY'],
    ['Jr', 'JR'],
    ['Øster', 'OSTER'],
    ['Straße', 'STRASSE'],
    ['Ｍüller', 'MULLER'],
    ['Łukasz', 'LUKASZ'],
    ['李', ''],
    [null, ''],
  ])('%s → %s', (input, out) => expect(normaliseName(input)).toBe(out));

  it('never throws and gives only A–Z', () => {
    fc.assert(fc.property(fc.string(), (s) => /^[A-Z]*$/.test(normaliseName(s))));
  });
});

describe('date of birth, sex and postal code', () => {
  const today = new Date('2026-12-01T00:00:00Z');
  it.each([
    ['1980-02-29', '1980-02-29'],
    ['1980-2-9', '1980-02-09'],
    ['1981-02-29', ''],
    ['1899-12-31', ''],
    ['2027-01-01', ''],
    ['02/03/1980', ''],
    [null, ''],
  ])('birth date %s → %s', (input, out) => expect(normaliseBirthDate(input, today)).toBe(out));

  it.each([
    ['FEMALE', 'F'],
    ['male', 'M'],
    ['OTHER', 'U'],
    ['UNKNOWN', 'U'],
    [null, ''],
  ])('gender %s → %s', (input, out) => expect(normaliseSex(input)).toBe(out));

  it.each([
    ['02115-1234', 5, '02115'],
    ['02115-1234', 3, '021'],
    ['sw1a 1aa', 5, 'SW1A1'],
    ['28 01', 5, ''],
    ['28 01', 3, '280'],
  ] as const)('postal code %s (%i) → %s', (input, n, out) => expect(normalisePostalCode(input, n)).toBe(out));
});

describe('token messages', () => {
  const today = new Date('2026-12-01T00:00:00Z');
  const fields = normaliseIdentifiers(
    { firstName: 'Lucía', lastName: 'García-López', dateOfBirth: '1984-07-09', gender: 'FEMALE', zipCode: '28013' },
    today,
  );
  it('joins each type’s normalised fields after its name', () => {
    expect(linkageMessage('T1', fields)).toEqual({ type: 'T1', message: 'T1|GARCIALOPEZ|L|F|1984-07-09' });
    expect(linkageMessage('T2', fields)).toEqual({ type: 'T2', message: 'T2|G624|L200|F|1984-07-09' });
    expect(linkageMessage('T3', fields)).toEqual({ type: 'T3', message: 'T3|GARCIALOPEZ|LUCIA|1984-07-09|280' });
    expect(linkageMessage('T4', fields)).toEqual({
      type: 'T4',
      message: 'T4|GARCIALOPEZ|LUCIA|F|1984-07-09',
    });
  });

  it('the same person written otherwise gives the same messages', () => {
    const other = normaliseIdentifiers(
      { firstName: ' LUCIA ', lastName: 'garcia lopez', dateOfBirth: '1984-7-9', gender: 'female', zipCode: '28013-x' },
      today,
    );
    expect(other).toEqual(fields);
  });

  it('a type with a missing field names what is missing instead of a message', () => {
    const noBirth = normaliseIdentifiers(
      { ...{ firstName: 'Ann', lastName: 'Lee', gender: null, zipCode: null }, dateOfBirth: null },
      today,
    );
    expect(linkageMessage('T1', noBirth)).toEqual({ type: 'T1', missing: ['sex', 'dob'] });
    expect(linkageMessage('T3', noBirth)).toEqual({ type: 'T3', missing: ['dob', 'zip3'] });
  });
});
