-- Item-level audit (issue 7): which field of which record changed, from what to what — one row per
-- changed item of an audit entry. The EDC, data queries and the CDISC ODM AuditRecords read these.
-- The entry's hash covers its items (docs/decisions/0003-audit-hash-chain.md), and the rows are
-- append-only like the entries themselves.
create table audit_items (
  audit_id bigint not null references audit_log (id),
  position integer not null,
  entity_type text not null,
  entity_id text,
  item text not null,
  old_value jsonb,
  new_value jsonb,
  primary key (audit_id, position)
);
create index audit_items_record_idx on audit_items (entity_type, entity_id, item, audit_id);

create trigger audit_items_no_update before update or delete on audit_items
  for each row execute function audit_log_refuse_change();
create trigger audit_items_no_truncate before truncate on audit_items
  for each statement execute function audit_log_refuse_change();
