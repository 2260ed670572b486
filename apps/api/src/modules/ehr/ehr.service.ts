/**
 * Epic MyChart link with SMART on FHIR (issue 14; H-036; decision H-epic-mychart).
 *
 *   staff:        the study's link (base address, client, sealed secret, scopes, resource types) and its discovery test;
 *                 a participant's fetched records, behind the participant row check.
 *   participant:  start → the EHR's authorize address (state stored as its sha256, PKCE verifier sealed, 10 minutes);
 *                 the public callback consumes the state once, trades the code with the verifier (openid-client),
 *                 stores the tokens sealed and fetches the Patient and the configured resources; sync fetches again
 *                 (refreshing an expired access token); disconnect drops the tokens.
 * Talking to the EHR happens outside the database transaction in the callback; every change is audited.
 */
import type { EhrDiscovery, EhrLink, MyEhr, ParticipantEhr } from '@trialpath/contract';
import { type AppEnvironment, messageRef } from '@trialpath/domain';
import * as oidc from 'openid-client';
import type { AppConfig } from '../../config';
import type { ServiceCtx } from '../../kernel/context';
import { runWrite } from '../../kernel/context';
import { fail, fieldProblem, keepChanges } from '../../kernel/errors';
import { sha256 } from '../../kernel/hash';
import { openSecret, sealSecret } from '../../kernel/secrets';
import { BinaryResponse } from '../../http/context';
import { createPlatform } from '../../platform';
import { requireStudy, requireStudyBuilder } from '../access/access.service';
import { participantSummary } from '../participants/participants.service';
import { studyCodeOf } from '../studies/studies.service';
import {
  type EhrConnectionRow,
  type EhrLinkRow,
  type FetchedResource,
  findAuthorizationForUpdate,
  findConnection,
  findLink,
  insertAuthorization,
  markAuthorizationUsed,
  resourceCounts,
  resourcesOf,
  saveConnection,
  setLastDiscovery,
  upsertLink,
  upsertResources,
} from './ehr.repository';
import {
  discoverSmart,
  EhrFailure,
  type EhrTokens,
  failureOf,
  fetchRecords,
  type SmartServer,
  smartConfiguration,
  tokensOf,
} from './smart-client';

const AUTHORIZATION_TTL_MS = 10 * 60_000;
/** An access token this close to its expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 30_000;
const DEFAULT_LINK = {
  displayName: 'Epic MyChart',
  scopes:
    'launch/patient openid fhirUser patient/Patient.read patient/Observation.read patient/Condition.read patient/MedicationRequest.read offline_access',
  resourceTypes: ['Observation', 'Condition', 'MedicationRequest'],
} as const;

const SEAL = {
  clientSecret: 'ehr-client-secret',
  verifier: 'ehr-pkce-verifier',
  access: 'ehr-access-token',
  refresh: 'ehr-refresh-token',
} as const;

/** The address registered at the EHR as the app's redirect URI. */
export const ehrRedirectUri = (config: AppConfig) => `${config.publicUrl}/api/v1/ehr/callback`;

const discoveryOf = (server: SmartServer): EhrDiscovery => {
  const { jwksUri: _, ...shown } = server;
  return shown;
};

function linkOf(config: AppConfig, row: EhrLinkRow | undefined): EhrLink {
  return {
    configured: !!row,
    enabled: row?.enabled ?? false,
    displayName: row?.display_name ?? DEFAULT_LINK.displayName,
    fhirBaseUrl: row?.fhir_base_url ?? '',
    clientId: row?.client_id ?? '',
    hasClientSecret: !!row?.client_secret_sealed,
    scopes: row?.scopes ?? DEFAULT_LINK.scopes,
    resourceTypes: (row?.resource_types ?? [...DEFAULT_LINK.resourceTypes]) as EhrLink['resourceTypes'],
    redirectUri: ehrRedirectUri(config),
    lastDiscovery: (row?.last_discovery as EhrDiscovery | null) ?? null,
    updatedAt: row?.updated_at.toISOString() ?? null,
  };
}

/** What the audit trail keeps of a link: everything but the secret (only whether one is set). */
const auditedLink = (l: EhrLink) => ({
  enabled: l.enabled,
  displayName: l.displayName,
  fhirBaseUrl: l.fhirBaseUrl,
  clientId: l.clientId,
  clientSecretSet: l.hasClientSecret,
  scopes: l.scopes,
  resourceTypes: l.resourceTypes,
});

// ── staff: the study's link ─────────────────────────────────────────────────────────────────

export async function studyEhrLink(ctx: ServiceCtx, input: { studyId: string }) {
  await requireStudy(ctx, input.studyId);
  return linkOf(ctx.config, await findLink(ctx.db, input.studyId));
}

export async function configureStudyEhrLink(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    enabled: boolean;
    displayName: string;
    fhirBaseUrl: string;
    clientId: string;
    clientSecret?: string;
    clearClientSecret: boolean;
    scopes: string;
    resourceTypes: readonly string[];
  },
) {
  await requireStudyBuilder(ctx, input.studyId);
  const beforeRow = await findLink(ctx.db, input.studyId);
  const secret =
    input.clientSecret !== undefined
      ? sealSecret(ctx.config.jwtSecret, SEAL.clientSecret, input.studyId, input.clientSecret)
      : input.clearClientSecret
        ? null
        : undefined;
  await upsertLink(ctx.db, input.studyId, {
    enabled: input.enabled,
    displayName: input.displayName,
    fhirBaseUrl: input.fhirBaseUrl,
    clientId: input.clientId,
    clientSecretSealed: secret,
    scopes: input.scopes.split(/\s+/).filter(Boolean).join(' '),
    resourceTypes: [...new Set(input.resourceTypes)],
    // a discovery of another address says nothing about this one
    lastDiscovery: beforeRow && beforeRow.fhir_base_url !== input.fhirBaseUrl ? null : undefined,
    by: ctx.staff().userId,
  });
  const after = linkOf(ctx.config, await findLink(ctx.db, input.studyId));
  ctx.audit({
    action: 'ehr.link.configure',
    entityType: 'study',
    entityId: input.studyId,
    before: beforeRow ? auditedLink(linkOf(ctx.config, beforeRow)) : null,
    after: auditedLink(after),
  });
  return after;
}

export async function testStudyEhrLink(ctx: ServiceCtx, input: { studyId: string; fhirBaseUrl?: string }) {
  await requireStudyBuilder(ctx, input.studyId);
  const row = await findLink(ctx.db, input.studyId);
  const base = input.fhirBaseUrl ?? row?.fhir_base_url;
  if (!base) throw fieldProblem('VALIDATION_FAILED', 'fhirBaseUrl', 'errors.required');
  const found = discoveryOf(await discoverSmart(base));
  if (row && row.fhir_base_url === base) {
    await setLastDiscovery(ctx.db, input.studyId, found);
    ctx.audit({ action: 'ehr.link.test', entityType: 'study', entityId: input.studyId, after: found });
  } else {
    // an address not saved yet: nothing is stored, so nothing to audit
    ctx.unchanged();
  }
  return found;
}

// ── participant: connection status ──────────────────────────────────────────────────────────

function connectionOf(row: EhrConnectionRow | undefined, counts: Record<string, number>): MyEhr['connection'] {
  if (!row) return null;
  return {
    status: row.status,
    connectedAt: row.connected_at?.toISOString() ?? null,
    lastSyncAt: row.last_sync_at?.toISOString() ?? null,
    lastError: row.last_error,
    counts,
  };
}

async function statusOf(ctx: ServiceCtx, participantId: string, studyId: string): Promise<MyEhr> {
  const link = await findLink(ctx.db, studyId);
  const row = await findConnection(ctx.db, participantId);
  return {
    offered: !!link?.enabled,
    displayName: link?.enabled ? link.display_name : null,
    connection: connectionOf(row, row ? await resourceCounts(ctx.db, participantId) : {}),
  };
}

export async function myEhr(ctx: ServiceCtx) {
  const p = ctx.participant();
  return statusOf(ctx, p.participantId, p.studyId);
}

const notConfigured = () => fail('CONFLICT', undefined, { message: messageRef('ehr.notConfigured') });
const notConnected = () => fail('CONFLICT', undefined, { message: messageRef('ehr.notConnected') });

async function enabledLink(ctx: ServiceCtx, studyId: string) {
  const link = await findLink(ctx.db, studyId);
  if (!link?.enabled) throw notConfigured();
  return link;
}

function clientSecretOf(ctx: Pick<ServiceCtx, 'config'>, link: EhrLinkRow): string | null {
  if (!link.client_secret_sealed) return null;
  const plain = openSecret(ctx.config.jwtSecret, SEAL.clientSecret, link.study_id, link.client_secret_sealed);
  if (plain === null) throw new EhrFailure('refused', 'the stored client secret cannot be opened; save it again');
  return plain;
}

/** The EHR's configuration for the study's client, from a fresh discovery. */
async function serverOf(ctx: Pick<ServiceCtx, 'config'>, link: EhrLinkRow) {
  const server = await discoverSmart(link.fhir_base_url);
  if (!server.ok) throw new EhrFailure('unreachable', `SMART discovery failed: ${server.reason}`);
  return smartConfiguration(server, link.client_id, clientSecretOf(ctx, link));
}

export async function startLink(ctx: ServiceCtx) {
  const p = ctx.participant();
  const link = await enabledLink(ctx, p.studyId);
  let config: oidc.Configuration;
  try {
    config = await serverOf(ctx, link);
  } catch (e) {
    const f = failureOf(e);
    throw fail('SERVICE_UNAVAILABLE', undefined, {
      message: messageRef('ehr.providerUnavailable'),
      details: { reason: f.reason },
    });
  }
  const state = oidc.randomState();
  const stateHash = sha256(state);
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    response_type: 'code',
    redirect_uri: ehrRedirectUri(ctx.config),
    scope: link.scopes,
    state,
    // SMART: the FHIR server the token is for
    aud: link.fhir_base_url,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  await insertAuthorization(ctx.db, {
    stateHash,
    participantId: p.participantId,
    studyId: p.studyId,
    environment: p.environment,
    codeVerifierSealed: sealSecret(ctx.config.jwtSecret, SEAL.verifier, stateHash, verifier),
    expiresAt: new Date(Date.now() + AUTHORIZATION_TTL_MS),
  });
  ctx.audit({ action: 'ehr.connect.start', entityType: 'participant', entityId: p.participantId });
  return { authorizeUrl: url.href };
}

// ── the callback ────────────────────────────────────────────────────────────────────────────

type Outcome =
  | { ok: true; tokens: EhrTokens; resources: FetchedResource[] }
  | { ok: false; reason: string; kind: EhrFailure['kind'] };

function countsOf(resources: readonly FetchedResource[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of resources) counts[r.resourceType] = (counts[r.resourceType] ?? 0) + 1;
  return counts;
}

const stateRefused = () => fieldProblem('VALIDATION_FAILED', 'state', 'ehr.stateInvalid');

/** Trades the code (PKCE verifier, state check) and fetches the records; never throws. */
async function exchangeAndFetch(
  ctx: Pick<ServiceCtx, 'config'>,
  link: EhrLinkRow | undefined,
  query: { code?: string; state: string; error?: string; error_description?: string; iss?: string },
  verifier: string | null,
): Promise<Outcome> {
  try {
    if (!link?.enabled) throw new EhrFailure('refused', 'the study no longer links health records');
    if (query.error)
      throw new EhrFailure(
        'refused',
        query.error_description ? `${query.error}: ${query.error_description}` : query.error,
      );
    if (!query.code) throw new EhrFailure('refused', 'the EHR sent no authorization code');
    if (verifier === null) throw new EhrFailure('refused', 'the stored PKCE verifier cannot be opened');
    const config = await serverOf(ctx, link);
    const current = new URL(ehrRedirectUri(ctx.config));
    current.searchParams.set('code', query.code);
    current.searchParams.set('state', query.state);
    if (query.iss !== undefined) current.searchParams.set('iss', query.iss);
    const tokens = tokensOf(
      await oidc.authorizationCodeGrant(config, current, { expectedState: query.state, pkceCodeVerifier: verifier }),
    );
    if (!tokens.patient) throw new EhrFailure('refused', 'the token answer named no patient');
    const resources = await fetchRecords(
      config,
      tokens.accessToken,
      link.fhir_base_url,
      tokens.patient,
      link.resource_types,
    );
    return { ok: true, tokens, resources };
  } catch (e) {
    const f = failureOf(e);
    return { ok: false, reason: f.reason, kind: f.kind };
  }
}

/** A page sending the browser back to the participant portal's health-record page with the outcome. */
function backToPortal(config: AppConfig, studyCode: string, status: 'connected' | 'error'): BinaryResponse {
  const target = `${config.publicUrl}/participant/#/participants/web/${encodeURIComponent(studyCode)}/health-record?ehr=${status}`;
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=${target}"><title>Trialpath</title></head><body><p><a href="${target}">Back to the study portal</a></p></body></html>`;
  return new BinaryResponse('text/html; charset=utf-8', new TextEncoder().encode(html), {
    refresh: `0; url=${target}`,
    'content-security-policy': "default-src 'none'",
    'referrer-policy': 'no-referrer',
  });
}

/**
 * GET /api/v1/ehr/callback: a read route (GETs run outside a transaction), so its two writes run here, each in its
 * own audited transaction: consuming the state (kept even when the rest fails), then the outcome. The EHR is
 * talked to between them, holding no database connection.
 */
export async function ehrCallback(
  ctx: ServiceCtx,
  query: { state: string; code?: string; error?: string; error_description?: string; iss?: string },
) {
  const platform = createPlatform(ctx.db, ctx.config);
  const stateHash = sha256(query.state);
  const pending = await runWrite(
    platform,
    { actor: null, env: ctx.env, request: ctx.request },
    async (w) => {
      const row = await findAuthorizationForUpdate(w.db, stateHash);
      if (!row || row.used_at) throw stateRefused();
      // consumed now: whatever happens next, this state cannot be presented again
      await markAuthorizationUsed(w.db, stateHash);
      if (row.expires_at.getTime() <= Date.now()) throw keepChanges(stateRefused());
      return row;
    },
    { requireAudit: false, label: 'ehrCallback.state' },
  );
  const link = await findLink(ctx.db, pending.study_id);
  const verifier = openSecret(ctx.config.jwtSecret, SEAL.verifier, stateHash, pending.code_verifier_sealed);
  const outcome = await exchangeAndFetch(ctx, link, query, verifier);

  await runWrite(
    platform,
    { actor: null, env: pending.environment, request: ctx.request },
    (w) => recordOutcome(w, pending, outcome, 'connect'),
    { requireAudit: true, label: 'ehrCallback' },
  );
  return backToPortal(ctx.config, await studyCodeOf(ctx, pending.study_id), outcome.ok ? 'connected' : 'error');
}

/** Stores what the EHR answered (tokens sealed, resources) or the failure, and audits it as the participant. */
async function recordOutcome(
  ctx: ServiceCtx,
  who: { participant_id: string; study_id: string; environment: AppEnvironment },
  outcome: Outcome,
  during: 'connect' | 'sync',
) {
  const participantId = who.participant_id;
  const actor = { type: 'participant' as const, id: participantId };
  const base = { studyId: who.study_id, environment: who.environment };
  if (!outcome.ok) {
    await saveConnection(ctx.db, participantId, { ...base, status: 'ERROR', lastError: outcome.reason });
    ctx.audit({
      action: 'ehr.connect.fail',
      entityType: 'participant',
      entityId: participantId,
      actor,
      after: { during, reason: outcome.reason },
    });
    return;
  }
  const { tokens, resources } = outcome;
  const now = new Date();
  const seal = (purpose: string, plain: string | null) =>
    plain === null ? null : sealSecret(ctx.config.jwtSecret, purpose, participantId, plain);
  await saveConnection(ctx.db, participantId, {
    ...base,
    status: 'CONNECTED',
    lastError: null,
    ...(tokens.patient ? { patientFhirId: tokens.patient } : {}),
    accessTokenSealed: seal(SEAL.access, tokens.accessToken),
    refreshTokenSealed: seal(SEAL.refresh, tokens.refreshToken),
    expiresAt: tokens.expiresAt,
    ...(during === 'connect' ? { connectedAt: now } : {}),
    lastSyncAt: now,
  });
  await upsertResources(ctx.db, participantId, resources);
  ctx.audit({
    action: during === 'connect' ? 'ehr.connect' : 'ehr.sync',
    entityType: 'participant',
    entityId: participantId,
    actor,
    after: { patient: tokens.patient, fetched: countsOf(resources) },
  });
}

// ── participant: sync and disconnect ────────────────────────────────────────────────────────

/** Refreshes an expired access token, then fetches again; never throws. */
async function refreshAndFetch(ctx: ServiceCtx, link: EhrLinkRow, row: EhrConnectionRow): Promise<Outcome> {
  const open = (purpose: string, sealed: string | null) =>
    sealed ? openSecret(ctx.config.jwtSecret, purpose, row.participant_id, sealed) : null;
  try {
    const config = await serverOf(ctx, link);
    const refresh = open(SEAL.refresh, row.refresh_token_sealed);
    let tokens: EhrTokens = {
      accessToken: open(SEAL.access, row.access_token_sealed) ?? '',
      refreshToken: refresh,
      expiresAt: row.expires_at,
      patient: row.patient_fhir_id,
    };
    const expired =
      !tokens.accessToken || (tokens.expiresAt && tokens.expiresAt.getTime() - EXPIRY_MARGIN_MS <= Date.now());
    if (expired) {
      if (!refresh) throw new EhrFailure('refused', 'the access token expired and there is no refresh token');
      const renewed = tokensOf(await oidc.refreshTokenGrant(config, refresh), refresh);
      tokens = { ...renewed, patient: renewed.patient ?? row.patient_fhir_id };
    }
    if (!tokens.patient) throw new EhrFailure('refused', 'no patient is known for this connection');
    const resources = await fetchRecords(
      config,
      tokens.accessToken,
      link.fhir_base_url,
      tokens.patient,
      link.resource_types,
    );
    return { ok: true, tokens, resources };
  } catch (e) {
    const f = failureOf(e);
    return { ok: false, reason: f.reason, kind: f.kind };
  }
}

export async function syncLink(ctx: ServiceCtx) {
  const p = ctx.participant();
  const row = await findConnection(ctx.db, p.participantId, true);
  if (!row || row.status === 'REVOKED' || !row.access_token_sealed) throw notConnected();
  const link = await enabledLink(ctx, p.studyId);
  const outcome = await refreshAndFetch(ctx, link, row);
  await recordOutcome(ctx, row, outcome, 'sync');
  if (!outcome.ok) {
    // the ERROR state and its audit entry are kept; the participant reads why
    throw keepChanges(
      outcome.kind === 'unreachable'
        ? fail('SERVICE_UNAVAILABLE', undefined, { message: messageRef('ehr.providerUnavailable') })
        : fail('CONFLICT', undefined, { message: messageRef('ehr.providerRefused', { reason: outcome.reason }) }),
    );
  }
  return statusOf(ctx, p.participantId, p.studyId);
}

export async function disconnectLink(ctx: ServiceCtx) {
  const p = ctx.participant();
  const row = await findConnection(ctx.db, p.participantId, true);
  if (!row || row.status === 'REVOKED') throw notConnected();
  await saveConnection(ctx.db, p.participantId, {
    studyId: row.study_id,
    environment: row.environment,
    status: 'REVOKED',
    lastError: null,
    accessTokenSealed: null,
    refreshTokenSealed: null,
    expiresAt: null,
  });
  ctx.audit({
    action: 'ehr.disconnect',
    entityType: 'participant',
    entityId: p.participantId,
    before: { status: row.status },
    after: { status: 'REVOKED' },
  });
  return statusOf(ctx, p.participantId, p.studyId);
}

// ── staff: a participant's records ──────────────────────────────────────────────────────────

export async function participantEhr(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string },
): Promise<ParticipantEhr> {
  // the same row check as every staff read of a participant (study, sites, data access type, environment)
  await participantSummary(ctx, input);
  const row = await findConnection(ctx.db, input.participantId);
  const rows = await resourcesOf(ctx.db, input.participantId);
  const groups = new Map<string, ParticipantEhr['groups'][number]>();
  for (const r of rows) {
    const group = groups.get(r.resource_type) ?? { resourceType: r.resource_type, items: [] };
    group.items.push({
      id: r.fhir_id,
      versionId: r.version_id,
      lastUpdated: r.last_updated,
      fetchedAt: r.fetched_at.toISOString(),
      resource: r.resource,
    });
    groups.set(r.resource_type, group);
  }
  const counts = Object.fromEntries([...groups.values()].map((g) => [g.resourceType, g.items.length]));
  return {
    connection: connectionOf(row, counts),
    patientFhirId: row?.patient_fhir_id ?? null,
    groups: [...groups.values()].sort((a, b) =>
      a.resourceType === 'Patient'
        ? -1
        : b.resourceType === 'Patient'
          ? 1
          : a.resourceType.localeCompare(b.resourceType),
    ),
  };
}
