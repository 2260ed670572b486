/**
 * Registers every contract endpoint with its handler. For each request: guard → validate →
 * handler → response validation. Every non-GET request runs in ONE transaction that also writes
 * its audit entries (getodk/central-backend's endpoint pattern); an error rolls all of it back,
 * unless the error is marked keepChanges (failed sign-ins are still counted and audited).
 */
import type { Endpoint } from '@trialpath/contract';
import { parseEnvHeader, sanitizeContent } from '@trialpath/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import type { Environment } from '../db/schema';
import { appendAuditEntries, type AuditDraft } from '../modules/audit/audit.repository';
import { requireTestEnvironment } from '../modules/flags/flags.service';
import { type AuditInput, redactSecrets } from '../modules/audit/audit.service';
import { type Actor, BinaryResponse, type Ctx, type RouteDef } from './context';
import { fail, HttpError } from './errors';
import { authenticate, authorize } from './guard';
import { parsePart } from './validation';

type Outcome = { ok: true; value: unknown } | { ok: false; error: HttpError };

/** The media type of a request without parameters, lowercased: `image/png; x=y` → `image/png`. */
export function mediaType(header: string | undefined): string {
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

function toDraft(entry: AuditInput, actor: Actor | null, req: FastifyRequest, env: Environment): AuditDraft {
  const who =
    entry.actor ??
    (actor
      ? { type: actor.type, id: actor.type === 'staff' ? actor.userId : actor.participantId }
      : { type: 'anonymous', id: null });
  return {
    actorType: who.type,
    actorId: who.id,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before === undefined ? null : redactSecrets(entry.before),
    after: entry.after === undefined ? null : redactSecrets(entry.after),
    reason: entry.reason ?? null,
    ip: req.ip ?? null,
    userAgent: req.headers['user-agent']?.slice(0, 500) ?? null,
    environment: env,
  };
}

export function registerEndpoints(
  app: FastifyInstance,
  defs: readonly RouteDef[],
  endpoints: readonly Endpoint[],
  db: Db,
  config: AppConfig,
): void {
  const byId = new Map(defs.map((d) => [d.endpoint.id, d]));
  const missing = endpoints.filter((e) => !byId.has(e.id)).map((e) => e.id);
  if (missing.length) throw new Error(`No handler for endpoints: ${missing.join(', ')}`);
  const unknown = defs.filter((d) => !endpoints.includes(d.endpoint)).map((d) => d.endpoint.id);
  if (unknown.length) throw new Error(`Handlers for endpoints not in the contract: ${unknown.join(', ')}`);

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
      handler: async (req, reply) => {
        if (endpoint.sanitize) sanitizeRequest(req);
        const actor = await authenticate(endpoint, req.headers.authorization, db, config);
        // Every part is validated (safe text, then its schema) before the permission check, so bad
        // input is a 400 naming the field whoever sends it; the schemas are public (OpenAPI) anyway.
        const params = parsePart(endpoint.params, req.params, 'params');
        const query = parsePart(endpoint.query, req.query, 'query');
        const body =
          endpoint.upload || Buffer.isBuffer(req.body) ? undefined : parsePart(endpoint.body, req.body, 'body');
        authorize(endpoint, actor, params);
        checkUploadBody(endpoint, req);
        const upload = endpoint.upload
          ? { data: req.body as Buffer, contentType: mediaType(req.headers['content-type']) }
          : null;
        const env = actor?.type === 'participant' ? actor.environment : parseEnvHeader(req.headers.env);
        if (env === 'TEST' && actor?.type === 'staff') await requireTestEnvironment(db, actor.clientId);
        const entries: AuditInput[] = [];

        const makeCtx = (dbOrTrx: Db): Ctx => ({
          db: dbOrTrx,
          config,
          params: params as never,
          query: query as never,
          body: body as never,
          upload,
          actor,
          env,
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? null,
          audit: (entry) => {
            if (!isWrite) throw new Error(`Audit entry in a GET handler (${endpoint.id})`);
            entries.push(entry);
          },
          staff: () => {
            if (actor?.type !== 'staff') throw fail('UNAUTHENTICATED');
            return actor;
          },
          participant: () => {
            if (actor?.type !== 'participant') throw fail('UNAUTHENTICATED');
            return actor;
          },
        });

        const checkResponse = (value: unknown) => {
          const r = endpoint.response.safeParse(value);
          if (!r.success) {
            req.log.error({ endpoint: endpoint.id, issues: r.error.issues }, 'response does not match the contract');
            throw fail('INTERNAL');
          }
          return r.data;
        };

        let outcome: Outcome;
        if (!isWrite) {
          outcome = { ok: true, value: checkResponse(await def.handler(makeCtx(db))) };
        } else {
          outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
            try {
              const value = checkResponse(await def.handler(makeCtx(trx)));
              await appendAuditEntries(
                trx,
                entries.map((e) => toDraft(e, actor, req, env)),
              );
              return { ok: true, value };
            } catch (e) {
              if (e instanceof HttpError && e.keepChanges) {
                await appendAuditEntries(
                  trx,
                  entries.map((x) => toDraft(x, actor, req, env)),
                );
                return { ok: false, error: e };
              }
              throw e;
            }
          });
        }
        if (!outcome.ok) throw outcome.error;
        reply.header('cache-control', 'no-store');
        if (outcome.value instanceof BinaryResponse) {
          return reply.type(outcome.value.contentType).send(Buffer.from(outcome.value.data));
        }
        return outcome.value;
      },
    });
  }
}
