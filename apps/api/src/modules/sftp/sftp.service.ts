/**
 * SFTP destinations (issue 14; H-014…H-019, H-022, H-023, H-035; decision H-sftp): per study and data space, for
 * those who may run exports. Saved with their secret sealed; read without it; updated with an empty secret kept;
 * tested (the server's reason when refused, the host key pinned at the first success); disconnected for good
 * (credentials erased, schedule stopped, the row and its log kept). Every write is audited, never with a secret.
 */
import { randomUUID } from 'node:crypto';
import type {
  SftpDestination,
  SftpDestinationBodySchema,
  SftpDestinationUpdateSchema,
  SftpKeyInfo,
  SftpTestBodySchema,
  SftpTestResult,
} from '@trialpath/contract';
import { messageRef, translate } from '@trialpath/domain';
import type { z } from 'zod';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import type { GroupWork } from '../../kernel/group-commit';
import { requireStudy } from '../access/access.service';
import {
  openFolder,
  openSession,
  readHostKey,
  readPrivateKey,
  type SftpCredentials,
  SftpFailure,
  type SftpSession,
} from './sftp.client';
import { credentialsOf, sealDestinationSecret, sealPassphrase } from './sftp.credentials';
import {
  cancelQueuedTransfers,
  type DestinationRow,
  findDestination,
  insertDestination,
  lastTransfers,
  type NamedDestinationRow,
  pinHostKey,
  studyDestinations,
  type TransferRow,
  updateDestination,
} from './sftp.repository';
import { nextRunAfter } from './sftp.schedule';

type CreateInput = z.output<typeof SftpDestinationBodySchema>;
type UpdateInput = z.output<typeof SftpDestinationUpdateSchema>;
type TestInput = z.output<typeof SftpTestBodySchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function destinationView(r: NamedDestinationRow, last: TransferRow | undefined): SftpDestination {
  return {
    id: r.id,
    name: r.name,
    host: r.host,
    port: r.port,
    username: r.username,
    authMethod: r.auth_method,
    hasPassword: r.auth_method === 'PASSWORD' && r.secret_sealed !== null,
    hasPrivateKey: r.auth_method === 'PRIVATE_KEY' && r.secret_sealed !== null,
    hasPassphrase: r.passphrase_sealed !== null,
    privateKeyType: r.private_key_type,
    privateKeyFingerprint: r.private_key_fingerprint,
    remoteFolder: r.remote_folder,
    hostKeyFingerprint: r.host_key_fingerprint,
    hostKeyType: r.host_key_type,
    scheduleKind: r.schedule_kind,
    scheduleTime: r.schedule_time,
    scheduleDay: r.schedule_day,
    nextRunAt: iso(r.next_run_at),
    status: r.status,
    lastTest: r.last_test_at
      ? { at: r.last_test_at.toISOString(), ok: r.last_test_ok === true, error: r.last_test_error }
      : null,
    lastTransfer: last
      ? {
          id: last.id,
          status: last.status,
          createdAt: last.created_at.toISOString(),
          finishedAt: iso(last.finished_at),
          error: last.error,
        }
      : null,
    createdBy: r.created_by_name,
    createdAt: r.created_at.toISOString(),
    updatedBy: r.updated_by_name,
    updatedAt: r.updated_at.toISOString(),
  };
}

/** What the audit trail keeps of a destination: everything but its secrets. */
function auditView(r: DestinationRow) {
  return {
    studyId: r.study_id,
    name: r.name,
    host: r.host,
    port: r.port,
    username: r.username,
    authMethod: r.auth_method,
    privateKeyFingerprint: r.private_key_fingerprint,
    remoteFolder: r.remote_folder,
    hostKeyFingerprint: r.host_key_fingerprint,
    scheduleKind: r.schedule_kind,
    scheduleTime: r.schedule_time,
    scheduleDay: r.schedule_day,
    status: r.status,
  };
}

const notFound = () => fail('NOT_FOUND', undefined, { message: messageRef('sftp.notFound') });
const disconnected = () => fail('CONFLICT', undefined, { message: messageRef('sftp.disconnected') });

export async function loadDestination(ctx: ServiceCtx, studyId: string, sftpId: string, lock = false) {
  const row = await findDestination(ctx.db, studyId, ctx.env, sftpId, lock);
  if (!row) throw notFound();
  return row;
}

async function answer(ctx: ServiceCtx, studyId: string, id: string): Promise<SftpDestination> {
  const row = await loadDestination(ctx, studyId, id);
  const [last] = await lastTransfers(ctx.db, [id]);
  return destinationView(row, last);
}

export async function destinationList(ctx: ServiceCtx, input: { studyId: string }) {
  await requireStudy(ctx, input.studyId);
  const rows = await studyDestinations(ctx.db, input.studyId, ctx.env);
  const last = new Map(
    (
      await lastTransfers(
        ctx.db,
        rows.map((r) => r.id),
      )
    ).map((t) => [t.destination_id, t]),
  );
  return { items: rows.map((r) => destinationView(r, last.get(r.id))) };
}

export async function destinationDetails(ctx: ServiceCtx, input: { studyId: string; sftpId: string }) {
  await requireStudy(ctx, input.studyId);
  return answer(ctx, input.studyId, input.sftpId);
}

interface Secrets {
  secret: string;
  passphrase: string | null;
  keyType: string | null;
  keyFingerprint: string | null;
  replaced: { secret: boolean; passphrase: boolean };
}

/**
 * The secret to keep: the one given, else the stored one (an update's empty field) — only for the same sign-in
 * method, server and account: a saved password is never lent to another host, port or user, so nobody can send it
 * to a server of their own without knowing it. A private key is read (with its passphrase) so a key that cannot
 * sign in is refused with the parser's reason.
 */
function resolveSecrets(
  ctx: ServiceCtx,
  input: Pick<CreateInput, 'authMethod' | 'password' | 'privateKey' | 'passphrase' | 'host' | 'port' | 'username'>,
  current: DestinationRow | null,
): Secrets {
  const sameAccount =
    current !== null &&
    current.auth_method === input.authMethod &&
    current.host === input.host &&
    current.port === input.port &&
    current.username === input.username;
  const stored = sameAccount ? credentialsOf(ctx.config, current) : null;
  if (sameAccount && current.secret_sealed && !stored)
    throw fieldProblem(
      'VALIDATION_FAILED',
      input.authMethod === 'PASSWORD' ? 'password' : 'privateKey',
      'sftp.credentialsUnreadable',
    );
  if (input.authMethod === 'PASSWORD') {
    const secret = input.password || stored?.password;
    if (!secret) throw fieldProblem('VALIDATION_FAILED', 'password', 'sftp.passwordRequired');
    const replaced = { secret: Boolean(input.password), passphrase: Boolean(current?.passphrase_sealed) };
    return { secret, passphrase: null, keyType: null, keyFingerprint: null, replaced };
  }
  const key = input.privateKey || stored?.privateKey;
  if (!key) throw fieldProblem('VALIDATION_FAILED', 'privateKey', 'sftp.privateKeyRequired');
  // a new key takes only the passphrase given with it; a kept key keeps its passphrase unless a new one is given
  const passphrase = input.passphrase || (input.privateKey ? null : (stored?.passphrase ?? null));
  const read = readPrivateKey(key, passphrase);
  if (!read.ok) {
    if (read.problem === 'passphrase')
      throw fieldProblem('VALIDATION_FAILED', 'passphrase', 'sftp.pemPassphraseNeeded');
    if (read.problem === 'notPrivate') throw fieldProblem('VALIDATION_FAILED', 'privateKey', 'sftp.pemNotPrivate');
    throw fieldProblem('VALIDATION_FAILED', input.passphrase ? 'passphrase' : 'privateKey', 'sftp.pemInvalid', {
      reason: read.reason,
    });
  }
  return {
    secret: key,
    passphrase: read.encrypted ? passphrase : null,
    keyType: read.keyType,
    keyFingerprint: read.fingerprint,
    replaced: { secret: Boolean(input.privateKey), passphrase: Boolean(input.passphrase) },
  };
}

function scheduleOf(input: Pick<CreateInput, 'scheduleKind' | 'scheduleTime' | 'scheduleDay'>, now: Date) {
  const kind = input.scheduleKind;
  const schedule = {
    schedule_kind: kind,
    schedule_time: kind === 'NONE' ? null : input.scheduleTime,
    schedule_day: kind === 'WEEKLY' ? input.scheduleDay : null,
  };
  const next = nextRunAfter({ kind, time: schedule.schedule_time, day: schedule.schedule_day }, now);
  return { ...schedule, next_run_at: next };
}

export async function createDestination(ctx: ServiceCtx, input: CreateInput & { studyId: string }) {
  await requireStudy(ctx, input.studyId);
  const id = randomUUID();
  const secrets = resolveSecrets(ctx, input, null);
  const now = new Date();
  await insertDestination(ctx.db, {
    id,
    study_id: input.studyId,
    environment: ctx.env,
    name: input.name,
    host: input.host,
    port: input.port,
    username: input.username,
    auth_method: input.authMethod,
    secret_sealed: sealDestinationSecret(ctx.config, id, input.authMethod, secrets.secret),
    passphrase_sealed: secrets.passphrase ? sealPassphrase(ctx.config, id, secrets.passphrase) : null,
    private_key_type: secrets.keyType,
    private_key_fingerprint: secrets.keyFingerprint,
    remote_folder: input.remoteFolder,
    host_key_fingerprint: input.hostKeyFingerprint,
    ...scheduleOf(input, now),
    created_by: ctx.staff().userId,
    created_at: now,
    updated_at: now,
  });
  const row = await loadDestination(ctx, input.studyId, id);
  ctx.audit({ action: 'sftp.destination.create', entityType: 'sftp_destination', entityId: id, after: auditView(row) });
  return destinationView(row, undefined);
}

export async function changeDestination(ctx: ServiceCtx, input: UpdateInput & { studyId: string; sftpId: string }) {
  await requireStudy(ctx, input.studyId);
  const before = await loadDestination(ctx, input.studyId, input.sftpId, true);
  if (before.status === 'DISCONNECTED') throw disconnected();
  const secrets = resolveSecrets(ctx, input, before);
  // another server (host or port) or a key replaced on purpose: the pinned key no longer says anything
  const serverChanged = before.host !== input.host || before.port !== input.port;
  const keepPin = !serverChanged && !input.resetHostKey;
  const pin = input.hostKeyFingerprint ?? (keepPin ? before.host_key_fingerprint : null);
  const now = new Date();
  await updateDestination(ctx.db, before.id, {
    name: input.name,
    host: input.host,
    port: input.port,
    username: input.username,
    auth_method: input.authMethod,
    secret_sealed: sealDestinationSecret(ctx.config, before.id, input.authMethod, secrets.secret),
    passphrase_sealed: secrets.passphrase ? sealPassphrase(ctx.config, before.id, secrets.passphrase) : null,
    private_key_type: secrets.keyType,
    private_key_fingerprint: secrets.keyFingerprint,
    remote_folder: input.remoteFolder,
    host_key_fingerprint: pin,
    host_key_type: pin === before.host_key_fingerprint ? before.host_key_type : null,
    ...scheduleOf(input, now),
    updated_by: ctx.staff().userId,
    updated_at: now,
  });
  const after = await loadDestination(ctx, input.studyId, before.id);
  ctx.audit({
    action: 'sftp.destination.update',
    entityType: 'sftp_destination',
    entityId: before.id,
    before: auditView(before),
    after: {
      ...auditView(after),
      // whether the password or key was replaced (never what it is; a key named *password* is redacted by the trail)
      credentialReplaced: secrets.replaced.secret,
      passphraseReplaced: secrets.replaced.passphrase,
    },
  });
  return answer(ctx, input.studyId, before.id);
}

/**
 * Disconnect for good (decision H-sftp): the schedule stops, the credentials are erased, queued transfers are
 * cancelled; the destination stays listed with its log. Sending again means adding a destination.
 */
export async function disconnectDestination(ctx: ServiceCtx, input: { studyId: string; sftpId: string }) {
  await requireStudy(ctx, input.studyId);
  const before = await loadDestination(ctx, input.studyId, input.sftpId, true);
  if (before.status === 'DISCONNECTED') {
    ctx.unchanged();
    return answer(ctx, input.studyId, before.id);
  }
  const now = new Date();
  await updateDestination(ctx.db, before.id, {
    status: 'DISCONNECTED',
    secret_sealed: null,
    passphrase_sealed: null,
    next_run_at: null,
    disconnected_at: now,
    updated_by: ctx.staff().userId,
    updated_at: now,
  });
  const reason = translate('sftp.cancelledByDisconnect', undefined, 'en');
  for (const id of await cancelQueuedTransfers(ctx.db, before.id, reason, now)) {
    ctx.audit({
      action: 'sftp.transfer.failed',
      entityType: 'sftp_transfer',
      entityId: id,
      before: { status: 'QUEUED' },
      after: { status: 'FAILED', error: reason },
    });
  }
  const after = await loadDestination(ctx, input.studyId, before.id);
  ctx.audit({
    action: 'sftp.destination.disconnect',
    entityType: 'sftp_destination',
    entityId: before.id,
    before: auditView(before),
    after: { ...auditView(after), credentialsErased: true },
  });
  return answer(ctx, input.studyId, before.id);
}

// ── tests of a connection (no transaction is open while the server is asked) ─────────────────────

type TestOutcome = SftpTestResult;

async function runTest(creds: SftpCredentials, folder: string, lang: string): Promise<TestOutcome> {
  let session: SftpSession | null = null;
  try {
    session = await openSession(creds);
    const resolved = await openFolder(session, folder);
    return {
      ok: true,
      serverSoftware: session.serverSoftware,
      banner: session.banner,
      hostKeyFingerprint: session.hostKeyFingerprint,
      hostKeyType: session.hostKeyType,
      pinned: false,
      remoteFolder: resolved,
    };
  } catch (e) {
    if (!(e instanceof SftpFailure)) throw e;
    return { ok: false, stage: e.stage, reason: e.reasonIn(lang), hostKeyFingerprint: e.hostKeyFingerprint };
  } finally {
    session?.end();
  }
}

/** A test of unsaved details (the form before saving); a saved destination lends the secret left empty. */
export async function testDetails(ctx: ServiceCtx, input: TestInput & { studyId: string }) {
  await requireStudy(ctx, input.studyId);
  const saved = input.sftpId ? await loadDestination(ctx, input.studyId, input.sftpId) : null;
  if (saved?.status === 'DISCONNECTED') throw disconnected();
  const secrets = resolveSecrets(ctx, input, saved);
  const creds: SftpCredentials = {
    host: input.host,
    port: input.port,
    username: input.username,
    password: input.authMethod === 'PASSWORD' ? secrets.secret : null,
    privateKey: input.authMethod === 'PRIVATE_KEY' ? secrets.secret : null,
    passphrase: secrets.passphrase,
    pinnedFingerprint: input.hostKeyFingerprint,
  };
  return runTest(creds, input.remoteFolder, ctx.request.language);
}

interface TestRecord {
  destinationId: string;
  pinnedBefore: string | null;
  outcome: TestOutcome;
}

/** Records a saved destination's test (and pins the host key at the first success) in its own short transaction. */
const RECORD_TEST: GroupWork<TestRecord, SftpTestResult> = {
  label: 'testSftpDestination',
  read: async () => undefined,
  async write(items) {
    const outcomes = [];
    for (const { input, ctx } of items) {
      const result = input.outcome;
      let pinned = false;
      if (result.ok) {
        const key = { fingerprint: result.hostKeyFingerprint, type: result.hostKeyType };
        pinned = await pinHostKey(ctx.db, input.destinationId, key);
        if (!pinned && input.pinnedBefore === key.fingerprint)
          await updateDestination(ctx.db, input.destinationId, { host_key_type: key.type });
      }
      const now = new Date();
      await updateDestination(ctx.db, input.destinationId, {
        last_test_at: now,
        last_test_ok: result.ok,
        last_test_error: result.ok ? null : result.reason,
      });
      ctx.audit({
        action: 'sftp.destination.test',
        entityType: 'sftp_destination',
        entityId: input.destinationId,
        after: result.ok
          ? { ok: true, hostKeyFingerprint: result.hostKeyFingerprint, pinned }
          : { ok: false, stage: result.stage, reason: result.reason },
      });
      outcomes.push({ ok: true as const, value: result.ok ? { ...result, pinned } : result });
    }
    return outcomes;
  },
};

export async function testDestination(ctx: ServiceCtx, input: { studyId: string; sftpId: string }) {
  await requireStudy(ctx, input.studyId);
  const row = await loadDestination(ctx, input.studyId, input.sftpId);
  if (row.status === 'DISCONNECTED') throw disconnected();
  const creds = credentialsOf(ctx.config, row);
  const outcome: TestOutcome = creds
    ? await runTest(creds, row.remote_folder, ctx.request.language)
    : {
        ok: false,
        stage: 'auth',
        reason: translate('sftp.credentialsUnreadable', undefined, ctx.request.language),
        hostKeyFingerprint: null,
      };
  return ctx.commitGrouped(RECORD_TEST, {
    destinationId: row.id,
    pinnedBefore: row.host_key_fingerprint,
    outcome,
  });
}

// ── PEM upload (H-035) ─────────────────────────────────────────────────────────────────────────

/** Read an uploaded key file by its type: its key type and fingerprint, or 400 with the parser's reason. */
export async function readKeyFile(
  ctx: ServiceCtx,
  input: { studyId: string; fileType: SftpKeyInfo['fileType']; data: Buffer | null },
): Promise<SftpKeyInfo> {
  await requireStudy(ctx, input.studyId);
  const text = (input.data ?? Buffer.alloc(0)).toString('utf8');
  if (input.fileType === 'HOST_KEY') {
    const read = readHostKey(text);
    if (!read.ok) throw fieldProblem('VALIDATION_FAILED', 'file', 'sftp.hostKeyInvalid', { reason: read.reason });
    return { fileType: 'HOST_KEY', keyType: read.keyType, fingerprint: read.fingerprint, encrypted: false };
  }
  const read = readPrivateKey(text, null);
  if (read.ok)
    return { fileType: 'PRIVATE_KEY', keyType: read.keyType, fingerprint: read.fingerprint, encrypted: false };
  if (read.problem === 'passphrase')
    return { fileType: 'PRIVATE_KEY', keyType: null, fingerprint: null, encrypted: true };
  if (read.problem === 'notPrivate') throw fieldProblem('VALIDATION_FAILED', 'file', 'sftp.pemNotPrivate');
  throw fieldProblem('VALIDATION_FAILED', 'file', 'sftp.pemInvalid', { reason: read.reason });
}
