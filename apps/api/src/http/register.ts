/**
 * Registers every contract endpoint with its handler. For each request: guard → validate →
 * handler → response validation. A GET runs as a read; every other request runs as one write
 * (kernel/context.ts): one transaction holding the work and its audit entries, refused when it
 * records none unless the contract says `audit: false` (getodk/central-backend's endpoint pattern).
 * A route marked `grouped` hands its write to a group writer instead, whose transaction holds it with
 * other requests' writes of the same kind (kernel/group-commit.ts, decision B-group-commit).
 */
import { type Endpoint, requestEnvironment, unsafeTextFields } from '@trialpath/contract';
import { messageRef, sanitizeContent } from '@trialpath/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Platform, runGrouped, runRead, runWrite, type Scope, type ServiceCtx } from '../kernel/context';
import { fail } from '../kernel/errors';
import { BinaryResponse, type RouteCtx, type RouteDef, StreamResponse } from './context';
import type { RequestGuard } from './guard';
import { requestLanguage } from './negotiation';
import { parsePart } from './validation';

/** The media type of a request without parameters, lowercased: `image/png; x=y` → `image/png`. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Content types of every upload endpoint: parsed as a raw Buffer (up to the route's bodyLimit, which
 * is the endpoint's maxBytes). Any other endpoint receiving one of them answers 415.
 */
export function registerUploadParsers(app: FastifyInstance, endpoints: readonly Endpoint[]): void {
  const types = [...new Set(endpoints.flatMap((e) => e.upload?.contentTypes ?? []))];
  if (types.length === 0) return;
  app.addContentTypeParser(types, { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
}

/**
 * Spec 002 §5: on a `sanitize` endpoint every string of the body, the query and the
 * headers goes through the domain's sanitizeContent before validation and the handler.
 */
export function sanitizeRequest(req: Pick<FastifyRequest, 'body' | 'query' | 'headers'>): void {
  req.body = sanitizeContent(req.body);
  req.query = sanitizeContent(req.query);
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string' || Array.isArray(value)) req.headers[name] = sanitizeContent(value);
  }
}

/** Upload endpoints take the raw body of a declared content type; everything else refuses raw bodies. */
function checkUploadBody(endpoint: Endpoint, req: FastifyRequest): void {
  const raw = Buffer.isBuffer(req.body);
  if (!endpoint.upload) {
    if (raw) throw fail('UNSUPPORTED_MEDIA_TYPE');
    return;
  }
  if (!raw || !endpoint.upload.contentTypes.includes(mediaType(req.headers['content-type']))) {
    throw fail('UNSUPPORTED_MEDIA_TYPE');
  }
}

/** A reasonRequired endpoint without a reason: its own code and message, before the schema's. */
function requireReason(endpoint: Endpoint, body: unknown): void {
  if (!endpoint.reasonRequired) return;
  const unsafe = unsafeTextFields(body, 'body');
  if (unsafe) throw fail('VALIDATION_FAILED', undefined, { fields: unsafe });
  const reason = body && typeof body === 'object' ? (body as { reason?: unknown }).reason : undefined;
  if (typeof reason !== 'string' || reason.trim() === '') {
    const ref = messageRef('errors.reasonRequired');
    throw fail('REASON_REQUIRED', undefined, { fields: { reason: [ref] } });
  }
}

export function registerEndpoints(
  app: FastifyInstance,
  defs: readonly RouteDef[],
  endpoints: readonly Endpoint[],
  platform: Platform,
  guard: RequestGuard,
): void {
  const byId = new Map(defs.map((d) => [d.endpoint.id, d]));
  const missing = endpoints.filter((e) => !byId.has(e.id)).map((e) => e.id);
  if (missing.length) throw new Error(`No handler for endpoints: ${missing.join(', ')}`);
  const unknown = defs.filter((d) => !endpoints.includes(d.endpoint)).map((d) => d.endpoint.id);
  if (unknown.length) throw new Error(`Handlers for endpoints not in the contract: ${unknown.join(', ')}`);
  const { config } = platform;

  for (const endpoint of endpoints) {
    const def = byId.get(endpoint.id)!;
    const isWrite = endpoint.method !== 'GET';
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      ...(endpoint.upload ? { bodyLimit: endpoint.upload.maxBytes } : {}),
      config: endpoint.rateLimited
        ? { rateLimit: { max: config.rateLimit.max, timeWindow: config.rateLimit.windowMs } }
        : { rateLimit: false },
      // Known and unknown accounts answer alike in time too (decision 0023): the floor covers the whole
      // request, errors and the commit included, and holds no database connection while it waits.
      ...(endpoint.responseFloor && config.publicResponseFloorMs > 0
        ? {
            onSend: async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
              const left = config.publicResponseFloorMs - reply.elapsedTime;
              if (left > 0) await sleep(left);
              return payload;
            },
          }
        : {}),
      handler: async (req, reply) => {
        if (endpoint.sanitize) sanitizeRequest(req);
        const actor = await guard.authenticate(endpoint, req.headers.authorization);
        // Every part is validated (safe text, then its schema) before the permission check, so bad
        // input is a 400 naming the field whoever sends it; the schemas are public (OpenAPI) anyway.
        const params = parsePart(endpoint.params, req.params, 'params');
        const query = parsePart(endpoint.query, req.query, 'query');
        const raw = endpoint.upload || Buffer.isBuffer(req.body);
        if (!raw) requireReason(endpoint, req.body);
        const body = raw ? undefined : parsePart(endpoint.body, req.body, 'body');
        // The data space: a participant's own; else the Env header, unless the endpoint declares its own
        // (authentication calls are environment-neutral, A-153; the contract's rule, as the portals apply it).
        const env = actor?.type === 'participant' ? actor.environment : requestEnvironment(endpoint, req.headers.env);
        await guard.authorize({ endpoint, actor, params, query, body, env });
        checkUploadBody(endpoint, req);
        const upload = endpoint.upload
          ? { data: req.body as Buffer, contentType: mediaType(req.headers['content-type']) }
          : null;

        const scope: Scope = {
          actor,
          env,
          request: {
            ip: req.ip ?? null,
            userAgent: req.headers['user-agent'] ?? null,
            language: requestLanguage(req.headers),
          },
          reason: endpoint.reasonRequired ? ((body as { reason: string }).reason ?? null) : null,
        };
        const handle = async (ctx: ServiceCtx) => {
          const routeCtx: RouteCtx = {
            ...ctx,
            params: params as never,
            query: query as never,
            body: body as never,
            upload,
            range: typeof req.headers.range === 'string' ? req.headers.range : null,
          };
          const value = await def.handler(routeCtx);
          if (value instanceof BinaryResponse || value instanceof StreamResponse) return value;
          const r = endpoint.response.safeParse(value);
          if (!r.success) {
            req.log.error({ endpoint: endpoint.id, issues: r.error.issues }, 'response does not match the contract');
            throw fail('INTERNAL');
          }
          return r.data;
        };
        const value =
          isWrite && def.grouped
            ? await runGrouped(platform, scope, handle)
            : isWrite
              ? await runWrite(platform, scope, handle, { requireAudit: endpoint.audit !== false, label: endpoint.id })
              : await runRead(platform, scope, handle);
        reply.header('cache-control', 'no-store');
        if (value instanceof BinaryResponse) {
          reply.headers(value.headers);
          return reply.type(value.contentType).send(Buffer.from(value.data));
        }
        if (value instanceof StreamResponse) {
          reply.headers(value.headers);
          return reply.status(value.status).type(value.contentType).send(value.stream);
        }
        return value;
      },
    });
  }
}
