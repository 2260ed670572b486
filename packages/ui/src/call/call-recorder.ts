/**
 * The recording of a call as its holder's browser makes it (decision F-recording): every person's video drawn on a
 * 1280×720 canvas in the spec's grid (1 full, 2 halves, 3–4 quarters, 5–9 thirds), every voice mixed, recorded by
 * MediaRecorder (WebM) in two-second pieces, each handed to `send` at once and in order, so a crash loses at most
 * the last piece. Stopping hands over what is left, then an empty last piece that closes the recording.
 */
import { RECORDING_CHUNK_MS, RECORDING_RESOLUTION, recordingGrid } from '@trialpath/domain';

export interface RecordedPerson {
  id: string;
  name: string;
  stream: MediaStream | null;
}

/** Sends one piece; `last` closes the recording. Rejects when the server did not take it. */
export type SendPiece = (seq: number, piece: Blob, last: boolean) => Promise<void>;

const DRAW_EVERY_MS = 40;
const TRIES = 3;

function mimeType(): string {
  for (const type of ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'])
    if (typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type)) return type;
  return '';
}

export class CallRecorder {
  private readonly canvas = document.createElement('canvas');
  private readonly videos = new Map<string, HTMLVideoElement>();
  private readonly audio = new AudioContext();
  private readonly mix = this.audio.createMediaStreamDestination();
  private readonly voices = new Map<string, MediaStreamAudioSourceNode>();
  private recorder: MediaRecorder | null = null;
  private drawTimer: ReturnType<typeof setInterval> | null = null;
  private seq = 0;
  private sending: Promise<void> = Promise.resolve();
  private finished: Promise<void> | null = null;
  /** Set when a piece could not be sent after retrying (the rest would leave a gap). */
  failure: unknown = null;

  constructor(
    private readonly people: () => RecordedPerson[],
    private readonly send: SendPiece,
  ) {
    this.canvas.width = RECORDING_RESOLUTION.width;
    this.canvas.height = RECORDING_RESOLUTION.height;
  }

  start(): void {
    const type = mimeType();
    const video = this.canvas.captureStream(25).getVideoTracks();
    const stream = new MediaStream([...video, ...this.mix.stream.getAudioTracks()]);
    const recorder = new MediaRecorder(stream, { ...(type ? { mimeType: type } : {}), videoBitsPerSecond: 1_500_000 });
    this.recorder = recorder;
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) this.enqueue(e.data, false);
    };
    this.finished = new Promise((resolve) => {
      recorder.onstop = () => {
        this.enqueue(new Blob([], { type: recorder.mimeType || 'video/webm' }), true);
        void this.sending.then(resolve, resolve);
      };
    });
    this.draw();
    this.drawTimer = setInterval(() => this.draw(), DRAW_EVERY_MS);
    recorder.start(RECORDING_CHUNK_MS);
  }

  /** Stops recording and resolves once every piece, and the closing one, was handed to `send`. */
  async stop(): Promise<void> {
    if (this.drawTimer) clearInterval(this.drawTimer);
    this.drawTimer = null;
    if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
    await this.finished;
    for (const v of this.videos.values()) v.srcObject = null;
    this.videos.clear();
    await this.audio.close().catch(() => {});
  }

  private enqueue(piece: Blob, last: boolean) {
    const seq = this.seq++;
    this.sending = this.sending.then(async () => {
      if (this.failure) return;
      for (let attempt = 1; ; attempt++) {
        try {
          await this.send(seq, piece, last);
          return;
        } catch (e) {
          if (attempt >= TRIES) {
            this.failure = e;
            return;
          }
          await new Promise((r) => setTimeout(r, 500 * attempt));
        }
      }
    });
  }

  private videoOf(person: RecordedPerson): HTMLVideoElement | null {
    if (!person.stream) return null;
    let v = this.videos.get(person.id);
    if (!v) {
      v = document.createElement('video');
      v.muted = true;
      v.playsInline = true;
      this.videos.set(person.id, v);
    }
    if (v.srcObject !== person.stream) {
      v.srcObject = person.stream;
      void v.play().catch(() => {});
    }
    return v;
  }

  /** Every voice once in the mix (a new person's as they come). */
  private hear(person: RecordedPerson) {
    if (!person.stream || this.voices.has(person.id) || person.stream.getAudioTracks().length === 0) return;
    const source = this.audio.createMediaStreamSource(person.stream);
    source.connect(this.mix);
    this.voices.set(person.id, source);
  }

  private draw() {
    const g = this.canvas.getContext('2d');
    if (!g) return;
    const people = this.people().slice(0, 9);
    const { columns, rows } = recordingGrid(people.length);
    const w = this.canvas.width / columns;
    const h = this.canvas.height / rows;
    g.fillStyle = '#1a1b1e';
    g.fillRect(0, 0, this.canvas.width, this.canvas.height);
    people.forEach((person, i) => {
      this.hear(person);
      const x = (i % columns) * w;
      const y = Math.floor(i / columns) * h;
      const v = this.videoOf(person);
      if (v && v.videoWidth > 0) {
        // cover the tile, keeping the picture's proportions
        const scale = Math.max(w / v.videoWidth, h / v.videoHeight);
        const sw = w / scale;
        const sh = h / scale;
        g.drawImage(v, (v.videoWidth - sw) / 2, (v.videoHeight - sh) / 2, sw, sh, x, y, w, h);
      }
      g.fillStyle = 'rgba(0,0,0,0.55)';
      g.fillRect(x + 8, y + h - 34, Math.min(w - 16, 12 + person.name.length * 10), 26);
      g.fillStyle = '#fff';
      g.font = '16px sans-serif';
      g.fillText(person.name, x + 14, y + h - 15);
    });
  }
}
