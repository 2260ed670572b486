-- Delivery of the outbox (e-mail by SMTP, SMS by the configured gateway; decision 0006).
-- The table is the queue: a sender claims due rows with `for update skip locked`, so any number of
-- API processes drain it without sending a message twice. Runs unchanged on PostgreSQL 15+ and on PGlite.
alter table outbox add column status text not null default 'pending'
  check (status in ('pending', 'sent', 'failed'));
alter table outbox add column attempts integer not null default 0;
alter table outbox add column next_attempt_at timestamptz not null default now();
alter table outbox add column last_error text;
create index outbox_due_idx on outbox (next_attempt_at) where status = 'pending';
