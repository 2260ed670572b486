/**
 * The participant list as CSV (E-077; decision E-participant-records): the participants, filters and order of the
 * list the person looks at, every page, with the columns they may see (no name or e-mail for a role that may not
 * identify participants). Read in pages of the list's own query, so a large study is not read in one statement.
 */
import { stringify } from 'csv-stringify/sync';
import type { ParticipantListQuerySchema } from '@trialpath/contract';
import type { z } from 'zod';
import { inertCsvText } from '@trialpath/domain';
import { BinaryResponse } from '../../http/context';
import type { ServiceCtx } from '../../kernel/context';
import { fileHeaders } from '../files/files.service';
import { listEntryOf, listPage, listSelection } from '../participants/participant-list.service';

type ExportQuery = Omit<z.output<typeof ParticipantListQuerySchema>, 'pageNum' | 'pageSize'>;

const BATCH = 5000;

/** Column headings, then the entry's value. Identity columns only for who may identify participants. */
const COLUMNS: [string, (e: ReturnType<typeof listEntryOf>) => string, 'identity'?][] = [
  ['Participant ID', (e) => e.participantId],
  ['First name', (e) => e.firstName ?? '', 'identity'],
  ['Last name', (e) => e.lastName ?? '', 'identity'],
  ['E-mail', (e) => e.email ?? '', 'identity'],
  ['Site', (e) => e.siteName],
  ['Site code', (e) => e.siteCode],
  ['Status', (e) => e.status],
  ['Consent', (e) => e.consentStatus],
  ['Source', (e) => e.source],
  ['Version', (e) => e.versionName ?? ''],
  ['Language', (e) => e.languageId],
  ['Labels', (e) => e.labels.map((l) => l.name).join('; ')],
  ['Registration date', (e) => e.registrationDate ?? ''],
  ['Added', (e) => e.createdAt],
];

export async function participantsCsv(ctx: ServiceCtx, input: { studyId: string } & ExportQuery) {
  const { access, identify, filter, order, nobody } = await listSelection(ctx, input);
  const columns = COLUMNS.filter(([, , kind]) => identify || kind !== 'identity');
  const csv = { record_delimiter: 'windows' as const };
  const lines = [stringify([columns.map(([h]) => h)], csv)];
  for (let offset = 0; !nobody; offset += BATCH) {
    const rows = await listPage(ctx, filter, order, { offset, limit: BATCH });
    const entries = rows.map((r) => listEntryOf(access, identify, r));
    lines.push(
      stringify(
        entries.map((e) => columns.map(([, value]) => inertCsvText(value(e)))),
        csv,
      ),
    );
    if (rows.length < BATCH) break;
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
  const name = `participants_${ctx.env === 'TEST' ? 'test_' : ''}${stamp}.csv`;
  // a byte-order mark: spreadsheet programs then read the file as UTF-8 (names with accents)
  return new BinaryResponse(
    'text/csv; charset=utf-8',
    Buffer.from(`\uFEFF${lines.join('')}`),
    fileHeaders('text/csv', 'attachment', name),
  );
}
