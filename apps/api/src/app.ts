/**
 * buildApp: the Fastify instance with all plumbing and every contract endpoint. Used by
 * src/server.ts, by the tests (app.inject) and by the benchmarks.
 */
import { existsSync } from 'node:fs';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { ENDPOINTS } from '@trialpath/contract';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import helmet from 'helmet';
import { localizeApiError, messageRef } from '@trialpath/domain';
// The single sign-on and study build messages join the catalogue (not in the package index: staff-messages.ts).
import '@trialpath/domain/staff-messages';
import { sql } from 'kysely';
import type { AppConfig } from './config';
import type { Db } from './db/database';
import { registerDocs } from './http/docs-routes';
import { requestLanguage } from './http/negotiation';
import { portalAddressFor } from './http/portal-addresses';
import { fail, fieldError, HttpError } from './kernel/errors';
import { registerEndpoints, registerUploadParsers } from './http/register';
import { createGuard, createPlatform } from './platform';
import { ALL_ROUTES, SOCKET_ROUTES } from './routes';
import { registerSockets } from './http/sockets';
import { closeShared } from './kernel/bus';

/**
 * Secrets and identities are masked in logged addresses: reset/invitation tokens in the path, and query values
 * that are tokens, codes or a person's address, number or name (an e-mailed verification link carries both).
 */
function maskUrl(url: string): string {
  let masked = url;
  for (const path of TOKEN_PATHS) masked = masked.replace(path, '$1[REDACTED]');
  return masked.replace(/([?&](token|code|email|mobile|phone|username)=)[^&]+/gi, '$1[REDACTED]');
}

/** Each contract path with a `:token` segment, as a pattern whose first group is the address up to the token. */
const TOKEN_PATHS = ENDPOINTS.filter((e) => e.path.split('/').includes(':token')).map((e) => {
  const before = e.path.slice(0, e.path.indexOf('/:token') + 1);
  const pattern = before
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/?#]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^(${pattern})[^/?#]+`);
});

const JSON_BODY_LIMIT = 1024 * 1024;

/** JSON text in which no `__proto__` or `constructor` key can be (nor an escaped one), without a BOM. */
function plainJson(text: string): boolean {
  return (
    text.length > 0 &&
    text.charCodeAt(0) !== 0xfeff &&
    !text.includes('__proto__') &&
    !text.includes('constructor') &&
    !text.includes('\\u')
  );
}

/**
 * The dotted path and name of the first key the JSON parser refuses (`__proto__`, or `constructor` holding
 * `prototype`). `JSON.parse` makes such keys plain own properties, so walking them here is harmless.
 */
function forbiddenKey(text: string): { path: string; key: string } | null {
  const walk = (v: unknown, path: string): { path: string; key: string } | null => {
    if (v === null || typeof v !== 'object') return null;
    for (const key of Object.keys(v)) {
      const child = (v as Record<string, unknown>)[key];
      const at = path ? `${path}.${key}` : key;
      if (key === '__proto__') return { path: at, key };
      if (key === 'constructor' && child !== null && typeof child === 'object' && Object.hasOwn(child, 'prototype'))
        return { path: at, key };
      const found = walk(child, at);
      if (found) return found;
    }
    return null;
  };
  try {
    return walk(JSON.parse(text), '');
  } catch {
    return null;
  }
}

/**
 * An address the server has no answer for: a path climbing out with `..` (the static files refuse it with
 * a 403 of their own), a malformed percent-encoding — a 404 with the catalogue's body, never a 500.
 */
const notFoundBody = (req: { headers: Record<string, string | string[] | undefined> }) =>
  localizeApiError(fail('NOT_FOUND').body, requestLanguage(req.headers));

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
  // The static files' refusals (a `..` path is 403 there, a missing file 404): no such address.
  if (err.statusCode === 403 || err.statusCode === 404) return fail('NOT_FOUND');
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
    // A malformed address (`/%`, overlong encodings) is answered like any unknown one.
    frameworkErrors: (_err, req, reply) => {
      (reply as FastifyReply).status(404).send(notFoundBody(req));
    },
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
  // A body key named `__proto__` (or `constructor` with `prototype`) is refused as the unknown field it
  // is, by name, rather than as "not valid JSON" (the parser refuses it before the schema could).
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    // A body that cannot hold such a key, not even spelt with \u escapes, is parsed without the library's scan
    // for it (a measurable share of a submission's time); any other body, and any error, goes to the library.
    if (plainJson(body as string)) {
      try {
        return done(null, JSON.parse(body as string));
      } catch {
        // the library's parser answers with its own error
      }
    }
    jsonParser(req, body as string, (err, value) => {
      // The parser says "not valid JSON" for both; text that JSON.parse reads was refused for a key.
      const found =
        (err as FastifyError | null)?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? forbiddenKey(body as string) : null;
      if (found) return done(fieldError(found.path, messageRef('errors.unknownField', { field: found.key })));
      done(err, value);
    });
  });

  // The security headers of every answer: helmet's middleware, made once (building it per request cost a share
  // of every call).
  const securityHeaders = helmet({
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
    // frame-ancestors 'none' forbids every frame; X-Frame-Options says the same to browsers without CSP
    // (SAMEORIGIN, helmet's default, contradicted it).
    frameguard: { action: 'deny' },
    // Sent below, and only over TLS: over plain http it means nothing and would pin a host that has no TLS.
    hsts: false,
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined)),
  );
  // The participant portal's pages may be framed by this origin only: the staff preview shows a prototype
  // of the draft in a frame (decision 0043). Everything else (the staff portal, the API) is never framed.
  app.addHook('onSend', async (req, reply) => {
    if (!/^\/participant(\/|$|\?)/.test(req.url)) return;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string')
      reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
    reply.header('x-frame-options', 'SAMEORIGIN');
  });
  // HSTS only when the request came over TLS: the socket's own, or X-Forwarded-Proto: https from a proxy
  // the configuration trusts (TRUST_PROXY; Fastify reads the header only then).
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
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
  await registerSockets(app, SOCKET_ROUTES, platform);
  // what the processes share (the bus, Redis) closes with the app
  app.addHook('onClose', () => closeShared(config));

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
