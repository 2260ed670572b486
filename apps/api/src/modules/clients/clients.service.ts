/**
 * Client identity (spec 000 §7.7). Trialpath runs one client per installation; its identity is
 * our own (docs/decisions/A-067-identity-service.md), so the cloud-identity flags are false.
 */
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { type ClientRow, findClientById, findDefaultClient, insertClient } from './clients.repository';

export type { ClientRow };

export async function currentClient(ctx: Pick<ServiceCtx, 'db'>): Promise<ClientRow> {
  const c = await findDefaultClient(ctx.db);
  if (!c) throw fail('NOT_FOUND');
  return c;
}

export async function clientById(ctx: Pick<ServiceCtx, 'db'>, id: string): Promise<ClientRow> {
  const c = await findClientById(ctx.db, id);
  if (!c) throw fail('NOT_FOUND');
  return c;
}

/** The installation's client, created with this name when there is none yet (first administrator). */
export async function ensureClient(ctx: ServiceCtx, name: string): Promise<ClientRow> {
  return (await findDefaultClient(ctx.db)) ?? (await insertClient(ctx.db, name));
}

export async function clientIdentity(ctx: ServiceCtx) {
  const c = await currentClient(ctx);
  return {
    id: c.id,
    name: c.name,
    clientId: c.code,
    isTwoFAEnabled: c.two_fa_enabled,
    isCognitoAuthentication: c.is_cognito_authentication,
    isParticipantUsesCognito: c.is_participant_uses_cognito,
    supportDeskUrl: c.support_desk_url,
    demoMode: ctx.config.demoMode,
  };
}
