/**
 * `npm run create-admin -- --username x --email y [--first-name A --last-name B --client "Name"]`:
 * the first platform administrator of a production installation. Creates the client if there is
 * none, the SystemAdmin account as INVITED, and prints the create-password link (also queued in
 * the outbox as the invitation e-mail). Audited as a system action.
 */
import { parseArgs } from 'node:util';
import { normalizeStaffUsername } from '@trialpath/domain';
import { loadConfig } from '../config';
import { runMigrations } from '../db/migrate';
import { openDatabase } from '../db/open';
import { withSystemContext } from '../kernel/context';
import { createPlatform } from '../platform';
import { sendInvitation } from '../modules/auth/invitations.service';
import { ensureClient } from '../modules/clients/clients.service';
import { addUser, userByUsername } from '../modules/users/users.service';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    'first-name': { type: 'string', default: 'Platform' },
    'last-name': { type: 'string', default: 'Admin' },
    client: { type: 'string', default: 'Trialpath' },
  },
});
if (!values.username || !values.email || !/^[^@\s]+@[^@\s]+$/.test(values.email)) {
  console.error('Usage: npm run create-admin -- --username <name> --email <address> [--client <name>]');
  process.exit(2);
}

const config = loadConfig();
const handle = await openDatabase(config);
let exitCode = 0;
try {
  await runMigrations(handle);
  const username = normalizeStaffUsername(values.username);
  const platform = createPlatform(handle.db, config);
  const reason = 'first administrator (create-admin command)';
  const link = await withSystemContext(
    platform,
    'create-admin',
    async (ctx) => {
      if (await userByUsername(ctx, username)) return null;
      const client = await ensureClient(ctx, values.client!);
      const user = await addUser(ctx, {
        client_id: client.id,
        username,
        email: values.email!,
        first_name: values['first-name']!,
        last_name: values['last-name']!,
        phone_number: null,
        password_hash: null,
        status: 'INVITED',
        platform_role: 'SystemAdmin',
        realm: null,
      });
      const url = await sendInvitation(ctx, user);
      ctx.audit({
        action: 'user.invite',
        entityType: 'user',
        entityId: user.id,
        after: { username, email: user.email, role: 'SystemAdmin', status: 'INVITED' },
      });
      return url;
    },
    { reason },
  );
  if (!link) {
    console.error(`A user named "${username}" already exists.`);
    exitCode = 1;
  } else {
    console.log(`SystemAdmin "${username}" invited. Create the password within 7 days:\n${link}`);
  }
} finally {
  await handle.close();
}
process.exit(exitCode);
