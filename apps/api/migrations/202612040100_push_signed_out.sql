-- A participant who signs out on a device ends its push registration (status SignedOut, no token): a shared
-- phone receives none of their reminders until they sign in and turn notifications on again.
alter table participant_devices drop constraint participant_devices_pd_registration_status_check;
alter table participant_devices add constraint participant_devices_pd_registration_status_check
  check (pd_registration_status in ('Registered', 'Refused', 'Gone', 'Replaced', 'SignedOut'));
