/** Study videos (issue 14, migration 202612100600_study_videos.sql, decision H-study-videos). */
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp } from './columns';

export type StudyVideoStatus = 'UPLOADED' | 'CONVERTING' | 'READY' | 'FAILED';
export type StudyVideoError = 'NEEDS_FFMPEG' | 'UNREADABLE' | 'CONVERSION';

export interface StudyVideosTable {
  id: Generated<string>;
  study_id: string;
  title: string;
  original_file_id: string;
  converted_file_id: string | null;
  status: ColumnType<StudyVideoStatus, StudyVideoStatus | undefined, StudyVideoStatus>;
  error_code: StudyVideoError | null;
  error_detail: string | null;
  duration_seconds: number | null;
  width: number | null;
  height: number | null;
  attempts: Generated<number>;
  lease_until: NullableTimestamp;
  created_by: string | null;
  created_at: Generated<Date>;
  converted_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
}
