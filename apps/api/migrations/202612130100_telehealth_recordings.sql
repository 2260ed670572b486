-- Recordings of video calls, made only with the participant's consent (issue 15, decision F-recording). A
-- recording is asked for by a staff member in the call (its holder); the participant is asked once they are in
-- the call and accepts, denies or lets five minutes pass. One recording of a call is open at a time. The holder's
-- browser sends what it records in numbered pieces as it goes (kept here until the recording is put together, so a
-- crash loses at most the last piece); a job puts them together and converts them to MP4 under a lease.
create table telehealth_recordings (
  id uuid primary key default gen_random_uuid(),
  call_id uuid not null references telehealth_calls(id),
  study_id uuid not null references studies(id),
  participant_id uuid not null references participants(id),
  appointment_id uuid not null references appointments(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  name text not null,
  state text not null check (state in ('PENDING', 'REQUESTED', 'RECORDING', 'STOPPED', 'DENIED', 'TIMED_OUT', 'CANCELLED')),
  created_by uuid not null references users(id),
  created_at timestamptz not null default now(),
  -- the consent: when the participant was asked, when they answered, what they said
  permission_requested_at timestamptz,
  permission_responded_at timestamptz,
  permission_granted boolean,
  started_at timestamptz,
  ended_at timestamptz,
  stopped_by uuid references users(id),
  -- the pieces received (numbered from 0, in order) and their bytes
  chunk_count integer not null default 0,
  byte_size bigint not null default 0,
  -- the media: NONE (nothing recorded), RECEIVING, then once stopped PROCESSING, READY or FAILED
  media_state text not null default 'NONE' check (media_state in ('NONE', 'RECEIVING', 'PROCESSING', 'READY', 'FAILED')),
  file_id uuid references stored_files(id),
  content_type text,
  duration_seconds double precision,
  error_detail text,
  attempts integer not null default 0,
  lease_until timestamptz
);
create unique index telehealth_recordings_open on telehealth_recordings (call_id)
  where state in ('PENDING', 'REQUESTED', 'RECORDING');
create index telehealth_recordings_participant on telehealth_recordings (participant_id, created_at);
create index telehealth_recordings_requested on telehealth_recordings (permission_requested_at) where state = 'REQUESTED';
create index telehealth_recordings_processing on telehealth_recordings (lease_until) where media_state = 'PROCESSING';

create table telehealth_recording_chunks (
  recording_id uuid not null references telehealth_recordings(id),
  seq integer not null check (seq >= 0),
  data bytea not null,
  received_at timestamptz not null default now(),
  primary key (recording_id, seq)
);
