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

/** The client's short code from its name: "Trialpath Demo" → "trialpath-demo". */
function clientCodeOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'client';
}

export async function insertClient(db: Db, name: string, code = clientCodeOf(name)): Promise<ClientRow> {
  return db
    .insertInto('clients')
    .values({ name, code, support_desk_url: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}
