/** Column types shared by the areas' table declarations. */
import type { AppEnvironment } from '@trialpath/domain';
import type { ColumnType } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** jsonb: always written as a JSON string (pg and PGlite both pass strings through). */
export type Json<T = unknown> = ColumnType<T, string | null | undefined, string | null>;
/** The two data spaces (the domain's rule); environment-scoped tables store one of them. */
export type Environment = AppEnvironment;
