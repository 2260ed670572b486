/** The outbox area: e-mail and SMS waiting to be sent (decision 0006). */
import type { Generated } from 'kysely';
import type { NullableTimestamp } from './columns';

export interface OutboxTable {
  id: Generated<string>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Generated<Date>;
  sent_at: NullableTimestamp;
  /** pending until a sender delivers it (sent) or gives up after the last attempt (failed). */
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_error: string | null;
}
