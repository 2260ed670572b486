/**
 * /api/docs: the OpenAPI document and its interactive reference (decision 0026). The reference's bundle
 * comes from @scalar/fastify-api-reference; only its bundle route answers, the page is ours (no inline
 * script, so the CSP stays `script-src 'self'`).
 */
import scalarReference from '@scalar/fastify-api-reference';
import { ENDPOINTS } from '@trialpath/contract';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { fail } from '../kernel/errors';
import { buildOpenApi, DOCS_PATHS, DOCS_START_SCRIPT, docsPage } from './docs';

export async function registerDocs(app: FastifyInstance, config: AppConfig): Promise<void> {
  const openApi = buildOpenApi(ENDPOINTS, {
    publicUrl: config.publicUrl,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
  });
  const page = docsPage();
  app.get(DOCS_PATHS.document, async () => openApi);
  app.get(DOCS_PATHS.page, async (_req, reply) => reply.type('text/html; charset=utf-8').send(page));
  app.get(DOCS_PATHS.start, async (_req, reply) =>
    reply.type('application/javascript; charset=utf-8').send(DOCS_START_SCRIPT),
  );
  await app.register(scalarReference, {
    routePrefix: DOCS_PATHS.bundlePrefix,
    logLevel: 'warn',
    configuration: { url: DOCS_PATHS.document },
    hooks: {
      // The plugin's own page would carry an inline script the CSP refuses: only its bundle is used.
      onRequest: async (req, reply) => {
        if (req.url.split('?')[0] !== DOCS_PATHS.bundle) throw fail('NOT_FOUND');
        reply.header('cache-control', 'public, max-age=86400');
      },
    },
  });
}
