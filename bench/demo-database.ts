/** A bench database: migrated, the demo data set seeded, and a demo staff member's access token for the API. */
import { testConfig } from '../apps/api/src/config';
import { connectPostgres } from '../apps/api/src/db/database';
import { runMigrations } from '../apps/api/src/db/migrate';
import { openSession, staffAccessToken } from '../apps/api/src/modules/auth/session-tokens';
import { generalAuthorities, userByUsername } from '../apps/api/src/modules/users/users.service';
import { createPlatform } from '../apps/api/src/platform';
import { seedDemo } from '../apps/api/src/seed/demo';

/** Migrations and the demo data set on the database at `url`, then `username`'s token signed with `jwtSecret`. */
export async function seedDemoDatabase(url: string, jwtSecret: string, username = 'crc.demo'): Promise<string> {
  const handle = connectPostgres(url, 4);
  const config = testConfig({ jwtSecret: new TextEncoder().encode(jwtSecret), accessTokenTtlSeconds: 3_600 });
  try {
    await runMigrations(handle);
    await seedDemo(createPlatform(handle.db, config));
  } finally {
    await handle.close();
  }
  return staffTokenFor(url, jwtSecret, username);
}

/** An access token of a staff user of the seeded database, signed with `jwtSecret`. */
export async function staffTokenFor(url: string, jwtSecret: string, username: string): Promise<string> {
  const handle = connectPostgres(url, 2);
  const config = testConfig({ jwtSecret: new TextEncoder().encode(jwtSecret), accessTokenTtlSeconds: 3_600 });
  try {
    const platform = createPlatform(handle.db, config);
    const user = (await userByUsername(platform, username))!;
    const session = await openSession(platform, { userId: user.id });
    return await staffAccessToken(config, {
      userId: user.id,
      studyId: null,
      authorities: await generalAuthorities(platform, user),
      tokenVersion: user.token_version,
      sessionId: session.id,
    });
  } finally {
    await handle.close();
  }
}
