/**
 * Recording a video call with the participant's consent (F-071 … F-087, F-115, F-118 … F-120; decision
 * F-recording): a staff member in the call asks (Pending, sent to the participant now or when they join), the
 * participant accepts or denies (audited with the call), the holder's browser sends the pieces, the holder stops it.
 * Ready recordings are played or downloaded through a signed address; each playback and download is audited.
 */
import type { Recording } from '@trialpath/contract';
import {
  countryTelehealthFeatures,
  isOpenRecording,
  messageRef,
  recordingAllowed,
  recordingAnswerState,
  recordingRefusal,
} from '@trialpath/domain';
import { StreamResponse } from '../../http/context';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { linkOpens, signLink } from '../../kernel/signed-links';
import { participantsVisibleTo, requireStudy } from '../access/access.service';
import { fileHeaders, storedFile, streamStoredFile } from '../files/files.service';
import { roomsOf } from './call-rooms';
import { callById, type CallRow } from './calls.repository';
import { requireInCall, visibleCall } from './calls.service';
import { janusOf } from './janus-bridge';
import { recordingView, stopSfuCapture, tellRecording } from './recording-news';
import {
  byteSizeOf,
  insertChunk,
  insertRecording,
  openRecordingOf,
  type RecordingRow,
  recordingById,
  studyRecordings,
  updateRecording,
} from './recordings.repository';
import { fullName } from './telehealth-team.service';

const LINK_PURPOSE = 'trialpath-telehealth-recordings';
const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';
const notOpen = () => fail('CONFLICT', undefined, { message: messageRef('telehealth.recordingNotOpen') });

/** F-036: whether the study records video visits in the participant's country (theirs, else their site's). */
/** The study and the participant's country allow recording (F-036), and so does the visit (F-037). */
async function mayRecord(ctx: ServiceCtx, call: Pick<CallRow, 'participant_id' | 'appointment_id'>): Promise<boolean> {
  const facts = await ctx.db
    .selectFrom('participants as p')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .innerJoin('studies as st', 'st.id', 'p.study_id')
    .innerJoin('appointments as a', (j) => j.on('a.id', '=', call.appointment_id))
    .select(['st.features', 'p.country_id', 's.country_id as site_country_id', 'a.allow_recording'])
    .where('p.id', '=', call.participant_id)
    .executeTakeFirst();
  const features = (facts?.features ?? null) as Record<string, unknown> | null;
  return (
    facts?.allow_recording === true && recordingAllowed(features, facts.country_id ?? facts.site_country_id ?? null)
  );
}

/** F-112: the study's telehealth features in a country, given or a visible participant's (theirs, else their site's). */
export async function telehealthCountryFeatures(
  ctx: ServiceCtx,
  input: { studyId: string; countryId?: string; participantId?: string },
) {
  const access = await requireStudy(ctx, input.studyId);
  const study = await ctx.db
    .selectFrom('studies')
    .select('features')
    .where('id', '=', input.studyId)
    .executeTakeFirstOrThrow();
  let countryId = input.countryId ?? null;
  if (input.participantId) {
    const visible = participantsVisibleTo(ctx, access, { participant: 'p', site: 's' });
    const p = await ctx.db
      .selectFrom('participants as p')
      .innerJoin('sites as s', 's.id', 'p.site_id')
      .select(['p.country_id', 's.country_id as site_country_id'])
      .where('p.id', '=', input.participantId)
      .where('p.study_id', '=', input.studyId)
      .where(visible)
      .executeTakeFirst();
    if (!p) throw fail('NOT_FOUND');
    countryId = p.country_id ?? p.site_country_id;
  }
  return countryTelehealthFeatures(study.features as Record<string, unknown> | null, countryId);
}

export async function recordingOptions(ctx: ServiceCtx, input: { studyId: string; callId: string }) {
  const { row } = await visibleCall(ctx, input.studyId, input.callId);
  const open = await openRecordingOf(ctx.db, row.id);
  return { allowed: await mayRecord(ctx, row), open: open ? recordingView(open) : null };
}

function refusalOf(open: RecordingRow, askedBy: string) {
  const refusal = recordingRefusal(
    { createdBy: open.created_by, holderName: fullName(open.holder_first_name, open.holder_last_name) },
    askedBy,
  );
  return fail('CONFLICT', undefined, {
    message:
      refusal?.key === 'telehealth.recordingInControl'
        ? messageRef('telehealth.recordingInControl', { name: refusal.name })
        : messageRef('telehealth.alreadyRecording'),
  });
}

/** F-074, F-079, F-080: ask to record; the participant is asked now when they are in the call, else when they come. */
export async function requestRecording(ctx: ServiceCtx, input: { studyId: string; callId: string }) {
  const me = ctx.staff();
  const { row } = await visibleCall(ctx, input.studyId, input.callId, true);
  if (row.state === 'ENDED') throw fail('CONFLICT', undefined, { message: messageRef('telehealth.callOver') });
  await requireInCall(ctx, row);
  if (!(await mayRecord(ctx, row)))
    throw fail('FORBIDDEN', undefined, { message: messageRef('telehealth.recordingNotAllowed') });
  const open = await openRecordingOf(ctx.db, row.id, true);
  if (open) throw refusalOf(open, me.userId);
  const now = new Date();
  const participantThere = await roomsOf(ctx.config).has(row.id, row.participant_id);
  let id: string;
  try {
    id = (
      await insertRecording(ctx.db, {
        call_id: row.id,
        study_id: row.study_id,
        participant_id: row.participant_id,
        appointment_id: row.appointment_id,
        environment: row.environment,
        name: `${row.participant_code} ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        state: participantThere ? 'REQUESTED' : 'PENDING',
        permission_requested_at: participantThere ? now : null,
        created_by: me.userId,
      })
    ).id;
  } catch (e) {
    // a colleague asked at the same moment: one open recording per call
    if (!isUniqueViolation(e)) throw e;
    const winner = await openRecordingOf(ctx.db, row.id);
    throw winner ? refusalOf(winner, me.userId) : e;
  }
  ctx.audit({
    action: 'telehealth.recording.request',
    entityType: 'telehealth_recording',
    entityId: id,
    after: { callId: row.id, state: participantThere ? 'REQUESTED' : 'PENDING' },
  });
  return tellRecording(ctx, id, 'recording_requested');
}

/** The recording, locked, of a call the caller may see; its holder alone may change it. */
async function heldRecording(ctx: ServiceCtx, studyId: string, recordingId: string) {
  const rec = await recordingById(ctx.db, recordingId, true);
  if (!rec || rec.study_id !== studyId) throw fail('NOT_FOUND');
  await visibleCall(ctx, studyId, rec.call_id, true);
  if (rec.created_by !== ctx.staff().userId)
    throw fail('FORBIDDEN', undefined, {
      message: messageRef('telehealth.recordingNotHolder', {
        name: fullName(rec.holder_first_name, rec.holder_last_name),
      }),
    });
  return rec;
}

/**
 * F-078: the holder stops it. A running recording is STOPPED (its holder's browser sends its last piece, then it is
 * put together); one still waiting for the participant's answer is cancelled.
 */
export async function stopRecording(ctx: ServiceCtx, input: { studyId: string; recordingId: string }) {
  const rec = await heldRecording(ctx, input.studyId, input.recordingId);
  if (!isOpenRecording(rec.state)) throw notOpen();
  const state = rec.state === 'RECORDING' ? 'STOPPED' : 'CANCELLED';
  // the SFU's recording is complete once Janus stops writing it: no browser has a last piece to send
  const bySfu = state === 'STOPPED' && rec.media_source === 'sfu';
  const sfuProblem = bySfu ? await stopSfuCapture(ctx, rec.call_id) : null;
  await updateRecording(ctx.db, rec.id, {
    state,
    ended_at: new Date(),
    stopped_by: ctx.staff().userId,
    ...(bySfu ? { media_state: 'PROCESSING' as const, lease_until: null } : {}),
  });
  ctx.audit({
    action: 'telehealth.recording.stop',
    entityType: 'telehealth_recording',
    entityId: rec.id,
    before: { state: rec.state },
    after: { state, ...(bySfu ? { mediaState: 'PROCESSING', sfuStopProblem: sfuProblem } : {}) },
  });
  if (bySfu) return tellRecording(ctx, rec.id, 'recording_stop_requested', 'recording_stopped');
  return tellRecording(ctx, rec.id, state === 'STOPPED' ? 'recording_stop_requested' : 'recording_stopped');
}

/**
 * One piece from the holder's browser, in order from 0. A piece already taken is answered as taken (a retry after a
 * lost answer); a gap is refused. `last` (sent after the stop, or instead of it) hands the recording over to be put
 * together: 'recording_stopped'.
 */
export async function receiveChunk(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    recordingId: string;
    seq: number;
    last?: '1';
    upload: { data: Buffer; contentType: string };
  },
) {
  const rec = await heldRecording(ctx, input.studyId, input.recordingId);
  const receiving =
    rec.media_source === 'browser' &&
    (rec.state === 'RECORDING' || (rec.state === 'STOPPED' && rec.media_state === 'RECEIVING'));
  if (!receiving) throw notOpen();
  if (input.seq > rec.chunk_count)
    throw fail('CONFLICT', undefined, {
      message: messageRef('telehealth.recordingChunkOrder', { seq: input.seq, expected: rec.chunk_count }),
    });
  let chunkCount = rec.chunk_count;
  let byteSize = byteSizeOf(rec);
  if (input.seq === rec.chunk_count && input.upload.data.length > 0) {
    await insertChunk(ctx.db, rec.id, input.seq, input.upload.data);
    chunkCount += 1;
    byteSize += input.upload.data.length;
    await updateRecording(ctx.db, rec.id, {
      chunk_count: chunkCount,
      byte_size: byteSize,
      content_type: rec.content_type ?? input.upload.contentType,
    });
  }
  if (input.last) {
    const now = new Date();
    await updateRecording(ctx.db, rec.id, {
      media_state: chunkCount > 0 ? 'PROCESSING' : 'NONE',
      lease_until: null,
      ...(rec.state === 'RECORDING' ? { state: 'STOPPED' as const, ended_at: now, stopped_by: rec.created_by } : {}),
    });
    ctx.audit({
      action: 'telehealth.recording.stop',
      entityType: 'telehealth_recording',
      entityId: rec.id,
      before: { state: rec.state, mediaState: rec.media_state },
      after: { state: 'STOPPED', chunks: chunkCount, bytes: byteSize, lastPieceSent: true },
    });
    await tellRecording(ctx, rec.id, 'recording_stopped');
  }
  return { chunkCount, byteSize };
}

/** F-075, F-076: the participant's answer to the request of their call, audited with it. */
export async function answerRecordingRequest(ctx: ServiceCtx, input: { recordingId: string; granted: boolean }) {
  const me = ctx.participant();
  const rec = await recordingById(ctx.db, input.recordingId, true);
  if (!rec || rec.participant_id !== me.participantId) throw fail('NOT_FOUND');
  const call = await callById(ctx.db, rec.call_id);
  if (rec.state !== 'REQUESTED' || call?.state === 'ENDED') throw notOpen();
  const now = new Date();
  const state = recordingAnswerState(input.granted);
  // with the SFU, Janus records from now on (before the answer is stored: no consent kept for a recording not made)
  const sfu = input.granted ? janusOf(ctx.config) : null;
  if (sfu)
    await sfu.startRecording(rec.call_id, rec.id).catch(() => {
      throw fail('SERVICE_UNAVAILABLE', undefined, { message: messageRef('telehealth.videoServiceDown') });
    });
  await updateRecording(ctx.db, rec.id, {
    state,
    permission_granted: input.granted,
    permission_responded_at: now,
    ...(input.granted
      ? {
          started_at: now,
          media_state: 'RECEIVING' as const,
          media_source: sfu ? ('sfu' as const) : ('browser' as const),
        }
      : { ended_at: now }),
  });
  ctx.audit({
    action: 'telehealth.recording.consent',
    entityType: 'telehealth_recording',
    entityId: rec.id,
    before: { state: 'REQUESTED' },
    after: { state, granted: input.granted, callId: rec.call_id, ...(sfu ? { mediaSource: 'sfu' } : {}) },
  });
  if (input.granted) await tellRecording(ctx, rec.id, 'recording_accepted', 'recording_start');
  else await tellRecording(ctx, rec.id, 'recording_denied');
  return { state };
}

/** F-115: the recordings of the study the caller may see, by participant and appointment. */
export async function listRecordings(
  ctx: ServiceCtx,
  input: { studyId: string; participantId?: string; appointmentId?: string },
): Promise<{ items: Recording[] }> {
  const access = await requireStudy(ctx, input.studyId);
  const visible = participantsVisibleTo(ctx, access, { participant: 'p', site: 's' });
  const rows = await studyRecordings(ctx.db, input.studyId, ctx.env, visible, input);
  return { items: rows.map(recordingView) };
}

const fileNameOf = (rec: RecordingRow) =>
  `${rec.name.replace(/[^A-Za-z0-9 _-]+/g, '-')}.${rec.content_type === 'video/webm' ? 'webm' : 'mp4'}`;

/** One recording the caller may see; one they may not looks like a missing one to a non-admin. */
async function visibleRecording(ctx: ServiceCtx, studyId: string, recordingId: string) {
  const access = await requireStudy(ctx, studyId);
  const visible = participantsVisibleTo(ctx, access, { participant: 'p', site: 's' });
  const [rec] = await studyRecordings(ctx.db, studyId, ctx.env, visible, { recordingId });
  if (!rec) throw access.global ? fail('NOT_FOUND') : fail('FORBIDDEN');
  return rec;
}

/** F-005: one recording, for the page that opens it by its id. */
export async function getRecording(ctx: ServiceCtx, input: { studyId: string; recordingId: string }) {
  return recordingView(await visibleRecording(ctx, input.studyId, input.recordingId));
}

/** F-120: a ready recording's address to play or to download; the playback or download is audited. */
export async function openRecording(
  ctx: ServiceCtx,
  input: { studyId: string; recordingId: string; purpose: 'play' | 'download' },
) {
  const rec = await visibleRecording(ctx, input.studyId, input.recordingId);
  if (rec.media_state !== 'READY' || !rec.file_id)
    throw fail('CONFLICT', undefined, { message: messageRef('telehealth.recordingNotReady') });
  // F-152: the video feature switched off (for the study or the participant's country) stops downloads
  if (input.purpose === 'download' && !(await mayRecord(ctx, rec)))
    throw fail('CONFLICT', undefined, { message: messageRef('errors.featureDisabled') });
  ctx.audit({
    action: input.purpose === 'play' ? 'telehealth.recording.play' : 'telehealth.recording.download',
    entityType: 'telehealth_recording',
    entityId: rec.id,
    after: { participantId: rec.participant_id, name: rec.name },
  });
  const token = signLink(LINK_PURPOSE, rec.id, ctx.config.jwtSecret, Date.now());
  const base = `/api/v1/telehealth-recordings/${rec.id}/media/${token}`;
  return { url: input.purpose === 'download' ? `${base}?download=1` : base, fileName: fileNameOf(rec) };
}

/** `bytes=a-b` (one range; `a-` to the end, `-n` the last n bytes) within a file of `size` bytes; null: the whole. */
export function byteRange(header: string | null, size: number): { start: number; end: number } | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '') || size === 0) return null;
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start <= end && start < size ? { start, end } : null;
}

/**
 * The MP4 by its signed address (a <video> element or a download link: no Authorization header), whole or the byte
 * range the player asks for (seeking, F-093).
 */
export async function recordingMedia(
  ctx: ServiceCtx & { range: string | null },
  input: { recordingId: string; token: string; download?: '1' },
) {
  if (!linkOpens(LINK_PURPOSE, input.recordingId, input.token, ctx.config.jwtSecret, Date.now()))
    throw fail('NOT_FOUND', undefined, { message: messageRef('telehealth.recordingLinkInvalid') });
  const rec = await recordingById(ctx.db, input.recordingId);
  if (!rec?.file_id || rec.media_state !== 'READY') throw fail('NOT_FOUND');
  const meta = await storedFile(ctx, rec.file_id);
  if (!meta) throw fail('NOT_FOUND');
  const range = input.download ? null : byteRange(ctx.range, meta.byteSize);
  const stored = await streamStoredFile(ctx, rec.file_id, range ?? undefined);
  if (!stored) throw fail('NOT_FOUND');
  const headers = {
    ...fileHeaders(stored.file.contentType, input.download ? 'attachment' : 'inline', fileNameOf(rec)),
    'accept-ranges': 'bytes',
    'cache-control': 'private, max-age=3600',
  };
  if (!range)
    return new StreamResponse(stored.file.contentType, stored.stream, {
      ...headers,
      'content-length': String(meta.byteSize),
    });
  return new StreamResponse(
    stored.file.contentType,
    stored.stream,
    {
      ...headers,
      'content-length': String(range.end - range.start + 1),
      'content-range': `bytes ${range.start}-${range.end}/${meta.byteSize}`,
    },
    206,
  );
}
