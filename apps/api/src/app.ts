/**
 * buildApp: the Fastify instance with all plumbing and every contract endpoint. Used by
 * src/server.ts, by the tests (app.inject) and by the benchmarks.
 */
import { existsSync } from 'node:fs';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { ENDPOINTS } from '@trialpath/contract';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { localizeApiError } from '@trialpath/domain';
import { sql } from 'kysely';
import type { AppConfig } from './config';
import type { Db } from './db/database';
import { registerDocs } from './http/docs-routes';
import { requestLanguage } from './http/negotiation';
import { portalAddressFor } from './http/portal-addresses';
import { fail, HttpError } from './kernel/errors';
import { registerEndpoints, registerUploadParsers } from './http/register';
import { createGuard, createPlatform } from './platform';
import { ALL_ROUTES } from './routes';

/** Path segments that carry secrets are masked in logs (reset/invitation tokens). */
function maskUrl(url: string): string {
  return url.replace(/(password-tokens\/)[^/?#]+/, '$1[REDACTED]').replace(/([?&](token|code)=)[^&]+/g, '$1[REDACTED]');
}

const JSON_BODY_LIMIT = 1024 * 1024;

/** "1 MiB", "2 MiB", "512 KiB": the limit named in a 413 message. */
function formatByteLimit(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

function toHttpError(err: FastifyError, bodyLimit = JSON_BODY_LIMIT): HttpError | null {
  if (err instanceof HttpError) return err;
  const limit = formatByteLimit(bodyLimit);
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return fail('PAYLOAD_TOO_LARGE', { limit });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return fail('UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return fail('MALFORMED_JSON');
  }
  // Fastify's JSON parser reports bad JSON as a 400 SyntaxError.
  if (err.statusCode === 400 && (err instanceof SyntaxError || err.name === 'SyntaxError'))
    return fail('MALFORMED_JSON');
  if (err.statusCode === 400) return fail('VALIDATION_FAILED');
  if (err.statusCode === 413) return fail('PAYLOAD_TOO_LARGE', { limit });
  if (err.statusCode === 415) return fail('UNSUPPORTED_MEDIA_TYPE');
  return null;
}

export interface BuildAppOptions {
  db: Db;
  config: AppConfig;
  /** Where the JSON log lines go (standard output when absent); tests read them to prove what is kept out. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp({ db, config, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // Request bodies are never logged; these cover headers and anything a handler logs.
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.currentPassword',
          '*.newPassword',
          '*.previousPassword',
          '*.proposedPassword',
          '*.token',
          '*.refreshToken',
          '*.accessToken',
          '*.code',
          '*.email',
          '*.username',
          '*.participantCode',
        ],
        censor: '[REDACTED]',
      },
      serializers: {
        req: (req) => ({ method: req.method, url: maskUrl(req.url), remoteAddress: req.ip }),
        // A database error's detail and parameters quote row values (e-mail addresses, names): keep them out.
        err: (err: FastifyError) => ({
          type: err.name,
          message: err.message,
          code: typeof err.code === 'string' ? err.code : undefined,
          stack: err.stack ?? '',
        }),
      },
    },
  });

  // The API speaks JSON only: anything else is 415, not a string handed to the schemas.
  app.removeContentTypeParser('text/plain');

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Plain http on localhost must keep working.
        upgradeInsecureRequests: null,
      },
    },
  });
  if (config.corsOrigins.length > 0) await app.register(cors, { origin: config.corsOrigins, credentials: false });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (req) => `${req.ip}|${req.routeOptions.url ?? req.url}`,
    errorResponseBuilder: () => fail('RATE_LIMITED'),
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const known = toHttpError(err, req.routeOptions?.bodyLimit ?? JSON_BODY_LIMIT);
    if (known) {
      if (known.status >= 500) req.log.error({ err }, 'request failed');
      return reply.status(known.status).send(localizeApiError(known.body, requestLanguage(req.headers)));
    }
    req.log.error({ err }, 'unexpected error');
    const internal = fail('INTERNAL');
    return reply.status(500).send(localizeApiError(internal.body, requestLanguage(req.headers)));
  });
  const mounts = { staff: existsSync(config.staticDirs.staff), participant: existsSync(config.staticDirs.participant) };
  app.setNotFoundHandler((req, reply) => {
    const portal = portalAddressFor(req.method, req.url, req.headers, mounts);
    if (portal) return reply.redirect(portal);
    const nf = fail('NOT_FOUND');
    return reply.status(404).send(localizeApiError(nf.body, requestLanguage(req.headers)));
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ready' };
    } catch {
      const e = fail('SERVICE_UNAVAILABLE');
      return reply.status(503).send(e.body);
    }
  });

  await registerDocs(app, config);

  registerUploadParsers(app, ENDPOINTS);
  const platform = createPlatform(db, config);
  registerEndpoints(app, ALL_ROUTES, ENDPOINTS, platform, createGuard(platform));

  if (mounts.staff) {
    await app.register(fastifyStatic, { root: config.staticDirs.staff, prefix: '/', wildcard: true });
  }
  if (mounts.participant) {
    await app.register(fastifyStatic, {
      root: config.staticDirs.participant,
      prefix: '/participant/',
      decorateReply: false,
      wildcard: true,
    });
    app.get('/participant', (_req, reply) => reply.redirect('/participant/'));
  }
  return app;
}
