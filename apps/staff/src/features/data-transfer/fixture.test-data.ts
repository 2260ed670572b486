/** SFTP destinations and transfers as the API answers them (checked against the contract), and a recorder of calls. */
import {
  type SftpDestination,
  SftpDestinationSchema,
  type SftpTransfer,
  SftpTransferSchema,
} from '@trialpath/contract';
import { vi } from 'vitest';
import { jsonResponse } from '../../screen-test-setup';

export const S = '99999999-9999-4999-8999-999999999999';
export const DROP = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const OLD = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const T1 = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const T2 = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
export const FINGERPRINT = `SHA256:${'Lw0OOE1WzIvO0iZ350L21tCGMghDbtOnPjteELiE'.padEnd(43, 'x')}`;

export const SPONSOR_DROP: SftpDestination = SftpDestinationSchema.parse({
  id: DROP,
  name: 'Sponsor drop',
  host: 'sftp.sponsor.example',
  port: 22,
  username: 'trialpath',
  authMethod: 'PRIVATE_KEY',
  hasPassword: false,
  hasPrivateKey: true,
  hasPassphrase: false,
  privateKeyType: 'ssh-ed25519',
  privateKeyFingerprint: 'SHA256:client',
  remoteFolder: '/incoming/demo',
  hostKeyFingerprint: FINGERPRINT,
  hostKeyType: 'ssh-ed25519',
  scheduleKind: 'WEEKLY',
  scheduleTime: '02:30',
  scheduleDay: 1,
  nextRunAt: '2026-03-23T02:30:00.000Z',
  status: 'ACTIVE',
  lastTest: { at: '2026-03-20T09:00:00.000Z', ok: true, error: null },
  lastTransfer: {
    id: T1,
    status: 'FAILED',
    createdAt: '2026-03-20T10:00:00.000Z',
    finishedAt: '2026-03-20T10:01:00.000Z',
    error: 'All configured authentication methods failed',
  },
  createdBy: 'Sam Study',
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedBy: null,
  updatedAt: '2026-03-01T09:00:00.000Z',
});

export const OLD_DROP: SftpDestination = SftpDestinationSchema.parse({
  ...SPONSOR_DROP,
  id: OLD,
  name: 'Old CRO server',
  host: 'files.cro.example',
  authMethod: 'PASSWORD',
  hasPassword: false,
  hasPrivateKey: false,
  scheduleKind: 'NONE',
  scheduleTime: null,
  scheduleDay: null,
  nextRunAt: null,
  status: 'DISCONNECTED',
  lastTransfer: null,
});

export const FAILED_TRANSFER: SftpTransfer = SftpTransferSchema.parse({
  id: T1,
  destinationId: DROP,
  exportId: '11111111-1111-4111-8111-111111111111',
  fileName: 'DEMO-study-data.zip',
  byteSize: 2048,
  sha256: 'ab'.repeat(32),
  trigger: 'MANUAL',
  retryOf: null,
  status: 'FAILED',
  attempts: 1,
  bytesSent: 512,
  remotePath: '/incoming/demo/DEMO-study-data.zip',
  error: 'All configured authentication methods failed',
  requestedBy: 'Sam Study',
  createdAt: '2026-03-20T10:00:00.000Z',
  startedAt: '2026-03-20T10:00:01.000Z',
  finishedAt: '2026-03-20T10:01:00.000Z',
});

export const QUEUED_TRANSFER: SftpTransfer = SftpTransferSchema.parse({
  ...FAILED_TRANSFER,
  id: T2,
  status: 'QUEUED',
  bytesSent: 0,
  error: null,
  startedAt: null,
  finishedAt: null,
});

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A stubbed API: `answer` gives the response of a call (undefined: 404); every call is recorded. */
export function serve(answer: (c: Call) => Response | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const [path = '', query = ''] = url.split('?');
      const c: Call = {
        method: init?.method ?? 'GET',
        path,
        query: new URLSearchParams(query),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(c);
      return answer(c) ?? jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    }),
  );
  return calls;
}
