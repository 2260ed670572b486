/** All SQL on feature_flags. */
import type { Db } from '../../db/database';

export function listFlags(db: Db, clientId: string) {
  return db.selectFrom('feature_flags').selectAll().where('client_id', '=', clientId).orderBy('name').execute();
}

export async function upsertFlag(db: Db, clientId: string, name: string, enabled: boolean, customers: string[] | null) {
  await db
    .insertInto('feature_flags')
    .values({ client_id: clientId, name, enabled, customers: customers === null ? null : JSON.stringify(customers) })
    .onConflict((oc) =>
      oc.columns(['client_id', 'name']).doUpdateSet({
        enabled,
        customers: customers === null ? null : JSON.stringify(customers),
        updated_at: new Date(),
      }),
    )
    .execute();
}
