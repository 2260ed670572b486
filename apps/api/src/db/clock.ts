/**
 * A worker's clock counts milliseconds, the database's microseconds: a row stamped by `now()` at
 * 12:00:00.123456 is due for a worker whose clock reads 12:00:00.123. Comparing with `<` this bound
 * (rather than `<=` the worker's time) says "due within this millisecond" and keeps the index usable.
 */
export function endOfMillisecond(at: Date): Date {
  return new Date(at.getTime() + 1);
}
