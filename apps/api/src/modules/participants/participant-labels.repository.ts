/** All SQL of participant labels (E-087, E-088): the study's labels and the participants carrying them. */
import type { LabelColor } from '@trialpath/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';

export interface LabelRow {
  id: string;
  name: string;
  color: LabelColor;
}

const LABEL_COLUMNS = ['id', 'name', 'color'] as const;

export async function studyLabels(db: Db, studyId: string): Promise<LabelRow[]> {
  const rows = await db
    .selectFrom('participant_labels')
    .select(LABEL_COLUMNS)
    .where('study_id', '=', studyId)
    .orderBy(sql`lower(name)`)
    .execute();
  return rows as LabelRow[];
}

export async function findLabel(db: Db, studyId: string, labelId: string, lock = false) {
  let q = db
    .selectFrom('participant_labels')
    .select(LABEL_COLUMNS)
    .where('study_id', '=', studyId)
    .where('id', '=', labelId);
  if (lock) q = q.forUpdate();
  return (await q.executeTakeFirst()) as LabelRow | undefined;
}

/** Whether another label of the study has this name, whatever the case. */
export async function labelNameTaken(db: Db, studyId: string, name: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('participant_labels')
    .select('id')
    .where('study_id', '=', studyId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertLabel(db: Db, values: { studyId: string; name: string; color: LabelColor; by: string }) {
  const row = await db
    .insertInto('participant_labels')
    .values({ study_id: values.studyId, name: values.name, color: values.color, created_by: values.by })
    .returning(LABEL_COLUMNS)
    .executeTakeFirstOrThrow();
  return row as LabelRow;
}

export async function updateLabel(db: Db, id: string, values: { name: string; color: LabelColor }) {
  await db.updateTable('participant_labels').set(values).where('id', '=', id).execute();
}

/** How many participants carry the label, in both data spaces and at every site. */
export async function labelLinkCount(db: Db, labelId: string): Promise<number> {
  const row = await db
    .selectFrom('participant_label_links')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('label_id', '=', labelId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The label's links removed (returning whose they were), then the label itself. */
export async function deleteLabel(db: Db, id: string): Promise<string[]> {
  const links = await db
    .deleteFrom('participant_label_links')
    .where('label_id', '=', id)
    .returning('participant_id')
    .execute();
  await db.deleteFrom('participant_labels').where('id', '=', id).execute();
  return links.map((l) => l.participant_id);
}

/** How many of the participants the caller may see (`visible`, over the aliases p and s) carry each label. */
export async function labelCounts(db: Db, studyId: string, visible: Expression<SqlBool>) {
  const rows = await db
    .selectFrom('participant_label_links as l')
    .innerJoin('participant_labels as x', 'x.id', 'l.label_id')
    .innerJoin('participants as p', 'p.id', 'l.participant_id')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .select(['l.label_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('x.study_id', '=', studyId)
    .where(visible)
    .groupBy('l.label_id')
    .execute();
  return new Map(rows.map((r) => [r.label_id, Number(r.n)]));
}

/** The labels each of these participants carries, by name. */
export async function labelsOfParticipants(db: Db, participantIds: readonly string[]) {
  const byParticipant = new Map<string, LabelRow[]>();
  if (participantIds.length === 0) return byParticipant;
  const rows = await db
    .selectFrom('participant_label_links as l')
    .innerJoin('participant_labels as x', 'x.id', 'l.label_id')
    .select(['l.participant_id', 'x.id', 'x.name', 'x.color'])
    .where('l.participant_id', 'in', participantIds)
    .orderBy(sql`lower(x.name)`)
    .execute();
  for (const r of rows) {
    const list = byParticipant.get(r.participant_id) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color as LabelColor });
    byParticipant.set(r.participant_id, list);
  }
  return byParticipant;
}

/** A participant's labels replaced by these; returns what was removed and what was added. */
export async function replaceParticipantLabels(db: Db, participantId: string, labelIds: readonly string[]) {
  const before = (
    await db
      .selectFrom('participant_label_links')
      .select('label_id')
      .where('participant_id', '=', participantId)
      .forUpdate()
      .execute()
  ).map((r) => r.label_id);
  const removed = before.filter((id) => !labelIds.includes(id));
  const added = labelIds.filter((id) => !before.includes(id));
  if (removed.length)
    await db
      .deleteFrom('participant_label_links')
      .where('participant_id', '=', participantId)
      .where('label_id', 'in', removed)
      .execute();
  if (added.length)
    await db
      .insertInto('participant_label_links')
      .values(added.map((label_id) => ({ participant_id: participantId, label_id })))
      .execute();
  return { removed, added };
}

/** The labels read by labelsJsonOfP (PGlite answers json as text, the pg driver as parsed JSON). */
export const labelsFromJson = (value: LabelRow[] | string): LabelRow[] =>
  typeof value === 'string' ? (JSON.parse(value) as LabelRow[]) : value;

/** The labels of the participant aliased `p` in the caller's query, by name, as JSON (the list's and one participant's). */
export const labelsJsonOfP = () =>
  sql<LabelRow[]>`(select coalesce(json_agg(json_build_object('id', x.id, 'name', x.name, 'color', x.color)
    order by lower(x.name)), '[]') from participant_label_links l join participant_labels x on x.id = l.label_id
    where l.participant_id = p.id)`;
