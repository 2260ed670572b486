/**
 * A call's signalling connection (decision F-calls; messages: packages/contract/src/call-signals.ts). The first
 * message is `hello` with the video-auth token, within a few seconds; then the server relays WebRTC
 * offers, answers and candidates between the people of the call and says who comes and goes. Joining and leaving
 * are recorded and audited; the participant's first arrival connects the call (the call-start time, F-064). When
 * the participant or everyone else is gone and nobody comes back within the rejoin grace, the call ends: 'This
 * meeting has been ended' (F-066).
 */
import { CALL_MESH_LIMIT, type CallPeer, translate } from '@trialpath/domain';
import { type ClientSignal, SIGNAL_CLOSE, type ServerSignal } from '@trialpath/contract';
import { z } from 'zod';
import type { WebSocket } from 'ws';
import { type Platform, withSystemContext } from '../../kernel/context';
import { roomsOf } from './call-rooms';
import { type SfuSeat, sfuSeat } from './call-sfu';
import { janusOf } from './janus-bridge';
import { callById, callMembers, markMember, updateCall } from './calls.repository';
import { finishCall } from './calls.service';
import { recordingView, sendWaitingRequest } from './recording-news';
import { openRecordingOf } from './recordings.repository';
import { updateAppointment } from './telehealth.repository';
import { verifyVideoToken } from './video-token';

const HELLO_WITHIN_MS = 5_000;
const MAX_MESSAGE_BYTES = 64 * 1024;
const MAX_SDP = 48 * 1024;

/** The browser's messages (ClientSignal in the contract), checked before anything is done with them. */
const ClientSignalSchema: z.ZodType<ClientSignal> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), token: z.string().min(1).max(4000) }),
  z.object({ type: z.literal('signal'), to: z.string().min(1).max(64), data: z.unknown() }),
  z.object({ type: z.literal('media'), camera: z.boolean(), microphone: z.boolean() }),
  z.object({ type: z.literal('screen'), sharing: z.boolean() }),
  z.object({
    type: z.literal('sfu'),
    data: z.discriminatedUnion('op', [
      z.object({ op: z.literal('publish'), sdp: z.string().min(1).max(MAX_SDP) }),
      z.object({ op: z.literal('subscribe'), peerId: z.string().min(1).max(64) }),
      z.object({ op: z.literal('answer'), peerId: z.string().min(1).max(64), sdp: z.string().min(1).max(MAX_SDP) }),
    ]),
  }),
]);

function refuse(socket: WebSocket, key: 'telehealth.callOver' | 'telehealth.notInvited' | 'telehealth.callFull') {
  const message: ServerSignal = { type: 'refused', message: translate(key, { count: CALL_MESH_LIMIT }, 'en') };
  socket.send(JSON.stringify(message));
  socket.close(SIGNAL_CLOSE.refused, key);
}

function parse(data: unknown) {
  try {
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
    if (text.length > MAX_MESSAGE_BYTES) return null;
    const parsed = ClientSignalSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Records the person's arrival: the participant's first connects the call and puts its appointment on call. */
async function recordJoin(platform: Platform, peer: CallPeer, callId: string) {
  await withSystemContext(platform, 'telehealth', async (ctx) => {
    const row = await callById(ctx.db, callId, true);
    if (!row || row.state === 'ENDED') return;
    const now = new Date();
    if (peer.kind === 'participant') {
      if (row.participant_joined_at === null || row.state === 'INITIATED') {
        await updateCall(ctx.db, callId, {
          state: 'CONNECTED',
          participant_joined_at: row.participant_joined_at ?? now,
        });
        await updateAppointment(ctx.db, row.appointment_id, { state: 'ON_CALL', updated_at: now });
      }
      await sendWaitingRequest(ctx, callId);
    } else await markMember(ctx.db, callId, peer.peerId, 'joined', now);
    ctx.audit({ action: 'telehealth.call.join', entityType: 'telehealth_call', entityId: callId, after: peer });
  });
}

async function recordLeave(platform: Platform, peer: CallPeer, callId: string) {
  await withSystemContext(platform, 'telehealth', async (ctx) => {
    if (peer.kind === 'staff') await markMember(ctx.db, callId, peer.peerId, 'left', new Date());
    ctx.audit({ action: 'telehealth.call.leave', entityType: 'telehealth_call', entityId: callId, after: peer });
  });
}

/** After the grace: a connected call whose participant is gone, or that only one person is left in, ends. */
async function endIfStreamsGone(platform: Platform, callId: string) {
  const rooms = roomsOf(platform.config);
  await withSystemContext(platform, 'telehealth', async (ctx) => {
    const row = await callById(ctx.db, callId, true);
    if (row?.state !== 'CONNECTED') return;
    const participantThere = await rooms.has(callId, row.participant_id);
    if (participantThere && (await rooms.size(callId)) > 1) return;
    await finishCall(ctx, row, 'LAST_STREAM_GONE', null);
  });
}

/** Serves one signalling WebSocket. */
export function serveCallSignalling(platform: Platform, socket: WebSocket, log: { warn(o: object, m: string): void }) {
  const rooms = roomsOf(platform.config);
  const janus = janusOf(platform.config);
  let seat: { callId: string; peer: CallPeer } | null = null;
  let sfu: SfuSeat | null = null;
  let greeting = false;
  const deadline = setTimeout(() => {
    if (!seat) socket.close(SIGNAL_CLOSE.refused, 'hello expected');
  }, HELLO_WITHIN_MS);

  const hello = async (token: string) => {
    const claims = await verifyVideoToken(token, platform.config.jwtSecret);
    if (!claims) return refuse(socket, 'telehealth.notInvited');
    const row = await callById(platform.db, claims.callId);
    if (!row || row.state === 'ENDED') return refuse(socket, 'telehealth.callOver');
    if (claims.kind === 'participant' && row.participant_id !== claims.peerId)
      return refuse(socket, 'telehealth.notInvited');
    if (claims.kind === 'staff') {
      const members = await callMembers(platform.db, [row.id]);
      if (!members.some((m) => m.user_id === claims.peerId)) return refuse(socket, 'telehealth.notInvited');
    }
    if (!(await rooms.has(row.id, claims.peerId)) && (await rooms.size(row.id)) >= CALL_MESH_LIMIT)
      return refuse(socket, 'telehealth.callFull');
    const peer: CallPeer = { peerId: claims.peerId, kind: claims.kind, name: claims.name };
    await rooms.seat(row.id, peer, socket);
    clearTimeout(deadline);
    // gone while being seated: no seat is left behind for a connection that is no more
    if (socket.readyState !== socket.OPEN) return void (await rooms.unseat(row.id, peer.peerId, socket));
    seat = { callId: row.id, peer };
    if (janus) {
      // the room is there before anyone publishes (a Janus out of reach is told when they do)
      janus.ensureRoom(row.id).catch((err) => log.warn({ err, callId: row.id }, 'call signalling: no SFU room'));
      sfu = sfuSeat(janus, row.id, peer.peerId, (data) => {
        if (socket.readyState === socket.OPEN)
          socket.send(JSON.stringify({ type: 'sfu', data } satisfies ServerSignal));
      });
    }
    const open = await openRecordingOf(platform.db, row.id);
    rooms.send(row.id, peer.peerId, {
      type: 'welcome',
      me: peer,
      peers: await rooms.peers(row.id, peer.peerId),
      callId: row.id,
      recording: open ? recordingView(open) : null,
      screen: await rooms.screenOf(row.id),
      media: janus ? 'sfu' : 'mesh',
    });
    // stored first: whoever hears of the arrival and looks (the visit now 'On call') finds it
    await recordJoin(platform, peer, row.id);
    rooms.broadcast(row.id, { type: 'peer-joined', peer }, peer.peerId);
  };

  socket.on('message', (data) => {
    const message = parse(data);
    if (!message) {
      socket.send(JSON.stringify({ type: 'refused', message: 'Unreadable message.' } satisfies ServerSignal));
      return;
    }
    if (!seat) {
      if (message.type !== 'hello' || greeting) return;
      greeting = true;
      hello(message.token).catch((err) => {
        log.warn({ err }, 'call signalling: hello failed');
        socket.close(SIGNAL_CLOSE.refused, 'error');
      });
      return;
    }
    const { callId, peer } = seat;
    if (message.type === 'signal')
      rooms.send(callId, message.to, { type: 'signal', from: peer.peerId, data: message.data });
    else if (message.type === 'media')
      rooms.broadcast(
        callId,
        { type: 'media', from: peer.peerId, camera: message.camera, microphone: message.microphone },
        peer.peerId,
      );
    else if (message.type === 'screen')
      shareScreen(callId, peer.peerId, message.sharing).catch((err) =>
        log.warn({ err, callId }, 'call signalling: screen sharing not changed'),
      );
    else if (message.type === 'sfu')
      sfu?.receive(message.data).catch((err) => {
        // Janus is down or refused: the browser says so in its language, the call itself goes on
        log.warn({ err, callId }, 'call signalling: the SFU did not do what was asked');
        const failed: ServerSignal = {
          type: 'sfu',
          data: { op: 'failed', message: translate('telehealth.videoServiceDown', undefined, 'en') },
        };
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(failed));
      });
  });

  /** F-069: one screen at a time; a second start is refused (the portal says why, in its language). */
  const shareScreen = async (callId: string, peerId: string, sharing: boolean) => {
    if (!sharing) {
      if (await rooms.releaseScreen(callId, peerId)) rooms.broadcast(callId, { type: 'screen', peerId: null });
      return;
    }
    const holder = await rooms.claimScreen(callId, peerId);
    if (holder === peerId) rooms.broadcast(callId, { type: 'screen', peerId });
    else rooms.send(callId, peerId, { type: 'screen-busy', peerId: holder });
  };

  socket.on('close', () => {
    clearTimeout(deadline);
    sfu?.close().catch((err) => log.warn({ err }, 'call signalling: SFU handles not closed'));
    if (!seat) return;
    const { callId, peer } = seat;
    rooms
      .unseat(callId, peer.peerId, socket)
      .then(async (held) => {
        if (!held) return;
        rooms.broadcast(callId, { type: 'peer-left', peerId: peer.peerId });
        await recordLeave(platform, peer, callId);
        await new Promise((r) => setTimeout(r, platform.config.calls.rejoinGraceMs));
        await endIfStreamsGone(platform, callId);
      })
      .catch((err) => log.warn({ err, callId }, 'call signalling: leaving not recorded'));
  });
}
