-- Study videos (issue 14, H-033 and H-034, decision H-study-videos): a video staff upload for the study's pages
-- (learn more, eConsent, activities) is stored as uploaded, then converted in the background to an MP4 every
-- browser plays (H.264 video, AAC audio, index at the front). The conversion job claims a video under a lease, so a
-- server that stops mid-conversion leaves it to be claimed again.
create table study_videos (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  title text not null check (length(title) between 1 and 200),
  original_file_id uuid not null references stored_files(id),
  converted_file_id uuid references stored_files(id),
  status text not null default 'UPLOADED' check (status in ('UPLOADED', 'CONVERTING', 'READY', 'FAILED')),
  -- why it failed: 'NEEDS_FFMPEG', 'UNREADABLE' or 'CONVERSION' (then error_detail holds ffmpeg's last words)
  error_code text check (error_code in ('NEEDS_FFMPEG', 'UNREADABLE', 'CONVERSION')),
  error_detail text,
  duration_seconds double precision,
  width integer,
  height integer,
  attempts integer not null default 0,
  lease_until timestamptz,
  created_by uuid references users(id),
  created_at timestamptz not null default now(),
  converted_at timestamptz,
  deleted_at timestamptz
);
create index study_videos_study on study_videos (study_id, created_at desc) where deleted_at is null;
create index study_videos_due on study_videos (status, lease_until) where status in ('UPLOADED', 'CONVERTING') and deleted_at is null;
