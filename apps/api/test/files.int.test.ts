/**
 * File storage (decision 0033): the same tests against both backends — a directory (the embedded
 * default) and a real S3-compatible server (s3rver on a loopback port). Bytes by file id, the metadata
 * row with its SHA-256, the audit entry in the caller's transaction, deletion, and the configuration.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileStorageConfig, fileStorageConfig } from '../src/config';
import { runWrite, type Scope } from '../src/kernel/context';
import { fileStoreFor } from '../src/modules/files/files.store';
import { deleteStoredFile, readStoredFile, storeFile, streamStoredFile } from '../src/modules/files/files.service';
import { auditActions, createTestApp, idOf, type TestApp } from './helpers';
import { startTestS3, type TestS3 } from './support/s3-server';

let s3: TestS3;
let dir: string;
beforeAll(async () => {
  s3 = await startTestS3();
  dir = await mkdtemp(path.join(tmpdir(), 'files-test-'));
});
afterAll(async () => {
  await s3?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const scope: Scope = { actor: null, env: 'LIVE', request: { ip: null, userAgent: null, language: 'en' } };

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

describe.each(['directory', 's3'] as const)('file storage on the %s backend', (backend) => {
  let t: TestApp;
  let files: FileStorageConfig;
  let client: string;
  let demo: string;
  beforeAll(async () => {
    files = backend === 's3' ? s3.config : { backend: 'directory', dir };
    t = await createTestApp({ files });
    demo = await idOf(t.db, 'studies', { code: 'DEMO' });
    client = (await t.db.selectFrom('studies').select('client_id').where('id', '=', demo).executeTakeFirstOrThrow())
      .client_id;
  });
  afterAll(() => t?.close());

  it('put, get, stream and delete by file id; a missing file is null, not an error', async () => {
    const store = fileStoreFor(t.config);
    expect(store.backend).toBe(backend);
    const id = randomUUID();
    const data = Buffer.from(`hello ${backend} ${'x'.repeat(70_000)}`);
    await store.put(id, data, 'text/plain');
    expect(await store.get(id)).toEqual(data);
    expect(await readAll((await store.stream(id))!)).toEqual(data);
    await store.delete(id);
    expect(await store.get(id)).toBeNull();
    expect(await store.stream(id)).toBeNull();
    expect(await store.get(randomUUID())).toBeNull();
    await store.delete(randomUUID());
  });

  it('refuses anything but a file id as a name (no path or key can be smuggled in)', async () => {
    const store = fileStoreFor(t.config);
    await expect(store.put('../../etc/passwd', PNG, 'image/png')).rejects.toThrow(/Not a file id/);
    await expect(store.get('a/b')).rejects.toThrow(/Not a file id/);
  });

  it('storeFile keeps the bytes, a metadata row with size and SHA-256, and a file.store audit entry', async () => {
    const file = await runWrite(
      t.platform,
      scope,
      (ctx) =>
        storeFile(ctx, {
          clientId: client,
          studyId: demo,
          kind: 'irb',
          contentType: 'image/png',
          data: PNG,
          fileName: 'a.png',
        }),
      { requireAudit: true, label: 'test' },
    );
    expect(file).toMatchObject({
      clientId: client,
      studyId: demo,
      kind: 'irb',
      contentType: 'image/png',
      byteSize: PNG.length,
      sha256: createHash('sha256').update(PNG).digest('hex'),
      fileName: 'a.png',
    });
    const row = await t.db.selectFrom('stored_files').selectAll().where('id', '=', file.id).executeTakeFirstOrThrow();
    expect(row.sha256).toBe(file.sha256);
    expect(await auditActions(t.db, file.id)).toEqual(['file.store']);
    const read = await readStoredFile(t.platform, file.id);
    expect(read?.data).toEqual(PNG);
    expect(await readAll((await streamStoredFile(t.platform, file.id))!.stream)).toEqual(PNG);
  });

  it('a deleted file is no longer served, is audited, and its bytes stay for the audit trail', async () => {
    const file = await runWrite(
      t.platform,
      scope,
      (ctx) =>
        storeFile(ctx, { clientId: client, studyId: demo, kind: 'document', contentType: 'image/png', data: PNG }),
      { requireAudit: true, label: 'test' },
    );
    const deleted = await runWrite(t.platform, scope, (ctx) => deleteStoredFile(ctx, file.id), {
      requireAudit: false,
      label: 'test',
    });
    expect(deleted).toBe(true);
    expect(await readStoredFile(t.platform, file.id)).toBeNull();
    expect(await auditActions(t.db, file.id)).toEqual(['file.store', 'file.delete']);
    expect(await fileStoreFor(t.config).get(file.id)).toEqual(PNG);
    expect(
      await runWrite(t.platform, scope, (ctx) => deleteStoredFile(ctx, file.id), {
        requireAudit: false,
        label: 'test',
      }),
    ).toBe(false);
  });

  it('a write that fails after storing leaves no row (the bytes are never served)', async () => {
    let id = '';
    await expect(
      runWrite(
        t.platform,
        scope,
        async (ctx) => {
          id = (
            await storeFile(ctx, {
              clientId: client,
              studyId: demo,
              kind: 'document',
              contentType: 'image/png',
              data: PNG,
            })
          ).id;
          throw new Error('boom');
        },
        { requireAudit: true, label: 'test' },
      ),
    ).rejects.toThrow('boom');
    expect(await t.db.selectFrom('stored_files').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await readStoredFile(t.platform, id)).toBeNull();
  });
});

describe('file storage configuration', () => {
  const s3env = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'b',
    S3_ACCESS_KEY_ID: 'k',
    S3_SECRET_ACCESS_KEY: 's',
    S3_REGION: 'eu-west-1',
  };
  it('a directory under the data directory by default; S3 when every S3_ variable is set', () => {
    expect(fileStorageConfig({}, '/srv/data')).toEqual({ backend: 'directory', dir: '/srv/data/files' });
    expect(fileStorageConfig(s3env, '/srv/data')).toEqual({
      backend: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'b',
      accessKeyId: 'k',
      secretAccessKey: 's',
      region: 'eu-west-1',
    });
  });
  it('refuses to start with only some of the S3_ variables', () => {
    expect(() => fileStorageConfig({ ...s3env, S3_BUCKET: '' }, '/srv/data')).toThrow(/S3_BUCKET/);
  });
});
