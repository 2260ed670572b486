/**
 * SFTP destinations and transfers (issue 14; H-014…H-023, H-035; decision H-sftp), against real SFTP servers on
 * this machine (sftp-servers.ts): OpenSSH's sshd with internal-sftp (key sign-in, the files sent, a refused
 * password) and the ssh2 package's server (a password that signs in). Transfers are sent by one pass of the worker.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import {
  buildPath,
  createSftpDestination,
  disconnectSftpDestination,
  getSftpDestination,
  listSftpDestinations,
  listSftpTransfers,
  retrySftpTransfer,
  startSftpTransfer,
  testSftpDestination,
  testSftpDetails,
  updateSftpDestination,
  uploadSftpPem,
} from '@trialpath/contract';
import { FEATURE_FLAGS } from '@trialpath/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystemContext } from '../src/kernel/context';
import { upsertFlag } from '../src/modules/flags/flags.repository';
import { storeFile } from '../src/modules/files/files.service';
import { runSftpPass } from '../src/modules/sftp/sftp.job';
import { auditActions, call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';
import { freePort, type OpenSshServer, type PasswordServer, startOpenSsh, startPasswordServer } from './sftp-servers';

let t: TestApp;
let sshd: OpenSshServer;
let ssh2: PasswordServer;
let demo: string;
let sleep: string;
let cardio: string;
let studyadminId: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  [t, sshd, ssh2] = await Promise.all([createTestApp(), startOpenSsh(), startPasswordServer()]);
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
  cardio = await idOf(t.db, 'studies', { code: 'CARDIO' });
  studyadminId = await idOf(t.db, 'users', { username: 'studyadmin' });
  for (const u of ['studyadmin', 'crc.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
}, 60_000);
afterAll(async () => {
  await Promise.all([t?.close(), sshd?.stop(), ssh2?.stop()]);
});

const P = (extra: Record<string, string> = {}, studyId = demo) => ({ params: { studyId, ...extra } });
const as = (user = 'studyadmin') => ({ token: tokens[user] });

const keyDestination = (extra: Record<string, unknown> = {}) => ({
  name: 'Sponsor drop (key)',
  host: '127.0.0.1',
  port: sshd.port,
  username: sshd.username,
  authMethod: 'PRIVATE_KEY',
  privateKey: sshd.privateKey,
  remoteFolder: sshd.folder,
  ...extra,
});

const passwordDestination = (extra: Record<string, unknown> = {}) => ({
  name: 'Sponsor drop (password)',
  host: '127.0.0.1',
  port: ssh2.port,
  username: ssh2.username,
  authMethod: 'PASSWORD',
  password: ssh2.password,
  remoteFolder: ssh2.folder,
  ...extra,
});

async function save(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const r = await call(t.app, createSftpDestination, { ...P(), body, ...as(), headers });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.id as string;
}

/** A finished study data export of the DEMO study: its file stored, its job SUCCEEDED (as the exports area ends one). */
async function makeExport(bytes = 256 * 1024 + 17, environment: 'LIVE' | 'TEST' = 'LIVE') {
  const data = randomBytes(bytes);
  const clientId = (
    await t.db.selectFrom('studies').select('client_id').where('id', '=', demo).executeTakeFirstOrThrow()
  ).client_id;
  const file = await withSystemContext(t.platform, 'sftp', (ctx) =>
    storeFile(ctx, {
      clientId,
      studyId: demo,
      kind: 'document',
      contentType: 'application/zip',
      data,
      fileName: `DEMO-study-data-${bytes}.zip`,
    }),
  );
  const job = await t.db
    .insertInto('export_jobs')
    .values({
      study_id: demo,
      environment,
      kind: 'STUDY_DATA',
      filters: '{}',
      scope: '{}',
      status: 'SUCCEEDED',
      file_id: file.id,
      requested_by: studyadminId,
      finished_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { exportId: job.id, fileId: file.id, fileName: file.fileName!, sha256: file.sha256, data };
}

const sha256Of = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const remoteFiles = () => readdirSync(sshd.folder);

/** A source that sends `limit` bytes and then breaks, as a connection dropped halfway does. */
function breaksAfter(limit: number) {
  return (source: Readable) => {
    let sent = 0;
    const cut = new Transform({
      transform(chunk: Buffer, _enc, done) {
        if (sent + chunk.length > limit) {
          const head = chunk.subarray(0, Math.max(0, limit - sent));
          sent = limit;
          this.push(head);
          done(new Error('Connection lost halfway (test)'));
          return;
        }
        sent += chunk.length;
        done(null, chunk);
      },
    });
    return source.pipe(cut) as unknown as Readable;
  };
}

describe('saving, reading and updating a destination (H-015…H-018, H-022)', () => {
  it('saves a destination: the password is sealed in the database and never answered; audited without it', async () => {
    const id = await save(passwordDestination());
    const one = await call(t.app, getSftpDestination, { ...P({ sftpId: id }), ...as() });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({
      name: 'Sponsor drop (password)',
      host: '127.0.0.1',
      port: ssh2.port,
      username: 'sponsor',
      authMethod: 'PASSWORD',
      hasPassword: true,
      hasPrivateKey: false,
      remoteFolder: '/incoming',
      status: 'ACTIVE',
      hostKeyFingerprint: null,
      createdBy: 'Sam Study',
    });
    expect(one.body).not.toContain(ssh2.password);
    const list = await call(t.app, listSftpDestinations, { ...P(), ...as() });
    expect(list.json.items.map((d: { id: string }) => d.id)).toEqual([id]);
    expect(list.body).not.toContain(ssh2.password);
    const row = await t.db.selectFrom('sftp_destinations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^s1\./);
    expect(row.secret_sealed).not.toContain(ssh2.password);
    expect(await auditActions(t.db, id)).toEqual(['sftp.destination.create']);
    const entries = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).execute();
    expect(JSON.stringify(entries)).not.toContain(ssh2.password);
    expect(JSON.stringify(entries)).not.toContain(row.secret_sealed!);
  });

  it('an update with the password left empty keeps it (the destination still signs in) and says so in the trail', async () => {
    const id = await save(passwordDestination());
    const r = await call(t.app, updateSftpDestination, {
      ...P({ sftpId: id }),
      body: passwordDestination({ name: 'Renamed drop', password: '', scheduleKind: 'DAILY', scheduleTime: '02:30' }),
      ...as(),
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toMatchObject({
      name: 'Renamed drop',
      hasPassword: true,
      scheduleKind: 'DAILY',
      scheduleTime: '02:30',
    });
    expect(r.json.nextRunAt).toMatch(/T02:30:00.000Z$/);
    const tested = await call(t.app, testSftpDestination, { ...P({ sftpId: id }), ...as() });
    expect(tested.json).toMatchObject({ ok: true });
    expect(await auditActions(t.db, id)).toEqual([
      'sftp.destination.create',
      'sftp.destination.update',
      'sftp.destination.test',
    ]);
    const update = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', id)
      .where('action', '=', 'sftp.destination.update')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(update)).toContain('"credentialReplaced":false');
    expect(JSON.stringify(update)).toContain('Renamed drop');
  });

  it('a saved password is never lent to another server or account: changing them asks for it again', async () => {
    const id = await save(passwordDestination());
    for (const change of [{ host: 'localhost' }, { port: sshd.port }, { username: 'someone-else' }]) {
      const r = await call(t.app, updateSftpDestination, {
        ...P({ sftpId: id }),
        body: passwordDestination({ password: '', ...change }),
        ...as(),
      });
      expect(r.status).toBe(400);
      expect(r.json.fieldErrors.password[0]).toBe('Enter the password of the SFTP account.');
      const tested = await call(t.app, testSftpDetails, {
        ...P(),
        body: { ...passwordDestination({ password: '', ...change }), sftpId: id },
        ...as(),
      });
      expect(tested.status).toBe(400);
    }
  });

  it('refuses bad details with the failing field: no password, a bad folder, a bad schedule time', async () => {
    const noPassword = await call(t.app, createSftpDestination, {
      ...P(),
      body: passwordDestination({ password: '' }),
      ...as(),
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.json.fieldErrors.password[0]).toBe('Enter the password of the SFTP account.');
    const badFolder = await call(t.app, createSftpDestination, {
      ...P(),
      body: passwordDestination({ remoteFolder: '/data/../etc' }),
      ...as(),
    });
    expect(badFolder.status).toBe(400);
    expect(Object.keys(badFolder.json.fieldErrors)).toContain('remoteFolder');
    const badTime = await call(t.app, createSftpDestination, {
      ...P(),
      body: passwordDestination({ scheduleKind: 'WEEKLY', scheduleTime: '25:00', scheduleDay: null }),
      ...as(),
    });
    expect(badTime.status).toBe(400);
    expect(Object.keys(badTime.json.fieldErrors).sort()).toEqual(['scheduleDay', 'scheduleTime']);
  });
});

describe('testing a connection (H-019)', () => {
  it('a saved destination tests OK with a password: banner, software and host key; the first success pins the key', async () => {
    const id = await save(passwordDestination());
    const first = await call(t.app, testSftpDestination, { ...P({ sftpId: id }), ...as() });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      ok: true,
      hostKeyFingerprint: ssh2.hostKeyFingerprint,
      hostKeyType: 'ssh-ed25519',
      pinned: true,
      remoteFolder: '/incoming',
      banner: 'Sponsor data drop',
    });
    const again = await call(t.app, testSftpDestination, { ...P({ sftpId: id }), ...as() });
    expect(again.json).toMatchObject({ ok: true, pinned: false });
    const one = await call(t.app, getSftpDestination, { ...P({ sftpId: id }), ...as() });
    expect(one.json).toMatchObject({
      hostKeyFingerprint: ssh2.hostKeyFingerprint,
      lastTest: { ok: true, error: null },
    });
  });

  it('a key destination tests OK against OpenSSH; the pinned fingerprint is the one ssh-keygen prints', async () => {
    const id = await save(keyDestination());
    const r = await call(t.app, testSftpDestination, { ...P({ sftpId: id }), ...as() });
    expect(r.json).toMatchObject({ ok: true, pinned: true, hostKeyFingerprint: sshd.sshKeygenFingerprint });
    expect(r.json.serverSoftware).toMatch(/^OpenSSH/);
    const one = await call(t.app, getSftpDestination, { ...P({ sftpId: id }), ...as() });
    expect(one.json).toMatchObject({
      hasPrivateKey: true,
      privateKeyType: 'ssh-ed25519',
      hostKeyFingerprint: sshd.sshKeygenFingerprint,
    });
    expect(one.body).not.toContain('PRIVATE KEY');
  });

  it("a wrong password: the server's reason (OpenSSH refuses it), 200 with ok false, stage auth", async () => {
    const r = await call(t.app, testSftpDetails, {
      ...P(),
      body: keyDestination({ authMethod: 'PASSWORD', password: 'not-the-password', privateKey: '' }),
      ...as(),
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      ok: false,
      stage: 'auth',
      reason: 'All configured authentication methods failed',
      hostKeyFingerprint: sshd.hostKeyFingerprint,
    });
  });

  it('an unreachable host: the connection refusal as the system gave it', async () => {
    const nobody = await freePort();
    const r = await call(t.app, testSftpDetails, { ...P(), body: keyDestination({ port: nobody }), ...as() });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ ok: false, stage: 'connect', hostKeyFingerprint: null });
    expect(r.json.reason).toMatch(new RegExp(`ECONNREFUSED 127\\.0\\.0\\.1:${nobody}`));
  });

  it('a missing remote folder fails at the folder stage with the server’s reason', async () => {
    const r = await call(t.app, testSftpDetails, {
      ...P(),
      body: keyDestination({ remoteFolder: `${sshd.folder}/missing` }),
      ...as(),
    });
    expect(r.json).toMatchObject({ ok: false, stage: 'folder' });
    expect(r.json.reason).toContain('No such file');
  });

  it('a changed host key is refused: the pinned key and the one shown are named', async () => {
    const other = `SHA256:${'A'.repeat(43)}`;
    const id = await save(keyDestination({ hostKeyFingerprint: other }));
    const r = await call(t.app, testSftpDestination, { ...P({ sftpId: id }), ...as() });
    expect(r.json).toMatchObject({ ok: false, stage: 'hostKey', hostKeyFingerprint: sshd.hostKeyFingerprint });
    expect(r.json.reason).toContain(`${other} was pinned, the server showed ${sshd.hostKeyFingerprint}`);
    const one = await call(t.app, getSftpDestination, { ...P({ sftpId: id }), ...as() });
    expect(one.json.hostKeyFingerprint).toBe(other);
    expect(one.json.lastTest).toMatchObject({ ok: false });
  });
});

describe('PEM upload by file type (H-035)', () => {
  const upload = (fileType: string, text: string) =>
    t.app.inject({
      method: 'POST',
      url: `${buildPath(uploadSftpPem.path, { studyId: demo })}?fileType=${fileType}`,
      headers: { authorization: `Bearer ${tokens.studyadmin}`, 'content-type': 'application/x-pem-file' },
      payload: Buffer.from(text),
    });

  it('a private key answers its type and fingerprint; nothing is stored', async () => {
    const r = await upload('PRIVATE_KEY', sshd.privateKey);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ fileType: 'PRIVATE_KEY', keyType: 'ssh-ed25519', encrypted: false });
    const pub = readFileSync(join(sshd.folder, '..', 'client_ed25519.pub'), 'utf8');
    const { fingerprintOfPublicKey } = await import('./sftp-servers');
    expect(body.fingerprint).toBe(fingerprintOfPublicKey(pub));
  });

  it("a bad PEM is refused (400) with the parser's reason; a public key is not a private key", async () => {
    const bad = await upload(
      'PRIVATE_KEY',
      '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----\n',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.file[0]).toBe(
      'This file is not a private key that can be read: Malformed OpenSSH private key',
    );
    const pub = readFileSync(join(sshd.folder, '..', 'client_ed25519.pub'), 'utf8');
    const notPrivate = await upload('PRIVATE_KEY', pub);
    expect(notPrivate.statusCode).toBe(400);
    expect(notPrivate.json().fieldErrors.file[0]).toBe('This file holds a public key, not a private key.');
  });

  it("the server's public host key answers the fingerprint to pin", async () => {
    const pub = readFileSync(join(sshd.folder, '..', 'host_ed25519.pub'), 'utf8');
    const r = await upload('HOST_KEY', pub);
    expect(r.json()).toMatchObject({ fileType: 'HOST_KEY', fingerprint: sshd.hostKeyFingerprint });
  });

  it('saving a destination with a key that cannot be read is refused on the privateKey field', async () => {
    const r = await call(t.app, createSftpDestination, {
      ...P(),
      body: keyDestination({ privateKey: 'not a key' }),
      ...as(),
    });
    expect(r.status).toBe(400);
    expect(r.json.fieldErrors.privateKey[0]).toBe(
      'This file is not a private key that can be read: Unsupported key format',
    );
  });
});

describe('transfers (H-014, H-020, H-021)', () => {
  it('transfer now sends the latest export: it arrives byte-identical, no .part is left, logged and audited', async () => {
    const id = await save(keyDestination());
    const older = await makeExport(1000);
    const exp = await makeExport();
    const queued = await call(t.app, startSftpTransfer, { ...P({ sftpId: id }), body: {}, ...as() });
    expect(queued.status, JSON.stringify(queued.json)).toBe(200);
    expect(queued.json).toMatchObject({
      status: 'QUEUED',
      trigger: 'MANUAL',
      exportId: exp.exportId,
      fileName: exp.fileName,
      remotePath: `${sshd.folder}/${exp.fileName}`,
      requestedBy: 'Sam Study',
    });
    expect(older.exportId).not.toBe(exp.exportId);
    const report = await runSftpPass(t.platform);
    expect(report).toMatchObject({ succeeded: 1, failed: 0 });
    const remote = join(sshd.folder, exp.fileName);
    expect(sha256Of(remote)).toBe(exp.sha256);
    expect(remoteFiles().filter((f) => f.endsWith('.part'))).toEqual([]);
    const log = await call(t.app, listSftpTransfers, { ...P({ sftpId: id }), query: {}, ...as() });
    expect(log.json).toMatchObject({ total: 1, pageNum: 1 });
    expect(log.json.items[0]).toMatchObject({
      status: 'SUCCEEDED',
      bytesSent: exp.data.length,
      error: null,
      attempts: 1,
    });
    expect(await auditActions(t.db, queued.json.id)).toEqual(['sftp.transfer.request', 'sftp.transfer.succeeded']);
    // a destination never tested is pinned by its first successful transfer
    const one = await call(t.app, getSftpDestination, { ...P({ sftpId: id }), ...as() });
    expect(one.json.hostKeyFingerprint).toBe(sshd.hostKeyFingerprint);
    expect(one.json.lastTransfer).toMatchObject({ id: queued.json.id, status: 'SUCCEEDED' });
  });

  it('a transfer broken halfway fails with the reason and leaves only a .part; the retry arrives complete', async () => {
    const id = await save(keyDestination());
    const exp = await makeExport(600 * 1024);
    const first = await call(t.app, startSftpTransfer, {
      ...P({ sftpId: id }),
      body: { exportId: exp.exportId },
      ...as(),
    });
    const broken = await runSftpPass(t.platform, { wrapSource: breaksAfter(200 * 1024) });
    expect(broken).toMatchObject({ succeeded: 0, failed: 1 });
    expect(existsSync(join(sshd.folder, exp.fileName))).toBe(false);
    expect(remoteFiles()).toContain(`${exp.fileName}.part`);
    const log = await call(t.app, listSftpTransfers, { ...P({ sftpId: id }), query: {}, ...as() });
    expect(log.json.items[0]).toMatchObject({ id: first.json.id, status: 'FAILED' });
    expect(log.json.items[0].error).toContain('Connection lost halfway (test)');

    const retry = await call(t.app, retrySftpTransfer, {
      ...P({ sftpId: id, transferId: first.json.id }),
      ...as(),
    });
    expect(retry.status, JSON.stringify(retry.json)).toBe(200);
    expect(retry.json).toMatchObject({ status: 'QUEUED', trigger: 'RETRY', retryOf: first.json.id });
    expect(await runSftpPass(t.platform)).toMatchObject({ succeeded: 1, failed: 0 });
    expect(sha256Of(join(sshd.folder, exp.fileName))).toBe(exp.sha256);
    expect(remoteFiles().filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(await auditActions(t.db, first.json.id)).toEqual(['sftp.transfer.request', 'sftp.transfer.failed']);
    expect(await auditActions(t.db, retry.json.id)).toEqual(['sftp.transfer.request', 'sftp.transfer.succeeded']);

    const again = await call(t.app, retrySftpTransfer, {
      ...P({ sftpId: id, transferId: retry.json.id }),
      ...as(),
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Only a failed transfer can be retried.');
  });

  it('a source that ends early is never renamed complete: the server’s size is checked first', async () => {
    const id = await save(keyDestination());
    const exp = await makeExport(300 * 1024);
    await call(t.app, startSftpTransfer, { ...P({ sftpId: id }), body: {}, ...as() });
    const truncated = (source: Readable) => {
      let sent = 0;
      return source.pipe(
        new Transform({
          transform(chunk: Buffer, _enc, done) {
            const room = Math.max(0, 100 * 1024 - sent);
            sent += Math.min(room, chunk.length);
            done(null, chunk.subarray(0, room));
          },
        }),
      ) as unknown as Readable;
    };
    expect(await runSftpPass(t.platform, { wrapSource: truncated })).toMatchObject({ failed: 1 });
    const log = await call(t.app, listSftpTransfers, { ...P({ sftpId: id }), query: {}, ...as() });
    expect(log.json.items[0]).toMatchObject({
      status: 'FAILED',
      error: `The server holds ${100 * 1024} bytes of the ${exp.data.length} sent; the file was not completed.`,
    });
    expect(existsSync(join(sshd.folder, exp.fileName))).toBe(false);
  });

  it('a transfer whose worker died (lease ended) is sent again by the next pass', async () => {
    const id = await save(keyDestination());
    const exp = await makeExport(4096);
    const queued = await call(t.app, startSftpTransfer, { ...P({ sftpId: id }), body: {}, ...as() });
    await t.db
      .updateTable('sftp_transfers')
      .set({ status: 'RUNNING', attempts: 1, lease_until: new Date(Date.now() - 1000) })
      .where('id', '=', queued.json.id)
      .execute();
    expect(await runSftpPass(t.platform)).toMatchObject({ succeeded: 1 });
    const log = await call(t.app, listSftpTransfers, { ...P({ sftpId: id }), query: {}, ...as() });
    expect(log.json.items[0]).toMatchObject({ status: 'SUCCEEDED', attempts: 2 });
    expect(sha256Of(join(sshd.folder, exp.fileName))).toBe(exp.sha256);
  });

  it('a wrong password fails the transfer with the server’s reason', async () => {
    const id = await save(keyDestination({ authMethod: 'PASSWORD', password: 'wrong', privateKey: '' }));
    await makeExport(1024);
    const queued = await call(t.app, startSftpTransfer, { ...P({ sftpId: id }), body: {}, ...as() });
    expect(await runSftpPass(t.platform)).toMatchObject({ failed: 1 });
    const log = await call(t.app, listSftpTransfers, { ...P({ sftpId: id }), query: {}, ...as() });
    expect(log.json.items[0]).toMatchObject({
      id: queued.json.id,
      status: 'FAILED',
      error: 'All configured authentication methods failed',
    });
  });

  it('without any export yet, transfer now answers 409 with what to do', async () => {
    const id = await save(keyDestination());
    const r = await call(t.app, startSftpTransfer, { ...P({ sftpId: id }), body: {}, ...as() });
    expect(r.status).toBe(409);
    expect(r.json.message).toBe('There is no export of this study yet: run one first.');
  });

  it('a due daily schedule queues and sends the latest export, and moves to the next day', async () => {
    const id = await save(keyDestination({ scheduleKind: 'DAILY', scheduleTime: '03:00' }));
    const exp = await makeExport(2048);
    const due = new Date(Date.now() - 60_000);
    await t.db.updateTable('sftp_destinations').set({ next_run_at: due }).where('id', '=', id).execute();
    const report = await runSftpPass(t.platform);
    expect(report).toMatchObject({ scheduled: 1, succeeded: 1 });
    const log = await call(t.app, listSftpTransfers, { ...P({ sftpId: id }), query: {}, ...as() });
    expect(log.json.items[0]).toMatchObject({ trigger: 'SCHEDULED', status: 'SUCCEEDED', requestedBy: null });
    expect(sha256Of(join(sshd.folder, exp.fileName))).toBe(exp.sha256);
    const one = await call(t.app, getSftpDestination, { ...P({ sftpId: id }), ...as() });
    expect(Date.parse(one.json.nextRunAt)).toBeGreaterThan(Date.now());
    expect(one.json.nextRunAt).toMatch(/T03:00:00.000Z$/);
  });
});

describe('disconnecting (H-023)', () => {
  it('stops the schedule, erases the credentials, cancels queued transfers; kept with its log; no more sending', async () => {
    const id = await save(keyDestination({ scheduleKind: 'WEEKLY', scheduleDay: 1, scheduleTime: '06:00' }));
    await makeExport(1024);
    const queued = await call(t.app, startSftpTransfer, { ...P({ sftpId: id }), body: {}, ...as() });
    const r = await call(t.app, disconnectSftpDestination, { ...P({ sftpId: id }), ...as() });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'DISCONNECTED', hasPrivateKey: false, nextRunAt: null });
    const row = await t.db.selectFrom('sftp_destinations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.secret_sealed).toBeNull();
    const log = await call(t.app, listSftpTransfers, { ...P({ sftpId: id }), query: {}, ...as() });
    expect(log.json.items[0]).toMatchObject({
      id: queued.json.id,
      status: 'FAILED',
      error: 'Cancelled: the destination was disconnected.',
    });
    expect((await call(t.app, listSftpDestinations, { ...P(), ...as() })).json.items[0].status).toBe('DISCONNECTED');
    for (const refused of [
      await call(t.app, startSftpTransfer, { ...P({ sftpId: id }), body: {}, ...as() }),
      await call(t.app, testSftpDestination, { ...P({ sftpId: id }), ...as() }),
      await call(t.app, updateSftpDestination, { ...P({ sftpId: id }), body: keyDestination(), ...as() }),
    ]) {
      expect(refused.status).toBe(409);
      expect(refused.json.message).toBe(
        'This SFTP destination is disconnected. Add a new destination to send files again.',
      );
    }
    expect(await auditActions(t.db, id)).toEqual(['sftp.destination.create', 'sftp.destination.disconnect']);
    expect(await auditActions(t.db, queued.json.id)).toEqual(['sftp.transfer.request', 'sftp.transfer.failed']);
  });
});

describe('who may see and change destinations', () => {
  it('a role without exports.run is refused (403), as is a study the person is not on', async () => {
    const id = await save(passwordDestination());
    expect((await call(t.app, listSftpDestinations, { ...P(), ...as('crc.demo') })).status).toBe(403);
    expect((await call(t.app, getSftpDestination, { ...P({ sftpId: id }), ...as('crc.demo') })).status).toBe(403);
    expect(
      (await call(t.app, createSftpDestination, { ...P(), body: passwordDestination(), ...as('crc.demo') })).status,
    ).toBe(403);
    expect((await call(t.app, listSftpDestinations, { ...P({}, cardio), ...as() })).status).toBe(403);
  });

  it("another study's path does not reach a destination (404), nor does the other data space", async () => {
    const id = await save(passwordDestination());
    const viaSleep = await call(t.app, getSftpDestination, { ...P({ sftpId: id }, sleep), ...as() });
    expect(viaSleep.status).toBe(404);
    expect(viaSleep.json.message).toBe('This SFTP destination does not exist.');
    const clientId = (
      await t.db.selectFrom('studies').select('client_id').where('id', '=', demo).executeTakeFirstOrThrow()
    ).client_id;
    await upsertFlag(t.db, clientId, FEATURE_FLAGS.testPortal, true, null);
    const inTest = await call(t.app, listSftpDestinations, { ...P(), ...as(), headers: { env: 'test' } });
    expect(inTest.status).toBe(200);
    expect(inTest.json.items).toEqual([]);
    const testId = await save(passwordDestination({ name: 'Test drop' }), { env: 'test' });
    const live = await call(t.app, listSftpDestinations, { ...P(), ...as() });
    expect(live.json.items.map((d: { id: string }) => d.id)).toEqual([id]);
    expect((await call(t.app, getSftpDestination, { ...P({ sftpId: testId }), ...as() })).status).toBe(404);
  });
});
