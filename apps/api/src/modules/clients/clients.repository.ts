/** All SQL on clients. */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ClientsTable } from '../../db/schema';

export type ClientRow = Selectable<ClientsTable>;

export function findClientById(db: Db, id: string): Promise<ClientRow | undefined> {
  return db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The deployment's client: one client per installation (the oldest row). */
export function findDefaultClient(db: Db): Promise<ClientRow | undefined> {
  return db.selectFrom('clients').selectAll().orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
}

export async function insertClient(db: Db, name: string): Promise<ClientRow> {
  return db.insertInto('clients').values({ name, support_desk_url: null }).returningAll().executeTakeFirstOrThrow();
}
