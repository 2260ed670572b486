/**
 * WebSocket routes (decision F-calls): the server's own live connections, beside the contract's HTTP endpoints.
 * Each route is given the platform; who may use it is its own first message's business (a token), since a
 * browser cannot send an Authorization header with a WebSocket.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Platform } from '../kernel/context';

export interface SocketRoute {
  path: string;
  serve(platform: Platform, socket: WebSocket, log: FastifyInstance['log']): void;
  /** Made ready when the server starts (before any connection). */
  open?(platform: Platform): void;
}

const MAX_PAYLOAD = 64 * 1024;

export async function registerSockets(app: FastifyInstance, routes: readonly SocketRoute[], platform: Platform) {
  await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD } });
  for (const r of routes) {
    r.open?.(platform);
    app.get(r.path, { websocket: true }, (socket) => r.serve(platform, socket, app.log));
  }
}
