/** What a route handler receives: the service context plus the request's validated parts. */
import type { Readable } from 'node:stream';
import type { Endpoint } from '@trialpath/contract';
import type { z } from 'zod';
import type { ServiceCtx } from '../kernel/context';

type Out<T> = NonNullable<T> extends z.ZodType ? z.output<NonNullable<T>> : undefined;

export interface RouteCtx<E extends Endpoint = Endpoint> extends ServiceCtx {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** Upload endpoints: the request body as received (its content type is one the endpoint lists). */
  upload: { data: Buffer; contentType: string } | null;
  /** The request's Range header (a media player asking for part of a file), else null. */
  range: string | null;
}

/**
 * A non-JSON answer (an image, a file): the plumbing sends the bytes with this content type instead
 * of serialising JSON. Declared in the contract as `response: z.any()`.
 */
export class BinaryResponse {
  constructor(
    readonly contentType: string,
    readonly data: Uint8Array,
    /** Extra response headers (a file's Content-Security-Policy, Content-Disposition). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

/** A file answered as a stream (an export): never read into memory whole. */
export class StreamResponse {
  constructor(
    readonly contentType: string,
    readonly stream: Readable,
    readonly headers: Readonly<Record<string, string>> = {},
    /** 206 for a part of the file (a byte range). */
    readonly status: 200 | 206 = 200,
  ) {}
}

export type Handler<E extends Endpoint> = (ctx: RouteCtx<E>) => Promise<z.input<E['response']>>;

export interface RouteOptions {
  /**
   * A write whose handler reads and checks outside a transaction and commits through a group writer
   * (ctx.commitGrouped, kernel/group-commit.ts): many requests' writes of one kind in one transaction.
   */
  grouped?: boolean;
}

export interface RouteDef extends RouteOptions {
  endpoint: Endpoint;
  // biome-ignore lint/suspicious/noExplicitAny: the registry holds handlers of every endpoint type
  handler: Handler<any>;
}

/** Pair an endpoint of the contract with its handler (type-checked against the endpoint's schemas). */
export function route<E extends Endpoint>(endpoint: E, handler: Handler<E>, options: RouteOptions = {}): RouteDef {
  return { endpoint, handler, ...options };
}
