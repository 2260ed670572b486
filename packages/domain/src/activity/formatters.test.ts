// The formatters and the password/username rule this issue lists (000 §5, §9; 001 §5; 002 §5, §9), written
// for the foundation issue (imported through the package's index): checked here against the spec's wording.
import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  checkUsername,
  contrastColor,
  DATE_FORMATS,
  DEFAULT_STUDY_COLOR,
  formatDateUpper,
  formatDisplayDate,
  formatDuration,
  formatPhoneDisplay,
  shortenParticipantId,
  shortenText,
  shortenVersionName,
} from '../index';
import { csvFileName } from './export-file-name';

describe('formatters of the activity area', () => {
  it.each([
    ['5551234567', undefined, '+1 (555) 123-4567'],
    ['15551234567', undefined, '+1 (555) 123-4567'],
    ['(555) 123-4567', '44', '+44 (555) 123-4567'],
    ['12345', undefined, '12345'],
  ])('phone %s (%s) → %s (B-092, B-093)', (n, cc, out) => expect(formatPhoneDisplay(n, cc)).toBe(out));

  it("date-time 'DD MMM YYYY hh:mm A z' (B-094) in UTC, EST and Pacific", () => {
    const d = '2024-03-05T15:04:00Z';
    expect(formatDisplayDate(d, DATE_FORMATS.DATE_TIME_ZONE, 'UTC')).toBe('05 Mar 2024 03:04 PM UTC');
    expect(formatDisplayDate(d, DATE_FORMATS.DATE_TIME_ZONE, 'EST')).toBe('05 Mar 2024 10:04 AM EST');
    expect(formatDisplayDate(d, DATE_FORMATS.DATE_TIME_ZONE, 'Pacific')).toBe('05 Mar 2024 07:04 AM PST');
    expect(formatDisplayDate(d, DATE_FORMATS.DATE_TIME_ZONE)).toMatch(
      /^\d{2} [A-Z][a-z]{2} 2024 \d{2}:\d{2} [AP]M \S+$/,
    );
    expect(formatDisplayDate(d, DATE_FORMATS.DATE, 'UTC')).toBe('03/05/2024');
    expect(formatDateUpper(d, 'UTC')).toBe('05 MAR 2024');
  });

  it('participant id, version name, text shortening, contrast colour, duration, CSV name', () => {
    expect(shortenParticipantId('ABCDEFGHIJKLMNOPQRSTUVWXYZ')).toBe('ABCDEFGHIJKLMNO…WXYZ');
    expect(shortenVersionName('A very long version name indeed')).toBe('A very long version …');
    expect(shortenVersionName('v1.0-(draft)#2!x')).toBe('v1.0-(draft)#2!…');
    expect(shortenText('a'.repeat(41))).toBe(`${'a'.repeat(40)}…`);
    expect(contrastColor('#FFFFFF')).toBe('#000000');
    expect(contrastColor('#000000')).toBe('#FFFFFF');
    expect(contrastColor('#808080')).toBe('#000000'); // brightness 128 → black
    expect(contrastColor(null)).toBe(contrastColor(DEFAULT_STUDY_COLOR));
    expect(formatDuration(3725)).toBe('01:02:05');
    expect(csvFileName('Enrollment', '2024-03-05T15:04:09Z')).toBe('Enrollment_05032024150409.csv');
  });

  it('password and username: letters and numbers in any script (001 §5)', () => {
    expect(checkPassword('Contraseña1!')).toEqual([]);
    expect(checkPassword('пароль12#')).toEqual([]);
    expect(checkPassword('密码密码密码१२#')).toEqual([]);
    expect(checkPassword('abc!')).toEqual(['password.minLength', 'password.number']);
    expect(checkUsername('ユーザー名前12@', { isUnique: false })).toEqual(['username.taken']);
  });
});

describe('question text conversion (000 §1, B-010)', () => {
  it('formatted body → sanitised text; plain body otherwise; failure → the spec message', async () => {
    const { questionDisplayText } = await import('./question-text');
    expect(
      questionDisplayText({ body: { en: 'Pain' }, formattedBody: { en: '<b>Pain</b><script>x()</script>' } }),
    ).toBe('Pain');
    expect(questionDisplayText({ body: { en: 'Pain', es: 'Dolor' } }, 'es')).toBe('Dolor');
    const broken = { body: { en: 'x' }, formattedBody: { en: 5 as unknown as string } };
    expect(questionDisplayText(broken)).toBe('Unable to get the conversion.');
    expect(questionDisplayText(broken, 'es')).toBe('No se ha podido obtener la conversión.');
  });
});
