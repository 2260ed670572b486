/** The import template (E-078): the columns the study asks at the caller's sites, as CSV or XLSX with instructions. */
import { PARTICIPANT_IMPORT_COLUMNS, PARTICIPANT_IMPORT_CSV, PARTICIPANT_IMPORT_XLSX } from '@trialpath/contract';
import { type CustomRegistrationField, PARTICIPANT_GENDERS } from '@trialpath/domain';
import { stringify } from 'csv-stringify/sync';
import { BinaryResponse } from '../../http/context';
import type { ServiceCtx } from '../../kernel/context';
import { fileHeaders } from '../files/files.service';
import { requireParticipantManager } from '../participants/participant-access.service';
import { studyLanguagesAndCountries, studyTextLanguages } from '../studies/studies.service';
import { fileRefused } from './import-file';
import { type ImportField, versionsOfSites } from './import.service';
import { addableSites, askedOfVersion } from './records.service';
// ─── The template ────────────────────────────────────────────────────────────────────────────────────────────

/** What to write in each column (the XLSX template's instructions), with an example. */
function guideOf(
  field: ImportField,
  facts: { siteCodes: string[]; countries: string[]; languages: string[]; fieldLabels: Record<string, string> },
) {
  const own = (f: CustomRegistrationField) =>
    [`Text: the study’s field “${facts.fieldLabels[f] ?? f}”.`, ''] as [string, string];
  const list = (items: string[]) => items.join(', ');
  const guides: Record<ImportField, [string, string]> = {
    participantId: [
      'Leave empty: the study numbers the participant at their site. Else letters, digits, dots, dashes or underscores.',
      '',
    ],
    siteId: [`The code of one of your sites: ${list(facts.siteCodes)}.`, facts.siteCodes[0] ?? ''],
    firstName: ['Text.', 'Ada'],
    lastName: ['Text.', 'Lovelace'],
    email: ['An e-mail address no other participant of the study has.', 'ada.lovelace@example.org'],
    mobileCountryCode: ['The country calling code of the phone number.', '+1'],
    mobile: ['The phone number without its country code.', '617 555 0101'],
    dateOfBirth: ['yyyy-mm-dd (or a date cell).', '1990-12-10'],
    gender: [`One of ${list([...PARTICIPANT_GENDERS])}.`, 'FEMALE'],
    address: ['Text.', '1 Main Street'],
    city: ['Text.', 'Boston'],
    state: ['Text.', 'MA'],
    zipcode: ['Letters, digits, spaces or dashes.', '02110'],
    countryId: [`One of ${list(facts.countries)}. Empty: the site's country.`, facts.countries[0] ?? ''],
    languageId: [`One of ${list(facts.languages)}. Empty: the study's language.`, facts.languages[0] ?? ''],
    optInSMS: ['yes or no: whether the participant agrees to text messages. Empty: no.', 'yes'],
    parentOrCgFirstName: ['Text: the first name of the parent or caregiver who looks after the participant.', 'Mary'],
    parentOrCgLastName: ['Text: their last name.', 'Lovelace'],
    howDidYouHear: ['Text: how the participant heard of the study.', 'From my doctor'],
    customField1: own('customField1'),
    customField2: own('customField2'),
    customField3: own('customField3'),
  };
  return guides[field];
}

/** Columns kept as text in the XLSX template: a spreadsheet program must not turn them into numbers or dates. */
const TEXT_COLUMNS = new Set<ImportField>(['participantId', 'mobileCountryCode', 'mobile', 'dateOfBirth', 'zipcode']);

/**
 * The import template (E-078): the columns the study asks at the caller's sites (any of them), the required ones
 * marked. The CSV holds the headings only; the XLSX adds an instructions sheet with an example row, never a row of
 * data, so a template sent back unfilled imports nobody.
 */
export async function importTemplate(ctx: ServiceCtx, input: { studyId: string; type: 'csv' | 'xlsx' }) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const sites = await addableSites(ctx, access);
  if (sites.length === 0) throw fileRefused('participants.import.noSites');
  const versions = await versionsOfSites(ctx, input.studyId, sites);
  const needs = [...versions.values()].map((v) => v.needs);
  const columns = PARTICIPANT_IMPORT_COLUMNS.filter((c) => needs.some((n) => n[c.field] !== 'hidden')).map((c) => ({
    ...c,
    required: needs.some((n) => n[c.field] === 'required'),
  }));
  const stamp = ctx.env === 'TEST' ? '_test' : '';
  if (input.type === 'csv') {
    const csv = stringify([columns.map((c) => c.heading)], { record_delimiter: 'windows' });
    // a byte-order mark: spreadsheet programs then read the file as UTF-8
    return new BinaryResponse(
      'text/csv; charset=utf-8',
      Buffer.from(`\uFEFF${csv}`),
      fileHeaders(PARTICIPANT_IMPORT_CSV, 'attachment', `participant-import${stamp}.csv`),
    );
  }
  const { countries, languages } = await studyLanguagesAndCountries(ctx, input.studyId);
  const { defaultLanguage } = await studyTextLanguages(ctx, input.studyId);
  // the names the study gave its own fields, from the versions the caller's sites run
  const fieldLabels: Record<string, string> = {};
  for (const v of new Set([...versions.values()].map((x) => x.versionId)))
    Object.assign(fieldLabels, (await askedOfVersion(ctx, input.studyId, v)).fieldLabels, fieldLabels);
  const facts = {
    fieldLabels,
    siteCodes: sites.map((s) => s.site_code),
    countries: countries.map((c) => c.id),
    languages: [defaultLanguage, ...languages.map((l) => l.id).filter((l) => l !== defaultLanguage)],
  };
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Participants', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.heading,
    width: Math.max(14, c.heading.length + 4),
    ...(TEXT_COLUMNS.has(c.field) ? { style: { numFmt: '@' } } : {}),
  }));
  columns.forEach((c, i) => {
    const cell = sheet.getRow(1).getCell(i + 1);
    cell.font = { bold: true };
    if (c.required) cell.note = 'Required';
  });
  const guide = book.addWorksheet('Instructions');
  guide.columns = [
    { header: 'Column', width: 22 },
    { header: 'Required', width: 10 },
    { header: 'What to write', width: 90 },
    { header: 'Example', width: 28 },
  ];
  guide.getRow(1).font = { bold: true };
  for (const c of columns) {
    const [what, example] = guideOf(c.field, facts);
    guide.addRow([c.heading, c.required ? 'Yes' : 'No', what, example]);
  }
  guide.addRow([]);
  guide.addRow([
    'One participant a row on the Participants sheet, under the headings of row 1. Every row is imported or none: a file with problems is refused with a report of each bad cell.',
  ]);
  const data = new Uint8Array(await book.xlsx.writeBuffer());
  return new BinaryResponse(
    PARTICIPANT_IMPORT_XLSX,
    data,
    fileHeaders(PARTICIPANT_IMPORT_XLSX, 'attachment', `participant-import${stamp}.xlsx`),
  );
}
