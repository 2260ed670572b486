/** /api/docs: an OpenAPI 3.1 document made from the contract's ENDPOINTS, and a plain HTML index of it. */
import type { Endpoint } from '@trialpath/contract';
import { ApiErrorSchema } from '@trialpath/contract';
import { z } from 'zod';

const toSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;

function parameters(e: Endpoint) {
  const out: Record<string, unknown>[] = [];
  for (const [where, schema] of [
    ['path', e.params],
    ['query', e.query],
  ] as const) {
    if (!schema) continue;
    const js = toSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, s] of Object.entries(js.properties ?? {})) {
      out.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema: s });
    }
  }
  return out;
}

const BINARY = { type: 'string', format: 'binary' };

/** A `z.any()` response is a binary answer (an image, a file), not JSON. */
function isBinaryResponse(e: Endpoint): boolean {
  return e.response instanceof z.ZodAny;
}

function requestBody(e: Endpoint) {
  if (e.upload) {
    return {
      requestBody: {
        required: true,
        description: `The file itself, at most ${e.upload.maxBytes} bytes`,
        content: Object.fromEntries(e.upload.contentTypes.map((t) => [t, { schema: BINARY }])),
      },
      'x-max-bytes': e.upload.maxBytes,
    };
  }
  if (!e.body) return {};
  return { requestBody: { required: true, content: { 'application/json': { schema: toSchema(e.body, 'input') } } } };
}

export function buildOpenApi(endpoints: readonly Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = {
    description: 'Error',
    content: { 'application/json': { schema: toSchema(ApiErrorSchema, 'output') } },
  };
  for (const e of endpoints) {
    const p = e.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[p] ??= {};
    paths[p][e.method.toLowerCase()] = {
      operationId: e.id,
      summary: e.summary,
      tags: [e.path.split('/')[3] ?? 'api'],
      ...(e.audience === 'public' ? { security: [] } : {}),
      'x-audience': e.audience,
      ...(e.permission ? { 'x-permission': e.permission } : {}),
      ...(e.rateLimited ? { 'x-rate-limited': true } : {}),
      ...(e.sanitize ? { 'x-sanitized': true } : {}),
      parameters: parameters(e),
      ...requestBody(e),
      responses: {
        '200': isBinaryResponse(e)
          ? { description: 'The bytes, with their content type', content: { '*/*': { schema: BINARY } } }
          : { description: 'OK', content: { 'application/json': { schema: toSchema(e.response, 'output') } } },
        default: error,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Trialpath API', version: '1' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A script-free page (the CSP allows no inline scripts) listing every operation. */
export function docsHtml(endpoints: readonly Endpoint[]): string {
  const rows = endpoints
    .map(
      (e) =>
        `<tr><td><code>${e.method}</code></td><td><code>${escapeHtml(e.path)}</code></td><td>${escapeHtml(e.id)}</td>` +
        `<td>${e.audience}</td><td>${escapeHtml(e.permission ?? '')}</td><td>${escapeHtml(e.summary)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Trialpath API</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}</style>
</head><body><h1>Trialpath API</h1><p>Machine-readable: <a href="/api/docs/openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Operation</th><th>Audience</th><th>Permission</th><th>Summary</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>`;
}
