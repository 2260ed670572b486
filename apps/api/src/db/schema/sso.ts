/** The SSO area: OpenID Connect providers, pending login states, linked identities (migrations/202611220545_sso.sql). */
import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns';

export interface SsoProvidersTable {
  id: Generated<string>;
  client_id: string;
  name: string;
  issuer: string;
  oidc_client_id: string;
  oidc_client_secret: string | null;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface SsoLoginStatesTable {
  state_hash: string;
  nonce: string;
  code_verifier: string;
  provider_id: string;
  redirect_to: string | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface SsoIdentitiesTable {
  provider_id: string;
  subject: string;
  user_id: string;
  created_at: Generated<Date>;
  last_login_at: Generated<Date>;
}
