/**
 * Registers every contract endpoint with its handler. For each request: guard → validate →
 * handler → response validation. Every non-GET request runs in ONE transaction that also writes
 * its audit entries (getodk/central-backend's endpoint pattern); an error rolls all of it back,
 * unless the error is marked keepChanges (failed sign-ins are still counted and audited).
 */
import type { Endpoint } from '@trialpath/contract';
import { parseEnvHeader } from '@trialpath/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { appendAuditEntries, type AuditDraft } from '../modules/audit/audit.repository';
import { type AuditInput, redactSecrets } from '../modules/audit/audit.service';
import type { Actor, Ctx, RouteDef } from './context';
import { fail, HttpError } from './errors';
import { authenticate, authorize } from './guard';
import { parsePart } from './validation';

type Outcome = { ok: true; value: unknown } | { ok: false; error: HttpError };

function toDraft(entry: AuditInput, actor: Actor | null, req: FastifyRequest, env: string): AuditDraft {
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
      config: endpoint.rateLimited
        ? { rateLimit: { max: config.rateLimit.max, timeWindow: config.rateLimit.windowMs } }
        : { rateLimit: false },
      handler: async (req, reply) => {
        const actor = await authenticate(endpoint, req.headers.authorization, db, config);
        const params = parsePart(endpoint.params, req.params, 'params');
        const query = parsePart(endpoint.query, req.query, 'query');
        await authorize(endpoint, actor, params, db);
        const body = parsePart(endpoint.body, req.body, 'body');
        const env = actor?.type === 'participant' ? actor.environment : parseEnvHeader(req.headers.env);
        const entries: AuditInput[] = [];

        const makeCtx = (dbOrTrx: Db): Ctx => ({
          db: dbOrTrx,
          config,
          params: params as never,
          query: query as never,
          body: body as never,
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
        return outcome.value;
      },
    });
  }
}
