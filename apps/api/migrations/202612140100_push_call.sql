-- Issue 15 (F-106): a push of an incoming video call, next to the test push and the study team's messages.
alter table push_messages drop constraint push_messages_kind_check;
alter table push_messages add constraint push_messages_kind_check check (kind in ('test', 'message', 'call'));
