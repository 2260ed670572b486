import { describe, expect, it } from 'vitest';
import { issueFieldRefs } from '../messages/validation-issues';
import { readSpirometrySettings, SPIROMETRY_DEFAULTS, SpirometrySettingsSchema } from './settings';

/** The first message of each failing field, as `field: key`. */
function problems(value: unknown) {
  const r = SpirometrySettingsSchema.safeParse(value);
  if (r.success) return {};
  return Object.fromEntries(
    Object.entries(issueFieldRefs(r.error.issues, value)).map(([f, refs]) => [f, refs[0]!.key]),
  );
}

describe('forced-spirometry settings (decision 0045)', () => {
  it('default: disabled, 3 to 8 efforts, 150 mL, PEF recorded, alert below 70 %', () => {
    expect(SpirometrySettingsSchema.parse({})).toEqual({
      enabled: false,
      minEfforts: 3,
      maxEfforts: 8,
      repeatabilityMl: 150,
      recordPef: true,
      lowRatioAlertPercent: 70,
    });
    expect(SpirometrySettingsSchema.parse({})).toEqual(SPIROMETRY_DEFAULTS);
  });

  it.each([
    [{ minEfforts: 2 }, { minEfforts: 'errors.tooSmall' }],
    [{ minEfforts: 9 }, { minEfforts: 'errors.tooLarge' }],
    [{ minEfforts: 3.5 }, { minEfforts: 'errors.invalidValue' }],
    [{ maxEfforts: 9 }, { maxEfforts: 'errors.tooLarge' }],
    [{ minEfforts: 6, maxEfforts: 5 }, { maxEfforts: 'spirometry.maxBelowMin' }],
    [{ repeatabilityMl: 99 }, { repeatabilityMl: 'errors.tooSmall' }],
    [{ repeatabilityMl: 251 }, { repeatabilityMl: 'errors.tooLarge' }],
    [{ repeatabilityMl: 150.5 }, { repeatabilityMl: 'errors.invalidValue' }],
    [{ lowRatioAlertPercent: 39.9 }, { lowRatioAlertPercent: 'errors.tooSmall' }],
    [{ lowRatioAlertPercent: 90.1 }, { lowRatioAlertPercent: 'errors.tooLarge' }],
    [{ lowRatioAlertPercent: Number.NaN }, { lowRatioAlertPercent: 'errors.invalidValue' }],
    [{ enabled: 'yes' }, { enabled: 'errors.invalidValue' }],
    [{ device: 'x' }, { device: 'errors.unknownField' }],
  ])('%j is refused: %j', (value, expected) => {
    expect(problems(value)).toEqual(expected);
  });

  it.each([
    { minEfforts: 8, maxEfforts: 8 },
    { minEfforts: 3, maxEfforts: 3, repeatabilityMl: 100 },
    { repeatabilityMl: 250, lowRatioAlertPercent: 40 },
    { lowRatioAlertPercent: 72.5, recordPef: false, enabled: true },
  ])('%j is accepted', (value) => {
    expect(problems(value)).toEqual({});
  });

  it('reads settings as far as it can: a bad field is its default, a maximum below the minimum is the minimum', () => {
    expect(readSpirometrySettings(null)).toEqual(SPIROMETRY_DEFAULTS);
    expect(readSpirometrySettings('x')).toEqual(SPIROMETRY_DEFAULTS);
    expect(readSpirometrySettings({ minEfforts: 6, maxEfforts: 4, repeatabilityMl: 120, enabled: true })).toEqual({
      ...SPIROMETRY_DEFAULTS,
      enabled: true,
      minEfforts: 6,
      maxEfforts: 6,
      repeatabilityMl: 120,
    });
    expect(readSpirometrySettings({ minEfforts: 4.5, lowRatioAlertPercent: 55.5, recordPef: false })).toEqual({
      ...SPIROMETRY_DEFAULTS,
      lowRatioAlertPercent: 55.5,
      recordPef: false,
    });
  });
});
