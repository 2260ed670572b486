/**
 * Privacy-preserving linkage tokens (issue 14; H-024…H-029; decision H-linkage-tokens). Per study and data space:
 * the configuration (on/off, dataset configuration name, kinds of token) and the study's key, sealed at rest and
 * never answered. Tokens are kept per participant and kind and brought up to date — made, remade, removed — when
 * linkage is turned on, the kinds or the key change, and before the token list or its CSV is read (so a participant
 * whose identifiers changed gets new tokens without the participant screens knowing about linkage). Every change
 * is audited; the key and the tokens never are.
 */
import type { LinkageConfiguration, LinkageTokenList, LinkageTokenRow } from '@trialpath/contract';
import {
  DEFAULT_LINKAGE_TOKEN_TYPES,
  LINKAGE_TOKEN_TYPES,
  type LinkageTokenType,
  linkageMessage,
  messageRef,
  normaliseIdentifiers,
} from '@trialpath/domain';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema';
import { BinaryResponse } from '../../http/context';
import type { AuditEntry } from '../../kernel/audit';
import { recordsOf, type ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { openSecret, sealSecret } from '../../kernel/secrets';
import { requireStudy, requireStudyBuilder, visibleSites } from '../access/access.service';
import { writeAuditRecords } from '../audit/audit.service';
import { fileHeaders } from '../files/files.service';
import {
  findLinkageSettings,
  type LinkageSettingsRow,
  participantIdentifiers,
  participantPage,
  putTokens,
  removeStudyTokens,
  removeTokens,
  saveLinkageSettings,
  storedTokens,
  studySites,
  tokensOf,
} from './linkage.repository';
import { newLinkageKey, tokensFor } from './linkage.tokens';

const KEY_PURPOSE = 'linkage-key';
const boundTo = (studyId: string, env: Environment) => `${studyId}:${env}`;

const typesOf = (row: LinkageSettingsRow | undefined): LinkageTokenType[] =>
  (row?.token_types ?? DEFAULT_LINKAGE_TOKEN_TYPES).filter((t: string): t is LinkageTokenType =>
    (LINKAGE_TOKEN_TYPES as readonly string[]).includes(t),
  );

function openKey(ctx: Pick<ServiceCtx, 'config'>, row: LinkageSettingsRow): string | null {
  return openSecret(ctx.config.jwtSecret, KEY_PURPOSE, boundTo(row.study_id, row.environment), row.key_sealed);
}

function configurationOf(ctx: Pick<ServiceCtx, 'config'>, row: LinkageSettingsRow | undefined): LinkageConfiguration {
  return {
    enabled: row?.enabled ?? false,
    datasetName: row?.dataset_name ?? '',
    tokenTypes: typesOf(row),
    hasKey: !!row,
    keyCreatedAt: row ? row.key_created_at.toISOString() : null,
    keyReadable: row ? openKey(ctx, row) !== null : false,
    updatedAt: row ? row.updated_at.toISOString() : null,
  };
}

/** What the audit trail says of a configuration (never the key; "kinds", as keys naming tokens are redacted). */
const auditView = (c: LinkageConfiguration) => ({
  enabled: c.enabled,
  datasetName: c.datasetName,
  kinds: c.tokenTypes,
});

// ── bringing the tokens up to date ─────────────────────────────────────────────────────────────────

interface TokenChanges {
  put: {
    participant_id: string;
    study_id: string;
    environment: Environment;
    token_type: string;
    token: string;
    made_at: Date;
  }[];
  remove: { participantId: string; type: string }[];
}

/** What must change for every participant's stored tokens to be the ones their identifiers and the key give. */
async function tokenChanges(db: Db, row: LinkageSettingsRow, keyHex: string): Promise<TokenChanges> {
  const [people, stored] = await Promise.all([
    participantIdentifiers(db, row.study_id, row.environment),
    storedTokens(db, row.study_id, row.environment),
  ]);
  const have = new Map(stored.map((t) => [`${t.participant_id}|${t.token_type}`, t.token]));
  const want = new Set<string>();
  const types = typesOf(row);
  const now = new Date();
  const changes: TokenChanges = { put: [], remove: [] };
  for (const p of people) {
    const outcomes = tokensFor(keyHex, types, {
      firstName: p.first_name,
      lastName: p.last_name,
      dateOfBirth: p.date_of_birth,
      gender: p.gender,
      zipCode: p.zipcode,
    });
    for (const o of outcomes) {
      if (!('token' in o)) continue;
      const k = `${p.id}|${o.type}`;
      want.add(k);
      if (have.get(k) !== o.token)
        changes.put.push({
          participant_id: p.id,
          study_id: row.study_id,
          environment: row.environment,
          token_type: o.type,
          token: o.token,
          made_at: now,
        });
    }
  }
  for (const t of stored) {
    if (!want.has(`${t.participant_id}|${t.token_type}`))
      changes.remove.push({ participantId: t.participant_id, type: t.token_type });
  }
  return changes;
}

type Cause = 'enabled' | 'kinds' | 'key' | 'identifiers';

/** Apply the changes (in the caller's transaction); the audit entry saying how many, or null when none. */
async function applyChanges(
  db: Db,
  row: LinkageSettingsRow,
  changes: TokenChanges,
  cause: Cause,
): Promise<AuditEntry | null> {
  if (changes.put.length === 0 && changes.remove.length === 0) return null;
  await putTokens(db, changes.put);
  await removeTokens(db, changes.remove);
  return {
    action: 'linkage.refresh',
    entityType: 'linkage_settings',
    entityId: row.study_id,
    after: { cause, made: changes.put.length, removed: changes.remove.length, environment: row.environment },
  };
}

/**
 * In a write: make the study's tokens what they should be (turned on, kinds or key changed). The whole study in
 * the request's transaction: fine for the studies this platform runs (thousands of participants: a few
 * thousand HMACs and one insert per thousand tokens); decision H-linkage-tokens notes the limit.
 */
async function refreshInWrite(ctx: ServiceCtx, row: LinkageSettingsRow, cause: Cause): Promise<void> {
  if (!row.enabled) return;
  const key = openKey(ctx, row);
  if (!key) return;
  const entry = await applyChanges(ctx.db, row, await tokenChanges(ctx.db, row, key), cause);
  if (entry) ctx.audit(entry);
}

/**
 * Before a read of the list: participants whose identifiers changed (or who are new) get their tokens now. Found
 * without a transaction; only when something changed is one opened, the settings row locked (so two readers do not
 * make the same tokens at once), the changes worked out again and written with their audit entry.
 */
async function refreshOnRead(ctx: ServiceCtx, studyId: string): Promise<LinkageSettingsRow | undefined> {
  const row = await findLinkageSettings(ctx.db, studyId, ctx.env);
  if (!row?.enabled) return row;
  const key = openKey(ctx, row);
  if (!key) return row;
  const first = await tokenChanges(ctx.db, row, key);
  if (first.put.length === 0 && first.remove.length === 0) return row;
  const work = async (trx: Db) => {
    const locked = await findLinkageSettings(trx, studyId, ctx.env, true);
    if (!locked?.enabled) return;
    const lockedKey = openKey(ctx, locked);
    if (!lockedKey) return;
    const entry = await applyChanges(trx, locked, await tokenChanges(trx, locked, lockedKey), 'identifiers');
    if (entry)
      await writeAuditRecords(trx, recordsOf([entry], { actor: ctx.actor, env: ctx.env, request: ctx.request }));
  };
  if (ctx.db.isTransaction) await work(ctx.db);
  else await ctx.db.transaction().execute(work);
  return row;
}

// ── configuration ───────────────────────────────────────────────────────────────────────────────

export async function linkageConfiguration(ctx: ServiceCtx, input: { studyId: string }): Promise<LinkageConfiguration> {
  await requireStudy(ctx, input.studyId);
  return configurationOf(ctx, await findLinkageSettings(ctx.db, input.studyId, ctx.env));
}

export async function configureLinkage(
  ctx: ServiceCtx,
  input: { studyId: string; enabled: boolean; datasetName: string; tokenTypes: LinkageTokenType[] },
): Promise<LinkageConfiguration> {
  await requireStudyBuilder(ctx, input.studyId);
  const before = await findLinkageSettings(ctx.db, input.studyId, ctx.env, true);
  const now = new Date();
  const row = await saveLinkageSettings(ctx.db, {
    study_id: input.studyId,
    environment: ctx.env,
    enabled: input.enabled,
    dataset_name: input.datasetName,
    token_types: LINKAGE_TOKEN_TYPES.filter((t) => input.tokenTypes.includes(t)),
    key_sealed:
      before?.key_sealed ??
      sealSecret(ctx.config.jwtSecret, KEY_PURPOSE, boundTo(input.studyId, ctx.env), newLinkageKey()),
    key_created_at: before?.key_created_at ?? now,
    updated_by: ctx.staff().userId,
    updated_at: now,
  });
  const after = configurationOf(ctx, row);
  ctx.audit({
    action: 'linkage.configure',
    entityType: 'linkage_settings',
    entityId: input.studyId,
    before: before ? auditView(configurationOf(ctx, before)) : null,
    after: auditView(after),
  });
  if (!row.enabled) {
    // Off: no linkable token is kept.
    const removed = await removeStudyTokens(ctx.db, input.studyId, ctx.env);
    if (removed > 0)
      ctx.audit({
        action: 'linkage.refresh',
        entityType: 'linkage_settings',
        entityId: input.studyId,
        after: { cause: 'disabled', made: 0, removed, environment: ctx.env },
      });
  } else {
    await refreshInWrite(ctx, row, before?.enabled ? 'kinds' : 'enabled');
  }
  return after;
}

export async function rotateKey(
  ctx: ServiceCtx,
  input: { studyId: string; confirmation: string; sharedKey?: string },
): Promise<LinkageConfiguration> {
  await requireStudyBuilder(ctx, input.studyId);
  const before = await findLinkageSettings(ctx.db, input.studyId, ctx.env, true);
  const now = new Date();
  const key = input.sharedKey ? input.sharedKey.toLowerCase() : newLinkageKey();
  const row = await saveLinkageSettings(ctx.db, {
    study_id: input.studyId,
    environment: ctx.env,
    enabled: before?.enabled ?? false,
    dataset_name: before?.dataset_name ?? '',
    token_types: typesOf(before),
    key_sealed: sealSecret(ctx.config.jwtSecret, KEY_PURPOSE, boundTo(input.studyId, ctx.env), key),
    key_created_at: now,
    updated_by: ctx.staff().userId,
    updated_at: now,
  });
  ctx.audit({
    action: 'linkage.key.rotate',
    entityType: 'linkage_settings',
    entityId: input.studyId,
    before: before ? { keyCreatedAt: before.key_created_at.toISOString() } : null,
    after: { keyCreatedAt: now.toISOString(), source: input.sharedKey ? 'agreed with the linkage partner' : 'random' },
  });
  await refreshInWrite(ctx, row, 'key');
  return configurationOf(ctx, row);
}

/** A CSV field: quoted when it holds a quote, comma or line end; a leading = + - @ made inert for spreadsheets. */
function csvField(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

// ── the token list ──────────────────────────────────────────────────────────────────────────────

async function callerSites(ctx: ServiceCtx, studyId: string) {
  const access = await requireStudy(ctx, studyId);
  const sites = await studySites(ctx.db, studyId);
  return access.global ? sites : visibleSites(ctx, access, sites);
}

type PageRow = Awaited<ReturnType<typeof participantPage>>['rows'][number];

async function rowsOf(
  ctx: ServiceCtx,
  row: LinkageSettingsRow | undefined,
  people: PageRow[],
): Promise<LinkageTokenRow[]> {
  const types = typesOf(row);
  const stored = await tokensOf(
    ctx.db,
    people.map((p) => p.id),
  );
  const byKey = new Map(stored.map((t) => [`${t.participant_id}|${t.token_type}`, t]));
  return people.map((p) => {
    // what a kind lacks is read from the identifiers (no key needed); the stored token is the one the key made
    const fields = normaliseIdentifiers({
      firstName: p.first_name,
      lastName: p.last_name,
      dateOfBirth: p.date_of_birth,
      gender: p.gender,
      zipCode: p.zipcode,
    });
    const outcomes = types.map((type) => linkageMessage(type, fields));
    return {
      participantId: p.id,
      participantCode: p.participant_code,
      siteId: p.site_id,
      siteCode: p.site_code,
      siteName: p.site_name,
      tokens: outcomes.map((o) => {
        const t = byKey.get(`${p.id}|${o.type}`);
        return {
          type: o.type,
          token: row?.enabled && t ? t.token : null,
          madeAt: row?.enabled && t ? t.made_at.toISOString() : null,
          missing: 'missing' in o ? [...o.missing] : [],
        };
      }),
    };
  });
}

export async function linkageTokenList(
  ctx: ServiceCtx,
  input: { studyId: string; page: number; pageSize: number },
): Promise<LinkageTokenList> {
  const sites = await callerSites(ctx, input.studyId);
  const row = await refreshOnRead(ctx, input.studyId);
  const page = await participantPage(ctx.db, {
    studyId: input.studyId,
    env: ctx.env,
    siteIds: sites.map((s) => s.id),
    offset: (input.page - 1) * input.pageSize,
    limit: input.pageSize,
  });
  return {
    enabled: row?.enabled ?? false,
    datasetName: row?.dataset_name ?? '',
    tokenTypes: typesOf(row),
    items: await rowsOf(ctx, row, page.rows),
    total: page.total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** The CSV for the linkage partner: one row per participant of the caller's sites, a column per kind. */
export async function linkageTokenCsv(ctx: ServiceCtx, input: { studyId: string }): Promise<BinaryResponse> {
  const sites = await callerSites(ctx, input.studyId);
  const row = await findLinkageSettings(ctx.db, input.studyId, ctx.env, true);
  if (!row?.enabled) throw fail('CONFLICT', undefined, { message: messageRef('linkage.off') });
  if (!openKey(ctx, row)) throw fail('CONFLICT', undefined, { message: messageRef('linkage.keyUnreadable') });
  await refreshInWrite(ctx, row, 'identifiers');
  const { rows: people } = await participantPage(ctx.db, {
    studyId: input.studyId,
    env: ctx.env,
    siteIds: sites.map((s) => s.id),
    offset: 0,
    limit: null,
  });
  const rows = await rowsOf(ctx, row, people);
  const types = typesOf(row);
  const line = (cells: string[]) => `${cells.join(',')}\r\n`;
  // Tokens are base64url: written as they are (a leading "-" must not get the spreadsheet apostrophe).
  let csv = line(['dataset_configuration', 'participant_code', 'site_code', ...types.map((t) => `token_${t}`)]);
  for (const r of rows)
    csv += line([
      csvField(row.dataset_name),
      csvField(r.participantCode),
      csvField(r.siteCode),
      ...types.map((t) => r.tokens.find((c) => c.type === t)?.token ?? ''),
    ]);
  ctx.audit({
    action: 'linkage.download',
    entityType: 'linkage_settings',
    entityId: input.studyId,
    after: { participants: rows.length, sites: sites.map((s) => s.site_code), kinds: types, environment: ctx.env },
  });
  const name = `linkage-${row.dataset_name.replace(/[^\w.-]+/g, '_') || 'tokens'}-${new Date().toISOString().slice(0, 10)}.csv`;
  return new BinaryResponse(
    'text/csv; charset=utf-8',
    Buffer.from(csv, 'utf8'),
    fileHeaders('text/csv', 'attachment', name),
  );
}
