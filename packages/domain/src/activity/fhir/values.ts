/**
 * FHIR R4 primitive values (http://hl7.org/fhir/R4/datatypes.html): the patterns a written resource
 * must meet, and texts made to meet them.
 */

/** A FHIR string: no whitespace but space, tab, CR and LF; at least one character. */
export const FHIR_STRING = /^[ \r\n\t\S]+$/;
const YEAR = '([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)';
const MONTH_DAY = '(-(0[1-9]|1[0-2])(-(0[1-9]|[1-2][0-9]|3[0-1]))?)?';
const CLOCK = '([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?';
const ZONE = '(Z|(\\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00))';
export const FHIR_DATE = new RegExp(`^${YEAR}${MONTH_DAY}$`);
export const FHIR_DATE_TIME = new RegExp(
  `^${YEAR}(-(0[1-9]|1[0-2])(-(0[1-9]|[1-2][0-9]|3[0-1])(T${CLOCK}${ZONE})?)?)?$`,
);
export const FHIR_TIME = new RegExp(`^${CLOCK}$`);
export const FHIR_ZONE = new RegExp(`^${ZONE}$`);
/** A resource id. */
export const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;
export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

/** A full date part must be a day of the calendar ("Dates SHALL be valid dates"). */
export function isRealDatePart(text: string): boolean {
  if (text.length < 10) return true;
  const [y, m, d] = [Number(text.slice(0, 4)), Number(text.slice(5, 7)), Number(text.slice(8, 10))];
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const isFhirDateTime = (v: unknown): v is string =>
  typeof v === 'string' && FHIR_DATE_TIME.test(v) && isRealDatePart(v);

export const isInt32 = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX;

// whitespace other than space, tab, CR and LF (no-break space, line separator, …)
const OTHER_SPACE = /[^ \r\n\t\S]/g;

/** A text as a FHIR string: the whitespace FHIR strings cannot hold becomes a space. */
export function fhirString(text: string): string {
  return text.replace(OTHER_SPACE, ' ');
}

/**
 * JSON of a value, as a FHIR string: whitespace FHIR strings cannot hold is written as a `\u` escape
 * (it can only stand inside a JSON string, where the escape reads back as the same character).
 */
export function jsonText(value: unknown): string {
  return JSON.stringify(value).replace(/[^ \S]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
