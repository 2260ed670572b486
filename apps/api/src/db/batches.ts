/** Rows per insert: well under the 65,535 parameters a statement may carry. */
export const INSERT_BATCH = 1000;

/** Writes `rows` a batch at a time, in order (one statement per batch). */
export async function inBatches<T>(rows: readonly T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) await write(rows.slice(i, i + INSERT_BATCH));
}
