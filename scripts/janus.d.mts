// Types of janus.mjs for the TypeScript that imports it (the workspaces do not type-check JavaScript).

export interface JanusOptions {
  /** WebSockets port, bound to 127.0.0.1 only. */
  wsPort: number;
  /** Media (RTP/RTCP and ICE) ports, inclusive. */
  rtpPortRange: [number, number];
  /** Where rooms may record (their rec_dir); created when missing, must be writable. */
  recordingsDir: string;
  /** Janus's log; by default a file in the config folder (removed by stop()). */
  logFile?: string;
}

export interface RunningJanus {
  /** ws://127.0.0.1:<wsPort>, to be opened with the subprotocol "janus-protocol". */
  url: string;
  pid: number;
  configDir: string;
  /** SIGTERM, SIGKILL after 3 s, then removes the config folder. */
  stop(): Promise<void>;
}

/** The `janus` program is on the PATH. */
export function janusInstalled(): boolean;

/** Resolves once Janus creates a session over its WebSocket; rejects after 15 s with the end of its log. */
export function startJanus(options: JanusOptions): Promise<RunningJanus>;
