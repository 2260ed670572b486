/**
 * CDISC ODM 1.3.2 XML of the study data (`odm/study.xml`), FileType Snapshot (ODM 1.3.2 §2.5: the current state,
 * no TransactionType). Streamed as open() (ODM root, Study metadata, AdminData), then subject() per participant,
 * then close(). Each participant is one ClinicalData (§3.3, several are allowed): SubjectData, then AuditRecords
 * holding every audit-trail entry of that participant (§3.3.9, with IDs), so nothing is held back to the end of the
 * file. Inline audit records (§3.3.8.1): FormData carries its entry (who, where, when, source), ItemData the newest
 * audit entry of that item. A signed submission carries Signature (§3.3.8.2) pointing at a SignatureDef of
 * AdminData (§3.2.3); users and sites are User and Location elements of AdminData (§3.2.1, §3.2.2), which come
 * before ClinicalData, so the writer is given them up front. CreationDateTime and AsOfDateTime are the data's asOf.
 */
import type { AnswerEntry } from '../activity/payload';
import { entriesByQuestion } from './answers';
import { type OdmFormPlan, type OdmQuestionPlan, odmStudy } from './odm-metadata';
import { EXPORT_SOURCE_SYSTEM, fileOid, metaDataVersionOid, oidPart, oidRegistry, studyOid } from './oids';
import type { ExportAuditEntry, ExportForm, ExportStudy, ExportSubmission } from './types';
import { xmlElement, xmlTextElement } from './xml';

export interface ExportUser {
  id: string;
  name: string;
}
export interface ExportSite {
  code: string;
  name: string;
}
/** Everyone and everywhere the ClinicalData refers to: staff users (actors, signers, site entry), sites, meanings. */
export interface OdmAdmin {
  users: readonly ExportUser[];
  sites: readonly ExportSite[];
  signatureMeanings: readonly string[];
}
export interface OdmWriter {
  open(): string;
  subject(
    participantCode: string,
    siteCode: string,
    submissions: readonly ExportSubmission[],
    audits: readonly ExportAuditEntry[],
  ): string;
  close(): string;
}

/** Built-in users: the participant of the enclosing SubjectData, the system, and anyone not given in OdmAdmin. */
export const ODM_USERS = { subject: 'U.SUBJECT', system: 'U.SYSTEM', unlisted: 'U.UNLISTED' } as const;
export const ODM_UNLISTED_SITE = 'L.UNLISTED';
export const ODM_UNLISTED_SIGNATURE = 'SD.UNLISTED';
const LEGAL_REASON = 'Electronic signature (21 CFR Part 11, EU GMP Annex 11)';
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

const byAtThenId = (a: ExportAuditEntry, b: ExportAuditEntry) =>
  a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
const byCompletion = (a: ExportSubmission, b: ExportSubmission) =>
  a.completedAt < b.completedAt ? -1 : a.completedAt > b.completedAt ? 1 : a.submissionId < b.submissionId ? -1 : 1;

/** A value in its ODM DataType's form (§2.13 Data Formats): times and date-times with seconds. */
function odmValue(dataType: string, value: string): string {
  if (dataType === 'time' && /^\d{2}:\d{2}$/.test(value)) return `${value}:00`;
  if (dataType === 'datetime' && /T\d{2}:\d{2}$/.test(value)) return `${value}:00`;
  return value;
}

export function odmWriter(study: ExportStudy, forms: readonly ExportForm[], admin: OdmAdmin): OdmWriter {
  const { xml: studyXml, plans } = odmStudy(study, forms);
  const byRevision = new Map(plans.map((p) => [p.form.revisionId, p]));
  const mdv = { StudyOID: studyOid(study), MetaDataVersionOID: metaDataVersionOid(study) };
  const oid = oidRegistry();
  Object.values(ODM_USERS).forEach(oid);
  [ODM_UNLISTED_SITE, ODM_UNLISTED_SIGNATURE].forEach(oid);
  const users = new Map(
    [...admin.users]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((u) => [u.id, { ...u, oid: oid(`U.${oidPart(u.id)}`) }]),
  );
  const sites = new Map(
    [...admin.sites]
      .sort((a, b) => (a.code < b.code ? -1 : 1))
      .map((s) => [s.code, { ...s, oid: oid(`L.${oidPart(s.code)}`) }]),
  );
  const meanings = new Map([...new Set(admin.signatureMeanings)].sort().map((m, i) => [m, oid(`SD.${i + 1}`)]));
  const userOid = (id: string | null | undefined) =>
    id ? (users.get(id)?.oid ?? ODM_USERS.unlisted) : ODM_USERS.system;
  const stamp = (at: string) => xmlTextElement('DateTimeStamp', DATE_TIME.test(at) ? at : study.asOf);

  const adminXml = () => {
    const user = (o: string, name: string) => xmlElement('User', { OID: o }, xmlTextElement('FullName', name));
    const mdvRef = xmlElement('MetaDataVersionRef', { ...mdv, EffectiveDate: study.asOf.slice(0, 10) });
    const location = (o: string, name: string) =>
      xmlElement('Location', { OID: o, Name: name || o, LocationType: 'Site' }, mdvRef);
    const signatureDef = (o: string, meaning: string) =>
      xmlElement(
        'SignatureDef',
        { OID: o, Methodology: 'Electronic' },
        xmlTextElement('Meaning', meaning) + xmlTextElement('LegalReason', LEGAL_REASON),
      );
    return xmlElement(
      'AdminData',
      { StudyOID: mdv.StudyOID },
      user(ODM_USERS.subject, 'The study participant of the enclosing SubjectData') +
        user(ODM_USERS.system, `${EXPORT_SOURCE_SYSTEM.name} (automatic)`) +
        user(ODM_USERS.unlisted, 'A user not listed in this export') +
        [...users.values()].map((u) => user(u.oid, u.name || u.id)).join('') +
        [...sites.values()].map((s) => location(s.oid, s.name || s.code)).join('') +
        location(ODM_UNLISTED_SITE, 'A site not listed in this export') +
        [...meanings].map(([m, o]) => signatureDef(o, m)).join('') +
        signatureDef(ODM_UNLISTED_SIGNATURE, 'A signature meaning not listed in this export'),
    );
  };

  const subject: OdmWriter['subject'] = (participantCode, siteCode, submissions, audits) => {
    const loc = sites.get(siteCode)?.oid ?? ODM_UNLISTED_SITE;
    const sorted = [...audits].sort(byAtThenId);
    const latest = new Map<string, ExportAuditEntry>();
    for (const a of sorted) if (a.submissionId && a.itemKey) latest.set(`${a.submissionId}\n${a.itemKey}`, a);
    const auditRecord = (user: string, at: string, reason: string | null, source: string, id?: string) =>
      xmlElement(
        'AuditRecord',
        { ID: id },
        xmlElement('UserRef', { UserOID: user }) +
          xmlElement('LocationRef', { LocationOID: loc }) +
          stamp(at) +
          (reason ? xmlTextElement('ReasonForChange', reason) : '') +
          xmlTextElement('SourceID', source),
      );
    const auditOf = (a: ExportAuditEntry | undefined, id?: string) =>
      a
        ? auditRecord(
            a.actorType === 'participant' ? ODM_USERS.subject : userOid(a.actorId),
            a.at,
            a.reason,
            `${a.action} ${a.entityType}:${a.entityId}`,
            id,
          )
        : '';
    const formData = (s: ExportSubmission, plan: OdmFormPlan, slots: (AnswerEntry | undefined)[]) => {
      const entered = s.source === 'participant' ? ODM_USERS.subject : userOid(s.enteredBy ?? '');
      let head = auditRecord(entered, s.completedAt, null, `submission entered by ${s.source}`);
      if (s.signature) {
        const sig = meanings.get(s.signature.meaning) ?? ODM_UNLISTED_SIGNATURE;
        head += xmlElement(
          'Signature',
          {},
          xmlElement('UserRef', { UserOID: userOid(s.signature.signedBy) }) +
            xmlElement('LocationRef', { LocationOID: loc }) +
            xmlElement('SignatureRef', { SignatureOID: sig }) +
            stamp(s.signature.signedAt),
        );
      }
      entriesByQuestion(s.answers, plan.index, slots);
      let main = '';
      let repeats = '';
      plan.questions.forEach((p: OdmQuestionPlan, i) => {
        const e = slots[i];
        const v = e ? p.reader.read(e) : undefined;
        if (!v) return;
        const audit = auditOf(latest.get(`${s.submissionId}\n${p.reader.question.identifier}`));
        const item = (o: string, value: string, a = '') =>
          value === '' ? '' : xmlElement('ItemData', { ItemOID: o, Value: value }, a);
        const group = (n: number, items: string, a = '') =>
          xmlElement('ItemGroupData', { ItemGroupOID: p.groupOid, ItemGroupRepeatKey: n }, a + items);
        if (v.kind === 'scalar') main += item(p.itemOid, odmValue(p.dataType, v.value), audit);
        else if (v.kind === 'choice') {
          if (p.groupOid)
            repeats += v.codes.map((c, n) => group(n + 1, item(p.itemOid, c), n === 0 ? audit : '')).join('');
          else if (v.codes[0]) main += item(p.itemOid, v.codes[0], audit);
          if (p.otherOid) main += item(p.otherOid, v.other);
        } else {
          const m = p.medicationOids as NonNullable<OdmQuestionPlan['medicationOids']>;
          v.entries.forEach((r, n) => {
            const items =
              item(m.MEDICATION, r.code) +
              item(m.NAME, r.name) +
              item(m.DOSE, r.dose) +
              item(m.UNIT, r.unit) +
              item(m.DOSES, r.doses) +
              item(m.REASON, r.reason);
            repeats += group(n + 1, items, n === 0 ? audit : '');
          });
        }
      });
      const mainGroup = main ? xmlElement('ItemGroupData', { ItemGroupOID: plan.groupOid }, main) : '';
      return xmlElement(
        'FormData',
        { FormOID: plan.formOid, FormRepeatKey: s.submissionId },
        head + mainGroup + repeats,
      );
    };
    const forms = [...submissions]
      .sort(byCompletion)
      .map((s) => {
        const plan = byRevision.get(s.revisionId);
        return plan ? formData(s, plan, new Array(plan.questions.length)) : '';
      })
      .join('');
    const event = forms ? xmlElement('StudyEventData', { StudyEventOID: 'SE.ACTIVITIES' }, forms) : '';
    const subjectData = xmlElement(
      'SubjectData',
      { SubjectKey: participantCode },
      xmlElement('SiteRef', { LocationOID: loc }) + event,
    );
    const records = sorted.map((a) => auditOf(a, `AR.${oidPart(a.id)}`)).join('');
    return `${xmlElement('ClinicalData', mdv, subjectData + (records ? xmlElement('AuditRecords', {}, records) : ''))}\n`;
  };

  return {
    open: () =>
      `<?xml version="1.0" encoding="UTF-8"?>\n${xmlElement('ODM', {
        xmlns: 'http://www.cdisc.org/ns/odm/v1.3',
        FileType: 'Snapshot',
        FileOID: fileOid(study, 'ODM'),
        CreationDateTime: study.asOf,
        AsOfDateTime: study.asOf,
        ODMVersion: '1.3.2',
        Granularity: 'All',
        Originator: EXPORT_SOURCE_SYSTEM.name,
        SourceSystem: EXPORT_SOURCE_SYSTEM.name,
        SourceSystemVersion: EXPORT_SOURCE_SYSTEM.version,
      }).slice(0, -2)}>\n${studyXml}\n${adminXml()}\n`,
    subject,
    close: () => '</ODM>\n',
  };
}
