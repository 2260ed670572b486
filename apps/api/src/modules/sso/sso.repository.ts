/** All SQL on sso_providers, sso_login_states and sso_identities (migrations/202611220545_sso.sql). */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { SsoIdentitiesTable, SsoLoginStatesTable, SsoProvidersTable } from '../../db/schema';

export type SsoProviderRow = Selectable<SsoProvidersTable>;
export type SsoLoginStateRow = Selectable<SsoLoginStatesTable>;
export type SsoIdentityRow = Selectable<SsoIdentitiesTable>;

export function listEnabledProviders(db: Db, clientId: string): Promise<SsoProviderRow[]> {
  return db
    .selectFrom('sso_providers')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('enabled', '=', true)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findProvider(db: Db, id: string): Promise<SsoProviderRow | undefined> {
  return db.selectFrom('sso_providers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertProvider(
  db: Db,
  values: {
    clientId: string;
    name: string;
    issuer: string;
    oidcClientId: string;
    oidcClientSecret: string | null;
    enabled?: boolean;
  },
): Promise<SsoProviderRow> {
  return db
    .insertInto('sso_providers')
    .values({
      client_id: values.clientId,
      name: values.name,
      issuer: values.issuer,
      oidc_client_id: values.oidcClientId,
      oidc_client_secret: values.oidcClientSecret,
      enabled: values.enabled ?? true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertLoginState(
  db: Db,
  values: {
    stateHash: string;
    nonce: string;
    codeVerifier: string;
    providerId: string;
    redirectTo: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('sso_login_states')
    .values({
      state_hash: values.stateHash,
      nonce: values.nonce,
      code_verifier: values.codeVerifier,
      provider_id: values.providerId,
      redirect_to: values.redirectTo,
      expires_at: values.expiresAt,
    })
    .execute();
}

/** Locked until the transaction ends: two calls with the same state cannot both use it. */
export function findLoginStateForUpdate(db: Db, stateHash: string): Promise<SsoLoginStateRow | undefined> {
  return db
    .selectFrom('sso_login_states')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function markLoginStateUsed(db: Db, stateHash: string): Promise<void> {
  await db.updateTable('sso_login_states').set({ used_at: new Date() }).where('state_hash', '=', stateHash).execute();
}

/** Housekeeping: states are worthless a day after they expired. */
export async function deleteStaleLoginStates(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('sso_login_states').where('expires_at', '<', before).execute();
}

export function findIdentity(db: Db, providerId: string, subject: string): Promise<SsoIdentityRow | undefined> {
  return db
    .selectFrom('sso_identities')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export function findIdentityOfUser(db: Db, providerId: string, userId: string): Promise<SsoIdentityRow | undefined> {
  return db
    .selectFrom('sso_identities')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertIdentity(db: Db, providerId: string, subject: string, userId: string): Promise<void> {
  await db.insertInto('sso_identities').values({ provider_id: providerId, subject, user_id: userId }).execute();
}

export async function touchIdentity(db: Db, providerId: string, subject: string): Promise<void> {
  await db
    .updateTable('sso_identities')
    .set({ last_login_at: new Date() })
    .where('provider_id', '=', providerId)
    .where('subject', '=', subject)
    .execute();
}
