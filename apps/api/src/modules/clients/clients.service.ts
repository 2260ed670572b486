/**
 * Client identity (spec 000 §7.7). Trialpath runs one client per installation; its identity is
 * our own (docs/decisions/A-067-identity-service.md), so the cloud-identity flags are false.
 */
import type { Db } from '../../db/database';
import { fail } from '../../http/errors';
import { type ClientRow, findClientById, findDefaultClient } from './clients.repository';

export async function currentClient(db: Db): Promise<ClientRow> {
  const c = await findDefaultClient(db);
  if (!c) throw fail('NOT_FOUND');
  return c;
}

export async function clientById(db: Db, id: string): Promise<ClientRow> {
  const c = await findClientById(db, id);
  if (!c) throw fail('NOT_FOUND');
  return c;
}

export async function clientIdentity(db: Db, demoMode: boolean) {
  const c = await currentClient(db);
  return {
    id: c.id,
    name: c.name,
    clientId: c.code,
    isTwoFAEnabled: c.two_fa_enabled,
    isCognitoAuthentication: c.is_cognito_authentication,
    isParticipantUsesCognito: c.is_participant_uses_cognito,
    supportDeskUrl: c.support_desk_url,
    demoMode,
  };
}
