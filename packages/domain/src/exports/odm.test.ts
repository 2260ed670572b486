import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_ADMIN, EXPORT_AUDITS, EXPORT_FORM, EXPORT_STUDY, EXPORT_SUBMISSIONS } from './fixtures';
import { odmDataType } from './odm-metadata';
import { odmWriter } from './odm';
import type { ExportForm, ExportStudy } from './types';

// from the repository root (four levels up), the standards folder next to it
const REPO_ROOT = resolve(__dirname, '../../../..');
// the repository's copy of the schema (standards/README.md), so the tests run on any clone
const ODM_DIR = resolve(REPO_ROOT, 'standards/odm-1.3.2');
const SHARED_ODM_DIR = resolve(REPO_ROOT, '../shared/standards/odm-1.3.2');
const XSD = join(ODM_DIR, 'cdisc-odm-1.3.2/ODM1-3-2.xsd');
const SCHEMA_FILES = [
  'cdisc-odm-1.3.2/ODM1-3-2.xsd',
  'cdisc-odm-1.3.2/ODM1-3-2-foundation.xsd',
  'core/xml.xsd',
  'core/xlink.xsd',
  'core/xmldsig-core-schema.xsd',
];
const dir = mkdtempSync(join(tmpdir(), 'odm-'));
let files = 0;

/** xmllint's verdict: '' when the file validates, else its messages. */
function xmllint(xml: string): string {
  const file = join(dir, `export-${files++}.xml`);
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
    return '';
  } catch (e) {
    return String((e as { stderr?: Buffer }).stderr ?? e);
  }
}

function odm(study: ExportStudy = EXPORT_STUDY, forms: ExportForm[] = [EXPORT_FORM], submissions = EXPORT_SUBMISSIONS) {
  const w = odmWriter(study, forms, EXPORT_ADMIN);
  const codes = [...new Set(submissions.map((s) => s.participantCode))];
  let xml = w.open();
  for (const code of codes) {
    const subs = submissions.filter((s) => s.participantCode === code);
    xml += w.subject(
      code,
      subs[0]!.siteCode,
      subs,
      EXPORT_AUDITS.filter((a) => a.participantCode === code),
    );
  }
  return xml + w.close();
}

describe('ODM 1.3.2', () => {
  it('the every-type activity with submissions, audit records and a signature validates against the XSD', () => {
    expect(xmllint(odm())).toBe('');
  });

  it('an empty study (no forms, no subjects) validates too', () => {
    const xml = odm({ ...EXPORT_STUDY, versionNumber: null }, [], []);
    expect(xmllint(xml)).toBe('');
    expect(xml).toContain('<MetaDataVersion OID="MDV.DEMO.draft" Name="Draft">');
  });

  it('xmllint does refuse a broken file (the check is real)', () => {
    expect(xmllint(odm().replace(' FileType="Snapshot"', ' FileType="Everything"'))).toContain('FileType');
  });

  it('writes the snapshot root from asOf, metadata with code lists, audit records and the signature', () => {
    const xml = odm();
    expect(xml).toContain(
      'FileType="Snapshot" FileOID="ST.DEMO.LIVE.ODM.20240620T090000000Z" CreationDateTime="2024-06-20T09:00:00.000Z"',
    );
    expect(xml).toContain(
      '<CodeListItem CodedValue="bad" OrderNumber="2"><Decode><TranslatedText xml:lang="en">Bad</TranslatedText></Decode></CodeListItem>',
    );
    expect(xml).toContain('<RangeCheck Comparator="GE" SoftHard="Hard"><CheckValue>20</CheckValue></RangeCheck>');
    expect(xml).toContain('<RangeCheck Comparator="LE" SoftHard="Soft"><CheckValue>200</CheckValue></RangeCheck>');
    expect(xml).toContain(
      '<Signature><UserRef UserOID="U.user-pi"/><LocationRef LocationOID="L.US-001"/><SignatureRef SignatureOID="SD.1"/>',
    );
    expect(xml).toContain('<SignatureDef OID="SD.1" Methodology="Electronic"><Meaning>Investigator approval</Meaning>');
    expect(xml).toContain('<ReasonForChange>Transcription error &lt;fixed&gt; &amp; checked</ReasonForChange>');
    expect(xml).toContain('<AuditRecord ID="AR.100"><UserRef UserOID="U.SUBJECT"/>');
    expect(xml).toContain('<AuditRecord ID="AR.102"><UserRef UserOID="U.SYSTEM"/>');
    expect(xml).toContain(
      '<SubjectData SubjectKey="-P&lt;2&gt;&amp;"><SiteRef LocationOID="L.ES-001"/><StudyEventData',
    );
    expect(xml).toContain(
      '<Decode><TranslatedText xml:lang="en">Ibuprofen</TranslatedText><TranslatedText xml:lang="es">Ibuprofeno</TranslatedText></Decode>',
    );
    // the forbidden control character and the lone surrogate are dropped, line breaks kept as references
    expect(xml).toContain('Value="=HYPERLINK(&quot;http://x&quot;,&quot;a,b&quot;)&#13;&#10;line 2 | pipe  "');
    expect(xml).toContain('<ItemData ItemOID="I.daily-diary.R3.doseTime" Value="08:30:00"/>');
  });

  it('refers to built-in users, sites and signature meanings for anything not listed', () => {
    const stranger = {
      ...EXPORT_SUBMISSIONS[1]!,
      siteCode: 'XX-999',
      enteredBy: null,
      completedAt: 'not a time',
      signature: { signedBy: 'someone', signedAt: '2024-06-16T09:00:00Z', meaning: 'Unknown meaning' },
    };
    const w = odmWriter(EXPORT_STUDY, [EXPORT_FORM], EXPORT_ADMIN);
    const audit = { ...EXPORT_AUDITS[0]!, actorId: 'ghost', actorType: undefined };
    const xml =
      w.open() +
      w.subject('P-9', 'XX-999', [stranger, { ...stranger, revisionId: 'other-revision' }], [audit]) +
      w.close();
    expect(xmllint(xml)).toBe('');
    expect(xml).toContain('<SiteRef LocationOID="L.UNLISTED"/>');
    expect(xml).toContain(
      '<AuditRecord><UserRef UserOID="U.SYSTEM"/><LocationRef LocationOID="L.UNLISTED"/><DateTimeStamp>2024-06-20T09:00:00.000Z</DateTimeStamp>',
    );
    expect(xml).toContain(
      '<UserRef UserOID="U.UNLISTED"/><LocationRef LocationOID="L.UNLISTED"/><SignatureRef SignatureOID="SD.UNLISTED"/>',
    );
    // a submission of a revision that is not exported is left out
    expect(xml.match(/<FormData /g)).toHaveLength(1);
  });

  it('maps question types to ODM data types', () => {
    const type = (id: string) => odmDataType(EXPORT_FORM.activity.questions.find((q) => q.identifier === id)!);
    expect(['steps', 'wong', 'weight', 'vas', 'visitDate', 'doseTime', 'onset', 'notes', 'mood'].map(type)).toEqual([
      'integer',
      'integer',
      'float',
      'float',
      'date',
      'time',
      'datetime',
      'text',
      'text',
    ]);
  });

  it('is byte-stable', () => {
    expect(odm()).toBe(odm());
  });
});

describe('the repository’s copy of the ODM 1.3.2 schema', () => {
  it.skipIf(!existsSync(SHARED_ODM_DIR))('is byte-identical to the shared standards folder’s', () => {
    for (const file of SCHEMA_FILES)
      expect(readFileSync(join(ODM_DIR, file), 'utf8'), file).toBe(readFileSync(join(SHARED_ODM_DIR, file), 'utf8'));
  });
});
