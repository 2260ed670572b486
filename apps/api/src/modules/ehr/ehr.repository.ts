/** All SQL of the EHR link (decision H-epic-mychart): the study's link, pending authorisations, connections, resources. */
import type { AppEnvironment } from '@trialpath/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { EhrConnectionStatus } from '../../db/schema/ehr';

// ── the study's link ─────────────────────────────────────────────────────────────────────────

export function findLink(db: Db, studyId: string) {
  return db.selectFrom('study_ehr_links').selectAll().where('study_id', '=', studyId).executeTakeFirst();
}
export type EhrLinkRow = NonNullable<Awaited<ReturnType<typeof findLink>>>;

export interface LinkValues {
  enabled: boolean;
  displayName: string;
  fhirBaseUrl: string;
  clientId: string;
  /** undefined keeps the stored secret, null removes it. */
  clientSecretSealed: string | null | undefined;
  scopes: string;
  resourceTypes: readonly string[];
  /** undefined keeps the last discovery, null forgets it (another base address). */
  lastDiscovery: Record<string, unknown> | null | undefined;
  by: string;
}

export async function upsertLink(db: Db, studyId: string, v: LinkValues) {
  const common = {
    enabled: v.enabled,
    display_name: v.displayName,
    fhir_base_url: v.fhirBaseUrl,
    client_id: v.clientId,
    scopes: v.scopes,
    resource_types: JSON.stringify(v.resourceTypes),
    updated_by: v.by,
    updated_at: new Date(),
    ...(v.clientSecretSealed !== undefined ? { client_secret_sealed: v.clientSecretSealed } : {}),
    ...(v.lastDiscovery !== undefined
      ? { last_discovery: v.lastDiscovery === null ? null : JSON.stringify(v.lastDiscovery) }
      : {}),
  };
  await db
    .insertInto('study_ehr_links')
    .values({ study_id: studyId, ...common })
    .onConflict((oc) => oc.column('study_id').doUpdateSet(common))
    .execute();
}

export async function setLastDiscovery(db: Db, studyId: string, discovery: Record<string, unknown>) {
  await db
    .updateTable('study_ehr_links')
    .set({ last_discovery: JSON.stringify(discovery) })
    .where('study_id', '=', studyId)
    .execute();
}

// ── pending authorisations ──────────────────────────────────────────────────────────────────

export async function insertAuthorization(
  db: Db,
  v: {
    stateHash: string;
    participantId: string;
    studyId: string;
    environment: AppEnvironment;
    codeVerifierSealed: string;
    expiresAt: Date;
  },
) {
  // Stale authorisations (a day past their expiry) are dropped as new ones come.
  await db
    .deleteFrom('ehr_authorizations')
    .where('expires_at', '<', new Date(Date.now() - 24 * 60 * 60_000))
    .execute();
  await db
    .insertInto('ehr_authorizations')
    .values({
      state_hash: v.stateHash,
      participant_id: v.participantId,
      study_id: v.studyId,
      environment: v.environment,
      code_verifier_sealed: v.codeVerifierSealed,
      expires_at: v.expiresAt,
    })
    .execute();
}

export function findAuthorizationForUpdate(db: Db, stateHash: string) {
  return db
    .selectFrom('ehr_authorizations')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .forUpdate()
    .executeTakeFirst();
}
export type EhrAuthorizationRow = NonNullable<Awaited<ReturnType<typeof findAuthorizationForUpdate>>>;

export async function markAuthorizationUsed(db: Db, stateHash: string) {
  await db.updateTable('ehr_authorizations').set({ used_at: new Date() }).where('state_hash', '=', stateHash).execute();
}

// ── connections ─────────────────────────────────────────────────────────────────────────────

export function findConnection(db: Db, participantId: string, lock = false) {
  const q = db.selectFrom('ehr_connections').selectAll().where('participant_id', '=', participantId);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}
export type EhrConnectionRow = NonNullable<Awaited<ReturnType<typeof findConnection>>>;

export interface ConnectionValues {
  studyId: string;
  environment: AppEnvironment;
  status: EhrConnectionStatus;
  /** undefined keeps what is stored. */
  patientFhirId?: string | null;
  accessTokenSealed?: string | null;
  refreshTokenSealed?: string | null;
  expiresAt?: Date | null;
  connectedAt?: Date | null;
  lastSyncAt?: Date | null;
  lastError: string | null;
}

export async function saveConnection(db: Db, participantId: string, v: ConnectionValues) {
  const set = {
    status: v.status,
    last_error: v.lastError,
    updated_at: new Date(),
    ...(v.patientFhirId !== undefined ? { patient_fhir_id: v.patientFhirId } : {}),
    ...(v.accessTokenSealed !== undefined ? { access_token_sealed: v.accessTokenSealed } : {}),
    ...(v.refreshTokenSealed !== undefined ? { refresh_token_sealed: v.refreshTokenSealed } : {}),
    ...(v.expiresAt !== undefined ? { expires_at: v.expiresAt } : {}),
    ...(v.connectedAt !== undefined ? { connected_at: v.connectedAt } : {}),
    ...(v.lastSyncAt !== undefined ? { last_sync_at: v.lastSyncAt } : {}),
  };
  await db
    .insertInto('ehr_connections')
    .values({ participant_id: participantId, study_id: v.studyId, environment: v.environment, ...set })
    .onConflict((oc) => oc.column('participant_id').doUpdateSet(set))
    .execute();
}

// ── fetched resources ───────────────────────────────────────────────────────────────────────

export interface FetchedResource {
  resourceType: string;
  id: string;
  versionId: string | null;
  lastUpdated: string | null;
  resource: Record<string, unknown>;
}

/** Stores each resource; one already held is rewritten only when its version or content changed. */
export async function upsertResources(db: Db, participantId: string, resources: readonly FetchedResource[]) {
  for (const r of resources) {
    const values = {
      version_id: r.versionId,
      last_updated: r.lastUpdated,
      resource: JSON.stringify(r.resource),
      fetched_at: new Date(),
    };
    await db
      .insertInto('ehr_resources')
      .values({ participant_id: participantId, resource_type: r.resourceType, fhir_id: r.id, ...values })
      .onConflict((oc) =>
        oc
          .columns(['participant_id', 'resource_type', 'fhir_id'])
          .doUpdateSet(values)
          .where(
            sql<boolean>`ehr_resources.version_id is distinct from excluded.version_id or ehr_resources.resource <> excluded.resource`,
          ),
      )
      .execute();
  }
}

export function resourcesOf(db: Db, participantId: string) {
  return db
    .selectFrom('ehr_resources')
    .selectAll()
    .where('participant_id', '=', participantId)
    .orderBy('resource_type')
    .orderBy('last_updated', 'desc')
    .orderBy('fhir_id')
    .execute();
}

export async function resourceCounts(db: Db, participantId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('ehr_resources')
    .select(['resource_type', (eb) => eb.fn.countAll<string>().as('n')])
    .where('participant_id', '=', participantId)
    .groupBy('resource_type')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.resource_type, Number(r.n)]));
}
