/** The clients area: the installation's client and its feature flags (migrations/202511220900_foundation.sql). */
import type { Generated } from 'kysely';
import type { Json } from './columns';

export interface ClientsTable {
  id: Generated<string>;
  name: string;
  two_fa_enabled: Generated<boolean>;
  is_cognito_authentication: Generated<boolean>;
  is_participant_uses_cognito: Generated<boolean>;
  support_desk_url: string | null;
  /** Short code (000 §3 clientId), e.g. 'trialpath-demo'. */
  code: string;
  created_at: Generated<Date>;
}

export interface FeatureFlagsTable {
  client_id: string;
  name: string;
  enabled: Generated<boolean>;
  customers: Json<string[] | null>;
  updated_at: Generated<Date>;
}
