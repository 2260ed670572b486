/** /api/docs: an OpenAPI 3.1 document made from the contract's ENDPOINTS, and an interactive reference of it (Scalar). */
import type { Endpoint } from '@trialpath/contract';
import {
  ApiErrorSchema,
  getStudyToken,
  participantLogin,
  refreshTokens,
  staffLogin,
  verifyTwoFactor,
} from '@trialpath/contract';
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

/** The reference's introduction: how to call the API, with the paths taken from the contract. */
function description(ttlSeconds: number): string {
  return [
    'Every endpoint of the Trialpath platform, generated from the contract the server validates against.',
    '',
    '## Getting a token',
    `1. **Staff:** \`${staffLogin.method} ${staffLogin.path}\` with \`{ "username", "password" }\`. When the answer's \`nextStep\` is \`Tokens\`, \`tokens.accessToken\` is your token; \`TwoFARequest\` or \`OTPVerifiedRequest\` means a code was sent: \`${verifyTwoFactor.method} ${verifyTwoFactor.path}\` with \`{ "challengeId", "code" }\` answers the tokens.`,
    `2. **A study's calls** take that study's token: \`${getStudyToken.method} ${getStudyToken.path}\` with \`{ "studyId" }\` and the general token.`,
    `3. **Participants:** \`${participantLogin.method} ${participantLogin.path}\` with the study code, username, password and a device id.`,
    '',
    `Send it as \`Authorization: Bearer <accessToken>\` (in this page: **Authentication → Bearer**). An access token lasts ${Math.round(ttlSeconds / 60)} minutes; \`${refreshTokens.method} ${refreshTokens.path}\` with the refresh token gives a new pair.`,
    '',
    '## Conventions',
    '- Errors are `{ code, message, messageKey, params?, fieldErrors?, fieldErrorKeys? }`; `message` and `fieldErrors` are in the language of `Accept-Language` (en, es; default en).',
    '- `Env: TEST` selects the test data space where an endpoint has one.',
    '- `x-permission` names the permission an endpoint needs; `x-audience` who may call it.',
  ].join('\n');
}

export interface OpenApiOptions {
  /** Where the API answers (the server's public address). */
  publicUrl: string;
  accessTokenTtlSeconds: number;
}

export function buildOpenApi(endpoints: readonly Endpoint[], options: OpenApiOptions) {
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
    info: { title: 'Trialpath API', version: '1', description: description(options.accessTokenTtlSeconds) },
    servers: [{ url: options.publicUrl, description: 'This installation' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  };
}

/** Where the interactive reference loads its parts (all same-origin, served by this process). */
export const DOCS_PATHS = {
  page: '/api/docs',
  document: '/api/docs/openapi.json',
  start: '/api/docs/start.js',
  /** @scalar/fastify-api-reference serves the reference's bundle under this prefix (only the bundle). */
  bundlePrefix: '/api/docs/reference',
  bundle: '/api/docs/reference/js/scalar.js',
} as const;

/**
 * The page of the interactive reference (Scalar). No inline script, so the platform's CSP
 * (`script-src 'self'`) holds unchanged: the bundle and the start script are files of this origin.
 */
export function docsPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Trialpath API reference</title>
</head>
<body>
<noscript>The interactive reference needs JavaScript. The OpenAPI document: <a href="${DOCS_PATHS.document}">openapi.json</a>.</noscript>
<div id="app"></div>
<script src="${DOCS_PATHS.bundle}"></script>
<script src="${DOCS_PATHS.start}"></script>
</body>
</html>`;
}

/**
 * Starts the reference on the page. Fonts come from the system (no font CDN), no telemetry; requests
 * made with "try it" go straight to this origin (no proxy), which is all the CSP allows anyway.
 */
export const DOCS_START_SCRIPT = `Scalar.createApiReference('#app', ${JSON.stringify({
  url: DOCS_PATHS.document,
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  // The hosted AI helper would send the document to a third party (and the CSP refuses it anyway).
  agent: { disabled: true },
  persistAuth: false,
  defaultOpenAllTags: false,
  layout: 'modern',
  metaData: { title: 'Trialpath API reference' },
})});
`;
