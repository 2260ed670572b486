/**
 * A SMART on FHIR R4 test peer on this machine (decision H-epic-mychart): what an EHR like Epic does for a standalone
 * patient launch, strictly enough to refuse a wrong client, redirect URI or PKCE verifier.
 *
 *   GET  /fhir/.well-known/smart-configuration   the SMART document
 *   GET  /oauth/authorize                         auto-approves: 302 to redirect_uri with code and state
 *   POST /oauth/token                             authorization_code (client_id, redirect_uri, S256 code_verifier)
 *                                                 and refresh_token grants; answers `patient`
 *   GET  /fhir/Patient/:id, /fhir/<Type>?patient=  R4 resources and searchset Bundles (Observation in two pages),
 *                                                 each behind a valid Bearer token
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const PATIENT_ID = 'erXuFYUfucBZaryVksYEcMg3';

export interface SmartPeerOptions {
  clientId: string;
  /** When set, the token endpoint requires HTTP Basic client authentication with it. */
  clientSecret?: string;
  redirectUri: string;
  /** Lifetime of access tokens, seconds. */
  expiresIn?: number;
}

interface Grant {
  challenge: string;
  redirectUri: string;
  scope: string;
}

const b64url = (b: Buffer) => b.toString('base64url');
const token = () => b64url(randomBytes(24));

function patient() {
  return {
    resourceType: 'Patient',
    id: PATIENT_ID,
    meta: { versionId: '3', lastUpdated: '2026-03-01T10:00:00Z' },
    identifier: [{ system: 'urn:oid:1.2.840.114350.1.1', value: 'E1234' }],
    active: true,
    name: [{ use: 'official', family: 'Lin', given: ['Derrick'] }],
    gender: 'male',
    birthDate: '1973-06-03',
  };
}

function observation(n: number, code: string, display: string, value: number, unit: string) {
  return {
    resourceType: 'Observation',
    id: `obs-${n}`,
    meta: { versionId: '1', lastUpdated: `2026-03-0${n}T08:00:00Z` },
    status: 'final',
    category: [
      {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }],
      },
    ],
    code: { coding: [{ system: 'http://loinc.org', code, display }], text: display },
    subject: { reference: `Patient/${PATIENT_ID}` },
    effectiveDateTime: `2026-03-0${n}T08:00:00Z`,
    valueQuantity: { value, unit, system: 'http://unitsofmeasure.org', code: unit },
  };
}

const OBSERVATIONS = [
  observation(1, '8867-4', 'Heart rate', 72, '/min'),
  observation(2, '8310-5', 'Body temperature', 36.8, 'Cel'),
  observation(3, '29463-7', 'Body weight', 81.2, 'kg'),
];

const CONDITION = {
  resourceType: 'Condition',
  id: 'cond-1',
  meta: { versionId: '1', lastUpdated: '2026-01-10T09:00:00Z' },
  clinicalStatus: {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }],
  },
  code: {
    coding: [{ system: 'http://snomed.info/sct', code: '38341003', display: 'Hypertension' }],
    text: 'Hypertension',
  },
  subject: { reference: `Patient/${PATIENT_ID}` },
  onsetDateTime: '2019-05-01',
};

export async function startSmartPeer(options: SmartPeerOptions) {
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, number>(); // token → expiry (ms)
  const refreshTokens = new Set<string>();
  const seen = { authorize: 0, tokenCodes: 0, refreshes: 0, fhirReads: 0, refused: [] as string[] };
  let base = '';

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const oauthError = (res: ServerResponse, error: string, description: string) => {
    seen.refused.push(`${error}: ${description}`);
    json(res, 400, { error, error_description: description });
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = '';
      req.on('data', (c) => {
        s += c;
      });
      req.on('end', () => resolve(s));
    });

  function issueTokens(res: ServerResponse, scope: string) {
    const access = token();
    const refresh = token();
    accessTokens.set(access, Date.now() + (options.expiresIn ?? 3600) * 1000);
    refreshTokens.add(refresh);
    json(
      res,
      200,
      {
        access_token: access,
        token_type: 'Bearer',
        expires_in: options.expiresIn ?? 3600,
        scope,
        refresh_token: refresh,
        patient: PATIENT_ID,
      },
      { 'cache-control': 'no-store' },
    );
  }

  /** Client authentication (RFC 6749 §2.3.1): Basic with form-encoded id and secret, else client_id in the body. */
  function clientOk(req: IncomingMessage, form: URLSearchParams): boolean {
    if (options.clientSecret) {
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!basic) return false;
      const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      const decode = (v: string) => decodeURIComponent(v.replace(/\+/g, ' '));
      return decode(id) === options.clientId && decode(secret) === options.clientSecret;
    }
    return form.get('client_id') === options.clientId;
  }

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    if (!clientOk(req, form)) return oauthError(res, 'invalid_client', 'unknown client or wrong credentials');
    if (form.get('grant_type') === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      if (!refreshTokens.delete(refresh)) return oauthError(res, 'invalid_grant', 'unknown refresh token');
      seen.refreshes++;
      return issueTokens(res, 'patient/*.read');
    }
    if (form.get('grant_type') !== 'authorization_code') return oauthError(res, 'unsupported_grant_type', 'no');
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    codes.delete(code);
    if (!grant) return oauthError(res, 'invalid_grant', 'unknown or used authorization code');
    if (form.get('redirect_uri') !== grant.redirectUri)
      return oauthError(res, 'invalid_grant', 'redirect_uri mismatch');
    const verifier = form.get('code_verifier') ?? '';
    if (b64url(createHash('sha256').update(verifier).digest()) !== grant.challenge)
      return oauthError(res, 'invalid_grant', 'PKCE verification failed');
    seen.tokenCodes++;
    issueTokens(res, grant.scope);
  }

  function authorize(url: URL, res: ServerResponse) {
    const p = url.searchParams;
    seen.authorize++;
    if (p.get('client_id') !== options.clientId) return oauthError(res, 'unauthorized_client', 'unknown client_id');
    if (p.get('redirect_uri') !== options.redirectUri)
      return oauthError(res, 'invalid_request', 'unregistered redirect_uri');
    if (p.get('aud') !== `${base}/fhir`) return oauthError(res, 'invalid_request', 'aud is not this FHIR server');
    if (p.get('code_challenge_method') !== 'S256' || !p.get('code_challenge'))
      return oauthError(res, 'invalid_request', 'PKCE S256 is required');
    const code = token();
    codes.set(code, {
      challenge: p.get('code_challenge')!,
      redirectUri: options.redirectUri,
      scope: p.get('scope') ?? '',
    });
    const back = new URL(options.redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', p.get('state') ?? '');
    res.writeHead(302, { location: back.href });
    res.end();
  }

  const bundle = (entries: unknown[], next?: string) => ({
    resourceType: 'Bundle',
    type: 'searchset',
    total: entries.length,
    link: [{ relation: 'self', url: 'x' }, ...(next ? [{ relation: 'next', url: next }] : [])],
    entry: entries.map((resource) => ({
      fullUrl: `${base}/fhir/${(resource as { resourceType: string }).resourceType}/${(resource as { id: string }).id}`,
      resource,
      search: { mode: 'match' },
    })),
  });

  function fhir(req: IncomingMessage, url: URL, res: ServerResponse) {
    const auth = req.headers.authorization ?? '';
    const expiry = accessTokens.get(auth.replace(/^Bearer /, ''));
    if (!auth.startsWith('Bearer ') || expiry === undefined || expiry <= Date.now()) {
      seen.refused.push('invalid_token');
      return json(
        res,
        401,
        { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'login' }] },
        {
          'www-authenticate': 'Bearer error="invalid_token"',
        },
      );
    }
    seen.fhirReads++;
    const path = url.pathname.replace(/^\/fhir/, '');
    if (path === `/Patient/${PATIENT_ID}`) return json(res, 200, patient());
    const forPatient = url.searchParams.get('patient') === PATIENT_ID;
    if (path === '/Observation' && forPatient) {
      const page = url.searchParams.get('page') === '2';
      const next = `${base}/fhir/Observation?patient=${PATIENT_ID}&page=2`;
      return json(res, 200, page ? bundle(OBSERVATIONS.slice(2)) : bundle(OBSERVATIONS.slice(0, 2), next));
    }
    if (path === '/Condition' && forPatient) return json(res, 200, bundle([CONDITION]));
    if (/^\/[A-Z][A-Za-z]+$/.test(path) && forPatient) return json(res, 200, bundle([]));
    return json(res, 404, { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (req.method === 'GET' && url.pathname === '/fhir/.well-known/smart-configuration') {
      return json(res, 200, {
        authorization_endpoint: `${base}/oauth/authorize`,
        token_endpoint: `${base}/oauth/token`,
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'none'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        scopes_supported: ['launch/patient', 'openid', 'fhirUser', 'offline_access', 'patient/*.read'],
        response_types_supported: ['code'],
        capabilities: [
          'launch-standalone',
          'client-public',
          'client-confidential-symmetric',
          'context-standalone-patient',
          'permission-offline',
          'permission-patient',
        ],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/oauth/authorize') return authorize(url, res);
    if (req.method === 'POST' && url.pathname === '/oauth/token') return void tokenEndpoint(req, res);
    if (req.method === 'GET' && url.pathname.startsWith('/fhir/')) return fhir(req, url, res);
    json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    fhirBaseUrl: `${base}/fhir`,
    seen,
    /** Every access token issued so far stops working (the EHR's clock moved on). */
    expireAccessTokens() {
      for (const t of accessTokens.keys()) accessTokens.set(t, 0);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmartPeer = Awaited<ReturnType<typeof startSmartPeer>>;
