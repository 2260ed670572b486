/**
 * Identifiers shared by the ODM and Dataset-JSON files, so a Dataset-JSON file points into the ODM metadata
 * (CDISC ODM 1.3.2 §2.2 "OIDs": unique within their scope, stable between exports of the same study).
 */
import type { ExportForm, ExportStudy } from './types';

/** The source system written into ODM and Dataset-JSON; the version is the export layout's, not a build's. */
export const EXPORT_SOURCE_SYSTEM = { name: 'Trialpath', version: '1.0' } as const;

/** Keeps letters, digits, `.`, `-` and `_`; any other character becomes `_` (OIDs travel in file names too). */
export const oidPart = (s: string): string => s.replace(/[^A-Za-z0-9._-]/g, '_') || '_';

export const studyOid = (s: ExportStudy): string => `ST.${oidPart(s.code)}.${s.environment}`;
export const metaDataVersionOid = (s: ExportStudy): string =>
  `MDV.${oidPart(s.code)}.${s.versionNumber === null ? 'draft' : `v${s.versionNumber}`}`;
/** One file per study, environment and data state: the same data exported twice gives the same FileOID. */
export const fileOid = (s: ExportStudy, kind: string): string =>
  `${studyOid(s)}.${kind}.${s.asOf.replace(/[^0-9TZ]/g, '')}`;
export const formOid = (f: ExportForm): string => `F.${oidPart(f.activity.identifier)}.R${f.revisionNumber}`;
export const itemGroupOid = (f: ExportForm): string => `IG.${formOid(f).slice(2)}`;

/**
 * OIDs unique within one file: the first use of a candidate keeps it, a later different owner gets `.2`, `.3`…
 * (two identifiers that differ only in characters oidPart replaces).
 */
export function oidRegistry(): (candidate: string) => string {
  const used = new Set<string>();
  return (candidate) => {
    let oid = candidate;
    for (let n = 2; used.has(oid); n++) oid = `${candidate}.${n}`;
    used.add(oid);
    return oid;
  };
}
