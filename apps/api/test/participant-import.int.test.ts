/**
 * Participants imported from a CSV or XLSX file, all rows or none, with a report naming each bad cell; the file
 * checked without saving; the template (E-076, E-078; decision E-participant-records).
 */
import {
  addParticipant,
  buildPath,
  checkParticipantImport,
  type Endpoint,
  getParticipantImportTemplate,
  importParticipants,
  PARTICIPANT_IMPORT_XLSX,
} from '@trialpath/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let boston: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  boston = await idOf(t.db, 'sites', { site_code: 'US-001' });
  for (const u of ['crc.demo', 'cra.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
  // the demo study asks the birth date and gender too (optional), as a study may: the file's columns are checked
  const ask = (column: 'content' | 'snapshot') =>
    sql.raw(
      `jsonb_set(jsonb_set(${column}, '{registration,fields,dateOfBirth}', '{"asked":true,"required":false}'),
      '{registration,fields,gender}', '{"asked":true,"required":false}')`,
    );
  await sql`update study_versions set content = ${ask('content')}, snapshot = ${ask('snapshot')}
    where study_id = ${demo}`.execute(t.db);
});
afterAll(() => t?.close());

/** The file as the request body, as the portal's uploader sends it. */
async function send(
  endpoint: Endpoint,
  file: string | Buffer,
  o: { user?: string; type?: string; query?: Record<string, string> } = {},
) {
  const qs = o.query ? `?${new URLSearchParams(o.query)}` : '';
  const res = await t.app.inject({
    method: 'POST',
    url: buildPath(endpoint.path, { studyId: demo }) + qs,
    headers: { authorization: `Bearer ${tokens[o.user ?? 'crc.demo']}`, 'content-type': o.type ?? 'text/csv' },
    payload: typeof file === 'string' ? Buffer.from(file) : file,
  });
  return { status: res.statusCode, json: JSON.parse(res.body) };
}
const importFile = (file: string | Buffer, o: Parameters<typeof send>[2] = {}) => send(importParticipants, file, o);
const checkFile = (file: string | Buffer, o: Parameters<typeof send>[2] = {}) => send(checkParticipantImport, file, o);

const HEADINGS = 'Participant ID,Site code,First name,Last name,E-mail,Phone country code,Phone,Date of birth,Gender';
const csv = (...rows: string[]) => [HEADINGS, ...rows].join('\r\n');

const participantsOfDemo = async () =>
  Number(
    (
      await t.db
        .selectFrom('participants')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('study_id', '=', demo)
        .executeTakeFirstOrThrow()
    ).n,
  );

type ReportRow = { row: number; column: string | null; field: string | null; message: string; messageKey: string };
const reportOf = (r: { json: { details?: { rows: ReportRow[] } } }) =>
  (r.json.details?.rows ?? []).map((p) => ({ row: p.row, column: p.column, message: p.message }));

describe('importing participants from a CSV file (E-076)', () => {
  it('adds every row as a not-invited, manual participant numbered at the site, each audited', async () => {
    const before = await participantsOfDemo();
    const r = await importFile(
      csv(
        ',US-001,Grace,Hopper,grace.hopper@example.org,1,(617) 555-0142,1906-12-09,female',
        'BOS-IMP-1,us-001,Alan,Turing,alan.turing@example.org,,,1912-06-23,MALE',
        ',US-001,Katherine,Johnson,katherine.johnson@example.org,+1,617 555 0199,,',
      ),
    );
    expect(r.status).toBe(200);
    expect(r.json.imported).toBe(3);
    expect(r.json.participants.map((p: { participantId: string }) => p.participantId)).toEqual([
      expect.stringMatching(/^DEMO-US001-\d{4}$/),
      'BOS-IMP-1',
      expect.stringMatching(/^DEMO-US001-\d{4}$/),
    ]);
    const [first, , third] = r.json.participants.map((p: { participantId: string }) => p.participantId);
    expect(Number(third.slice(-4))).toBe(Number(first.slice(-4)) + 1);
    expect(await participantsOfDemo()).toBe(before + 3);

    const rows = await t.db
      .selectFrom('participants')
      .select([
        'id',
        'participant_code',
        'status',
        'source',
        'site_id',
        'first_name',
        'gender',
        'mobile',
        'mobile_country_code',
        'date_of_birth',
        'country_id',
        'language',
        'added_by',
      ])
      .where(
        'id',
        'in',
        r.json.participants.map((p: { id: string }) => p.id),
      )
      .orderBy('first_name')
      .execute();
    expect(rows.map((p) => [p.first_name, p.status, p.source, p.site_id])).toEqual([
      ['Alan', 'NOTINVITED', 'MANUAL', boston],
      ['Grace', 'NOTINVITED', 'MANUAL', boston],
      ['Katherine', 'NOTINVITED', 'MANUAL', boston],
    ]);
    expect(rows[1]).toMatchObject({
      gender: 'FEMALE',
      mobile: '6175550142',
      mobile_country_code: '+1',
      date_of_birth: '1906-12-09',
      country_id: 'US',
      language: 'en',
      added_by: expect.any(String),
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'after'])
      .where(
        'entity_id',
        'in',
        rows.map((p) => p.id),
      )
      .execute();
    expect(audit).toHaveLength(3);
    expect(audit.every((a) => a.action === 'participant.import')).toBe(true);
    expect(audit.find((a) => a.entity_id === rows[1]!.id)!.after).toMatchObject({
      participantId: rows[1]!.participant_code,
      row: 2,
      firstName: 'Grace',
      email: 'grace.hopper@example.org',
    });
  });

  it('audits each of thousands of participants in the one chain (more entries than one statement takes)', async () => {
    const rows = Array.from({ length: 4500 }, (_, i) => `,US-001,P${i},Many,many.${i}@example.org,,,,`);
    const r = await importFile(csv(...rows));
    expect(r.status).toBe(200);
    expect(r.json.imported).toBe(4500);
    expect(r.json.participants).toHaveLength(100);
    const audited = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('action', '=', 'participant.import')
      .executeTakeFirstOrThrow();
    expect(Number(audited.n)).toBe(4500);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  }, 60_000);

  it('reads a semicolon CSV with a byte-order mark, headings in any case, skipping empty lines', async () => {
    const file = [
      '\uFEFF site CODE ;first name;LAST NAME;e-mail;Text messages',
      'US-001;Émilie;du Châtelet;emilie@example.org;yes',
      ';;;;',
      '',
      'US-001;Ada;Byron;ada.byron@example.org;no',
    ].join('\n');
    const r = await importFile(file);
    expect(r.status).toBe(200);
    expect(r.json.imported).toBe(2);
    const emilie = await t.db
      .selectFrom('participants')
      .select(['last_name', 'verification_opt_in_sms'])
      .where('email', '=', 'emilie@example.org')
      .executeTakeFirstOrThrow();
    expect(emilie).toEqual({ last_name: 'du Châtelet', verification_opt_in_sms: true });
    // a spreadsheet program's CSV in Windows-1252
    const latin = await importFile(
      Buffer.from('Site code,First name,Last name,E-mail\r\nUS-001,Zoë,Dupré,zoe@example.org', 'latin1'),
    );
    expect(latin.status).toBe(200);
    const zoe = await t.db
      .selectFrom('participants')
      .select(['first_name', 'last_name'])
      .where('email', '=', 'zoe@example.org')
      .executeTakeFirstOrThrow();
    expect(zoe).toEqual({ first_name: 'Zoë', last_name: 'Dupré' });
  });

  it('imports nothing from a file with a bad row, and names each bad cell by row and column (E-058…E-061)', async () => {
    const before = await participantsOfDemo();
    const r = await importFile(
      csv(
        ',US-001,Grace,Hopper,grace.hopper@example.org,,,,',
        ',US-001,Alan,Turing,not-an-address,,,,',
        ',US-001,Katherine,,katherine@example.org,,,2999-01-01,',
        ',US-001,Dorothy,Vaughan,dorothy@example.org,,,,robot',
      ),
    );
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '3 rows have problems: nothing was imported.',
      details: { rowsWithProblems: 3, problemCount: 4 },
    });
    expect(reportOf(r)).toEqual([
      { row: 3, column: 'E-mail', message: expect.stringMatching(/e-mail/i) },
      { row: 4, column: 'Last name', message: 'Please enter your last name!' },
      { row: 4, column: 'Date of birth', message: 'The date of birth cannot be in the future.' },
      { row: 5, column: 'Gender', message: expect.any(String) },
    ]);
    expect(r.json.details.rows[1]).toMatchObject({ field: 'lastName', messageKey: 'participants.enterLastName' });
    expect(await participantsOfDemo()).toBe(before);
  });

  it('refuses an e-mail address or id twice in the file or held by another participant', async () => {
    const existing = await call(t.app, addParticipant, {
      params: { studyId: demo },
      body: {
        siteId: boston,
        record: { participantId: 'BOS-200', firstName: 'Mary', lastName: 'Jackson', email: 'mary@example.org' },
      },
      token: tokens['crc.demo'],
    });
    expect(existing.status).toBe(200);
    const r = await importFile(
      csv(
        'NEW-1,US-001,Grace,Hopper,grace@example.org,,,,',
        'new-1,US-001,Alan,Turing,GRACE@example.org,,,,',
        'bos-200,US-001,Mary,Jackson,Mary@Example.org,,,,',
      ),
    );
    expect(r.status).toBe(400);
    expect(reportOf(r)).toEqual([
      { row: 3, column: 'Participant ID', message: 'Row 2 has this participant ID too.' },
      { row: 3, column: 'E-mail', message: 'Row 2 has this e-mail address too.' },
      { row: 4, column: 'Participant ID', message: 'Participant BOS-200 already has this id in the study.' },
      { row: 4, column: 'E-mail', message: 'Participant BOS-200 of this study already has this e-mail address.' },
    ]);
  });

  it('keeps a phone number another participant has only when the file is sent with shared numbers allowed', async () => {
    const rows = csv(
      ',US-001,Grace,Hopper,grace@example.org,+1,617 555 0101,,',
      ',US-001,Walter,Hopper,walter@example.org,1,(617) 555-0101,,',
    );
    const refused = await importFile(rows);
    expect(reportOf(refused)).toEqual([
      { row: 3, column: 'Phone', message: expect.stringMatching(/^Row 2 has this phone number too/) },
    ]);
    const kept = await importFile(rows, { query: { allowSharedPhone: 'true' } });
    expect(kept.status).toBe(200);
    expect(kept.json.imported).toBe(2);
  });

  it('numbers after the highest id of the site, the file’s own included; refuses what the study does not ask', async () => {
    const numbered = await importFile(
      csv('DEMO-US001-0500,US-001,Grace,Hopper,grace@example.org,,,,', ',US-001,Alan,Turing,alan@example.org,,,,'),
    );
    expect(numbered.json.participants.map((p: { participantId: string }) => p.participantId)).toEqual([
      'DEMO-US001-0500',
      'DEMO-US001-0501',
    ]);
    const notAsked = await importFile(
      'Site code,First name,Last name,E-mail,Address\nUS-001,Ada,Byron,ada@example.org,1 Main St',
    );
    expect(reportOf(notAsked)).toEqual([
      {
        row: 2,
        column: 'Address',
        message: "The study does not ask for this at the participant's site: leave it empty.",
      },
    ]);
  });

  it('refuses a site that is not the caller’s, cell by cell', async () => {
    const r = await importFile(csv(',ES-001,Grace,Hopper,grace@example.org,,,,', ',,Alan,Turing,alan@example.org,,,,'));
    expect(r.status).toBe(400);
    expect(reportOf(r)).toEqual([
      { row: 2, column: 'Site code', message: 'ES-001 is not one of your sites that take participants.' },
      { row: 3, column: 'Site code', message: expect.any(String) },
    ]);
  });

  it('refuses a heading the template does not have, and a missing column the study requires', async () => {
    const unknown = await importFile('Site code,First name,Last name,E-mail,Favourite colour\nUS-001,A,B,a@b.org,red');
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('The column headings do not match the template: nothing was imported.');
    expect(reportOf(unknown)).toEqual([
      { row: 1, column: 'Favourite colour', message: '“Favourite colour” is not a column of the template.' },
    ]);
    const missing = await importFile('Site code,First name,E-mail\nUS-001,A,a@b.org');
    expect(reportOf(missing)).toEqual([
      { row: 1, column: 'Last name', message: 'The study requires “Last name”: add this column.' },
    ]);
  });

  it('answers a clear 400, never a 500, for a file that is not a spreadsheet or holds nobody', async () => {
    const binary = await importFile(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02, 0x03]));
    expect(binary).toMatchObject({ status: 400, json: { message: 'This file could not be read as CSV or XLSX.' } });
    const brokenZip = await importFile(Buffer.from('PK\u0003\u0004garbage'), { type: PARTICIPANT_IMPORT_XLSX });
    expect(brokenZip).toMatchObject({ status: 400, json: { message: 'This file could not be read as CSV or XLSX.' } });
    const quotes = await importFile(`${HEADINGS}\n,US-001,"Grace,Hopper`);
    expect(quotes.status).toBe(400);
    expect(quotes.json.message).toMatch(/line 2/);
    const headingsOnly = await importFile(`${HEADINGS}\r\n`);
    expect(headingsOnly.json.message).toMatch(/no participants/);
    const tooMany = await importFile(
      csv(...Array.from({ length: 10_001 }, (_, i) => `,US-001,P${i},Many,many.${i}@example.org,,,,`)),
    );
    expect(tooMany).toMatchObject({
      status: 400,
      json: { message: 'The file has more than 10000 participants. Split it into files of at most 10000 rows.' },
    });
  });

  it('is refused to a read-only monitor', async () => {
    const r = await importFile(csv(',US-001,Grace,Hopper,grace@example.org,,,,'), { user: 'cra.demo' });
    expect(r.status).toBe(403);
    expect((await checkFile(csv(',US-001,Grace,Hopper,grace@example.org,,,,'), { user: 'cra.demo' })).status).toBe(403);
  });
});

describe('checking a file before importing it', () => {
  it('says how many participants go to which site and saves nothing', async () => {
    const before = await participantsOfDemo();
    const r = await checkFile(
      csv(',US-001,Grace,Hopper,grace@example.org,,,,', ',US-001,Alan,Turing,alan@example.org,,,,'),
    );
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      rows: 2,
      sites: [{ siteId: boston, siteCode: 'US-001', siteName: 'Boston Research Center', rows: 2 }],
    });
    expect(await participantsOfDemo()).toBe(before);
    const bad = await checkFile(csv(',US-001,Grace,,grace@example.org,,,,'));
    expect(bad.status).toBe(400);
    expect(reportOf(bad)).toEqual([{ row: 2, column: 'Last name', message: 'Please enter your last name!' }]);
  });
});

describe('importing participants from an XLSX file', () => {
  it('reads the first sheet: dates as yyyy-mm-dd, numbers as text, links as their text', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('People');
    sheet.addRow(['Site code', 'First name', 'Last name', 'E-mail', 'Phone country code', 'Phone', 'Date of birth']);
    sheet.addRow(['US-001', 'Grace', 'Hopper', 'grace@example.org', 1, 6175550142, new Date(Date.UTC(1906, 11, 9))]);
    sheet.addRow([]);
    sheet.addRow([
      'US-001',
      { richText: [{ text: 'Al' }, { text: 'an' }] },
      'Turing',
      { text: 'alan@example.org', hyperlink: 'mailto:alan@example.org' },
    ]);
    book.addWorksheet('Notes').addRow(['not read']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const r = await importFile(file, { type: PARTICIPANT_IMPORT_XLSX });
    expect(r.status).toBe(200);
    expect(r.json.imported).toBe(2);
    const rows = await t.db
      .selectFrom('participants')
      .select(['first_name', 'email', 'mobile', 'mobile_country_code', 'date_of_birth'])
      .where(
        'id',
        'in',
        r.json.participants.map((p: { id: string }) => p.id),
      )
      .orderBy('first_name')
      .execute();
    expect(rows).toEqual([
      { first_name: 'Alan', email: 'alan@example.org', mobile: null, mobile_country_code: null, date_of_birth: null },
      {
        first_name: 'Grace',
        email: 'grace@example.org',
        mobile: '6175550142',
        mobile_country_code: '+1',
        date_of_birth: '1906-12-09',
      },
    ]);
  });

  it('reports an XLSX row by the number the spreadsheet shows', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('People');
    sheet.addRow(['Site code', 'First name', 'Last name', 'E-mail']);
    sheet.getRow(5).values = ['US-001', 'Grace', '', 'grace@example.org'];
    const r = await importFile(Buffer.from(await book.xlsx.writeBuffer()), { type: PARTICIPANT_IMPORT_XLSX });
    expect(reportOf(r)).toEqual([{ row: 5, column: 'Last name', message: 'Please enter your last name!' }]);
  });
});

describe('the import template (E-078)', () => {
  const template = (type: 'csv' | 'xlsx', user = 'crc.demo') =>
    t.app.inject({
      method: 'GET',
      url: buildPath(getParticipantImportTemplate.path, { studyId: demo, type }),
      headers: { authorization: `Bearer ${tokens[user]}` },
    });

  it('CSV: the headings of what the study asks, no row of data; sent back unfilled it imports nobody', async () => {
    const r = await template('csv');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/csv/);
    expect(r.headers['content-disposition']).toMatch(/attachment; filename="participant-import\.csv"/);
    const lines = r.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^Participant ID,Site code,First name,Last name,E-mail,/);
    expect(lines[0]).toMatch(/,Text messages$/);
    expect(lines.slice(1).filter((l) => l !== '')).toEqual([]);
    const back = await importFile(r.rawPayload);
    expect(back.status).toBe(400);
    expect(back.json.message).toMatch(/no participants/);
  });

  it('XLSX: the headings with the required ones marked, and an instructions sheet with an example', async () => {
    const r = await template('xlsx');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe(PARTICIPANT_IMPORT_XLSX);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const [sheet, guide] = book.worksheets;
    expect(sheet!.name).toBe('Participants');
    const headings = (sheet!.getRow(1).values as string[]).slice(1);
    expect(headings.slice(0, 5)).toEqual(['Participant ID', 'Site code', 'First name', 'Last name', 'E-mail']);
    expect(sheet!.getRow(1).getCell(4).note).toBe('Required');
    expect(sheet!.actualRowCount).toBe(1);
    expect(guide!.name).toBe('Instructions');
    expect(guide!.getRow(3).values).toEqual([undefined, 'Site code', 'Yes', expect.stringMatching(/US-001/), 'US-001']);
    const back = await importFile(r.rawPayload, { type: PARTICIPANT_IMPORT_XLSX });
    expect(back.json.message).toMatch(/no participants/);
  });

  it('is refused to a read-only monitor', async () => {
    expect((await template('csv', 'cra.demo')).statusCode).toBe(403);
  });
});
