/**
 * SFTP destinations of a study's data exports (issue 14; H-014…H-023, H-035; decision H-sftp). Per study and data
 * space (the page's): save, read (never a secret: `hasPassword`, `hasPrivateKey`), update (a secret left empty is
 * kept), test (saved or unsaved details), disconnect, transfer now, retry, and the transfer log. A private key is
 * checked by the PEM upload call (its type and fingerprint answered) and then sent as text with the save or update.
 * Everything needs `exports.run`: a destination decides where the study's data goes.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const SFTP_AUTH_METHODS = ['PASSWORD', 'PRIVATE_KEY'] as const;
export type SftpAuthMethod = (typeof SFTP_AUTH_METHODS)[number];
export const SFTP_SCHEDULE_KINDS = ['NONE', 'DAILY', 'WEEKLY'] as const;
export type SftpScheduleKind = (typeof SFTP_SCHEDULE_KINDS)[number];
export const SFTP_DESTINATION_STATUSES = ['ACTIVE', 'DISCONNECTED'] as const;
export const SFTP_TRANSFER_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED'] as const;
export type SftpTransferStatus = (typeof SFTP_TRANSFER_STATUSES)[number];
export const SFTP_TRANSFER_TRIGGERS = ['MANUAL', 'SCHEDULED', 'RETRY'] as const;
/** What the PEM upload reads: the account's private key, or the server's public host key (to pin it ahead). */
export const SFTP_PEM_FILE_TYPES = ['PRIVATE_KEY', 'HOST_KEY'] as const;
/** A PEM / OpenSSH key file is small; 64 KiB holds an 16384-bit RSA key with room to spare. */
export const SFTP_PEM_MAX_BYTES = 64 * 1024;
export const SFTP_PEM_CONTENT_TYPES = [
  'application/x-pem-file',
  'application/x-x509-ca-cert',
  'application/octet-stream',
  'text/plain',
] as const;

const key = (messageKey: string) => ({ params: { messageKey } });
const StudyParams = z.object({ studyId: z.string().uuid() }).strict();
const DestinationParams = z.object({ studyId: z.string().uuid(), sftpId: z.string().uuid() }).strict();
const TransferParams = DestinationParams.extend({ transferId: z.string().uuid() }).strict();

/** SHA256:<43 base64 characters>, as `ssh-keygen -l` prints it. */
export const HOST_KEY_FINGERPRINT = /^SHA256:[A-Za-z0-9+/]{43}$/;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What a person fills in: the connection, the folder and the schedule (secrets apart). */
const connectionFields = {
  name: z.string().trim().min(1).max(120),
  host: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .refine((h) => /^[A-Za-z0-9._:[\]-]+$/.test(h), key('sftp.field.host')),
  port: z.coerce
    .number()
    .refine((p) => Number.isInteger(p) && p >= 1 && p <= 65535, key('sftp.field.port'))
    .default(22),
  username: z.string().trim().min(1).max(100),
  authMethod: z.enum(SFTP_AUTH_METHODS),
  /** The account's password (PASSWORD); on an update, empty keeps the stored one. */
  password: z.string().max(1000).default(''),
  /** The private key's text, PEM or OpenSSH format (PRIVATE_KEY); on an update, empty keeps the stored one. */
  privateKey: z.string().max(SFTP_PEM_MAX_BYTES).default(''),
  /** The private key's passphrase when it is encrypted; on an update, empty keeps the stored one. */
  passphrase: z.string().max(1000).default(''),
  remoteFolder: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .refine((f) => !f.includes('\0') && !f.split('/').includes('..'), key('sftp.field.folder')),
};

const scheduleFields = {
  scheduleKind: z.enum(SFTP_SCHEDULE_KINDS).default('NONE'),
  /** HH:mm UTC (DAILY, WEEKLY). */
  scheduleTime: z.string().nullable().default(null),
  /** 1 = Monday … 7 = Sunday (WEEKLY). */
  scheduleDay: z.coerce.number().int().min(1).max(7).nullable().default(null),
};

function checkSchedule(
  v: { scheduleKind: SftpScheduleKind; scheduleTime: string | null; scheduleDay: number | null },
  ctx: z.RefinementCtx,
) {
  if (v.scheduleKind !== 'NONE' && !(v.scheduleTime && HHMM.test(v.scheduleTime)))
    ctx.addIssue({ code: 'custom', path: ['scheduleTime'], message: 'HH:mm (UTC)', ...key('sftp.field.time') });
  if (v.scheduleKind === 'WEEKLY' && v.scheduleDay === null)
    ctx.addIssue({ code: 'custom', path: ['scheduleDay'], message: 'a day of the week', ...key('sftp.field.day') });
}

const fingerprintField = z
  .string()
  .refine((f) => HOST_KEY_FINGERPRINT.test(f), key('sftp.field.fingerprint'))
  .nullable();

/** Save (H-017) and the form: the connection, its secret, an optional host key to pin ahead, the schedule. */
export const SftpDestinationBodySchema = z
  .object({
    ...connectionFields,
    ...scheduleFields,
    /** Pin this host key now (from a test or the server's key file); null: pinned at the first successful test. */
    hostKeyFingerprint: fingerprintField.default(null),
  })
  .strict()
  .superRefine(checkSchedule);
export type SftpDestinationBody = z.input<typeof SftpDestinationBodySchema>;

/** Update / modify (H-018, H-022): the same, secrets empty = kept; `resetHostKey` forgets the pinned key. */
export const SftpDestinationUpdateSchema = z
  .object({
    ...connectionFields,
    ...scheduleFields,
    hostKeyFingerprint: fingerprintField.default(null),
    /** Forget the pinned host key (the server's key was replaced on purpose); pinned again at the next test. */
    resetHostKey: z.boolean().default(false),
  })
  .strict()
  .superRefine(checkSchedule);

/** A test of unsaved details (the form before saving); `sftpId` lends a saved destination's secret left empty. */
export const SftpTestBodySchema = z
  .object({
    ...connectionFields,
    name: z.string().max(120).default(''),
    hostKeyFingerprint: fingerprintField.default(null),
    sftpId: z.string().uuid().nullable().default(null),
  })
  .strict();

const TransferSummarySchema = z.object({
  id: z.string(),
  status: z.enum(SFTP_TRANSFER_STATUSES),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});

export const SftpDestinationSchema = z.object({
  id: z.string(),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  authMethod: z.enum(SFTP_AUTH_METHODS),
  hasPassword: z.boolean(),
  hasPrivateKey: z.boolean(),
  hasPassphrase: z.boolean(),
  /** The account key's type and fingerprint (public facts of the private key), when one is stored. */
  privateKeyType: z.string().nullable(),
  privateKeyFingerprint: z.string().nullable(),
  remoteFolder: z.string(),
  /** The server's host key pinned (SHA256:…): checked at every connection after the first successful test. */
  hostKeyFingerprint: z.string().nullable(),
  hostKeyType: z.string().nullable(),
  scheduleKind: z.enum(SFTP_SCHEDULE_KINDS),
  scheduleTime: z.string().nullable(),
  scheduleDay: z.number().int().nullable(),
  nextRunAt: z.string().nullable(),
  status: z.enum(SFTP_DESTINATION_STATUSES),
  lastTest: z.object({ at: z.string(), ok: z.boolean(), error: z.string().nullable() }).nullable(),
  lastTransfer: TransferSummarySchema.nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type SftpDestination = z.infer<typeof SftpDestinationSchema>;

/**
 * A connection test's outcome (decision H-sftp): always 200 when the test ran — `ok: false` carries the stage that
 * failed and the server's own reason (a refused password, ECONNREFUSED, a timeout, a changed host key).
 */
export const SftpTestResultSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    /** The server's software as it announced itself (e.g. OpenSSH_9.2p1). */
    serverSoftware: z.string().nullable(),
    /** The server's login banner, when it sends one. */
    banner: z.string().nullable(),
    hostKeyFingerprint: z.string(),
    hostKeyType: z.string(),
    /** Whether this test pinned the host key (the first successful test of a saved destination). */
    pinned: z.boolean(),
    /** The remote folder as the server resolves it. */
    remoteFolder: z.string(),
  }),
  z.object({
    ok: z.literal(false),
    stage: z.enum(['connect', 'hostKey', 'auth', 'folder']),
    reason: z.string(),
    hostKeyFingerprint: z.string().nullable(),
  }),
]);
export type SftpTestResult = z.infer<typeof SftpTestResultSchema>;

export const SftpTransferSchema = z.object({
  id: z.string(),
  destinationId: z.string(),
  exportId: z.string(),
  fileName: z.string(),
  byteSize: z.number().int(),
  sha256: z.string(),
  trigger: z.enum(SFTP_TRANSFER_TRIGGERS),
  retryOf: z.string().nullable(),
  status: z.enum(SFTP_TRANSFER_STATUSES),
  attempts: z.number().int(),
  bytesSent: z.number().int(),
  remotePath: z.string(),
  /** The server's reason when it failed. */
  error: z.string().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type SftpTransfer = z.infer<typeof SftpTransferSchema>;

export const SftpKeyInfoSchema = z.object({
  fileType: z.enum(SFTP_PEM_FILE_TYPES),
  /**
   * An encrypted private key: its type and fingerprint are read with the passphrase, which is never sent with the
   * file (nor in an address or header); the save or test checks the two together.
   */
  encrypted: z.boolean(),
  /** ssh-ed25519, ssh-rsa, ecdsa-sha2-nistp256 … (null for an encrypted key). */
  keyType: z.string().nullable(),
  /** SHA256:… of the public key, as authorized_keys or known_hosts shows it (null for an encrypted key). */
  fingerprint: z.string().nullable(),
});
export type SftpKeyInfo = z.infer<typeof SftpKeyInfoSchema>;

const base = { audience: 'staff', permission: 'exports.run' } as const;

export const listSftpDestinations = defineEndpoint({
  ...base,
  id: 'listSftpDestinations',
  method: 'GET',
  path: '/api/v1/studies/:studyId/sftp',
  summary: "The study's SFTP destinations of the page's data space, each with its last transfer",
  params: StudyParams,
  response: z.object({ items: z.array(SftpDestinationSchema) }),
});

export const createSftpDestination = defineEndpoint({
  ...base,
  id: 'createSftpDestination',
  method: 'POST',
  path: '/api/v1/studies/:studyId/sftp',
  summary: 'Save an SFTP destination (its password or private key sealed, never answered)',
  params: StudyParams,
  body: SftpDestinationBodySchema,
  response: SftpDestinationSchema,
});

export const getSftpDestination = defineEndpoint({
  ...base,
  id: 'getSftpDestination',
  method: 'GET',
  path: '/api/v1/studies/:studyId/sftp/:sftpId',
  summary: 'One SFTP destination’s connection details (whether a secret is set, never the secret)',
  params: DestinationParams,
  response: SftpDestinationSchema,
});

export const updateSftpDestination = defineEndpoint({
  ...base,
  id: 'updateSftpDestination',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/sftp/:sftpId',
  summary: 'Change an SFTP destination (a secret left empty is kept; a new host or port forgets the pinned key)',
  params: DestinationParams,
  body: SftpDestinationUpdateSchema,
  response: SftpDestinationSchema,
});

export const disconnectSftpDestination = defineEndpoint({
  ...base,
  id: 'disconnectSftpDestination',
  method: 'DELETE',
  path: '/api/v1/studies/:studyId/sftp/:sftpId',
  summary: 'Disconnect an SFTP destination: schedule stopped, credentials erased, kept with its transfer log',
  params: DestinationParams,
  response: SftpDestinationSchema,
});

export const testSftpDetails = defineEndpoint({
  ...base,
  id: 'testSftpDetails',
  method: 'POST',
  path: '/api/v1/studies/:studyId/sftp/test',
  summary: "Test unsaved connection details: connect, sign in, open the folder; the server's reason when refused",
  params: StudyParams,
  body: SftpTestBodySchema,
  response: SftpTestResultSchema,
  // nothing is stored: a test of details nobody saved changes no record
  audit: false,
  noLoader: true,
});

export const testSftpDestination = defineEndpoint({
  ...base,
  id: 'testSftpDestination',
  method: 'POST',
  path: '/api/v1/studies/:studyId/sftp/:sftpId/test',
  summary: 'Test a saved destination; the first successful test pins the server’s host key',
  params: DestinationParams,
  response: SftpTestResultSchema,
  noLoader: true,
});

export const uploadSftpPem = defineEndpoint({
  ...base,
  id: 'uploadSftpPem',
  method: 'POST',
  path: '/api/v1/studies/:studyId/sftp/pem',
  upload: { contentTypes: SFTP_PEM_CONTENT_TYPES, maxBytes: SFTP_PEM_MAX_BYTES },
  summary:
    'Check a PEM / OpenSSH key file by its type (PRIVATE_KEY: the account’s key; HOST_KEY: the server’s public key to pin): its key type and fingerprint, or the parser’s reason. Nothing is stored: the form sends the key’s text with the save.',
  params: StudyParams,
  query: z.object({ fileType: z.enum(SFTP_PEM_FILE_TYPES) }).strict(),
  response: SftpKeyInfoSchema,
  audit: false,
});

export const startSftpTransfer = defineEndpoint({
  ...base,
  id: 'startSftpTransfer',
  method: 'POST',
  path: '/api/v1/studies/:studyId/sftp/:sftpId/transfers',
  summary: 'Transfer now: queue the latest study data export (or the export named) to this destination',
  params: DestinationParams,
  body: z.object({ exportId: z.string().uuid().nullable().default(null) }).strict(),
  response: SftpTransferSchema,
});

export const retrySftpTransfer = defineEndpoint({
  ...base,
  id: 'retrySftpTransfer',
  method: 'POST',
  path: '/api/v1/studies/:studyId/sftp/:sftpId/transfers/:transferId/retry',
  summary: 'Send a failed transfer’s file again (a new transfer, from the start of the file)',
  params: TransferParams,
  response: SftpTransferSchema,
});

export const listSftpTransfers = defineEndpoint({
  ...base,
  id: 'listSftpTransfers',
  method: 'GET',
  path: '/api/v1/studies/:studyId/sftp/:sftpId/transfers',
  summary: 'The destination’s transfer log, newest first, paged',
  params: DestinationParams,
  query: z
    .object({
      pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    })
    .strict(),
  response: z.object({
    items: z.array(SftpTransferSchema),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  }),
  noLoader: true,
});
