/**
 * Where stored files' bytes live (decision 0033): put, get, delete and stream by file id. Two backends
 * behind one interface — a directory under the data directory (the embedded default) and S3-compatible
 * object storage (production). The metadata row (stored_files) is the repository's; this holds bytes only.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppConfig, FileStorageConfig } from '../../config';

export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStore {
  readonly backend: FileStorageConfig['backend'];
  put(fileId: string, data: Uint8Array, contentType: string): Promise<void>;
  /** Stores a file made on this machine (an export, a converted video) without reading it into memory. */
  putLocalFile(fileId: string, localPath: string, byteSize: number, contentType: string): Promise<void>;
  /** The bytes, or null when no file has this id. */
  get(fileId: string): Promise<Buffer | null>;
  /** A stream of the bytes (or of bytes `start`…`end` inclusive: a player's range), or null when no file has this id. */
  stream(fileId: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the bytes; a missing file is not an error. */
  delete(fileId: string): Promise<void>;
}

/** File ids are UUIDs; anything else never reaches a path or an object key. */
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function checkId(fileId: string): string {
  if (!FILE_ID.test(fileId)) throw new Error(`Not a file id: ${JSON.stringify(fileId)}`);
  return fileId.toLowerCase();
}

const isMissing = (e: unknown) => (e as { code?: string }).code === 'ENOENT';

/** Files under `dir/<first two characters of the id>/<id>`; written to a temporary name, then renamed. */
export function directoryStore(dir: string): FileStore {
  const fileOf = (fileId: string) => {
    const id = checkId(fileId);
    return path.join(dir, id.slice(0, 2), id);
  };
  return {
    backend: 'directory',
    async put(fileId, data) {
      const file = fileOf(fileId);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.part`;
      await writeFile(temp, data);
      await rename(temp, file);
    },
    async putLocalFile(fileId, localPath) {
      const file = fileOf(fileId);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.part`;
      await copyFile(localPath, temp);
      await rename(temp, file);
    },
    async get(fileId) {
      try {
        return await readFile(fileOf(fileId));
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async stream(fileId, range) {
      const file = fileOf(fileId);
      const stream = createReadStream(file, range ? { start: range.start, end: range.end } : undefined);
      return new Promise((resolve, reject) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', (e) => (isMissing(e) ? resolve(null) : reject(e)));
      });
    },
    async delete(fileId) {
      await rm(fileOf(fileId), { force: true });
    },
  };
}

type S3Config = Extract<FileStorageConfig, { backend: 's3' }>;

const notFound = (e: unknown) =>
  e instanceof NoSuchKey || (e instanceof S3ServiceException && e.$metadata.httpStatusCode === 404);

/** Objects `files/<id>` in one bucket of an S3-compatible service (path-style addresses: MinIO, Ceph, …). */
export function s3Store(config: S3Config): FileStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's default
    // aws-chunked CRC uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const Bucket = config.bucket;
  const keyOf = (fileId: string) => `files/${checkId(fileId)}`;
  const open = async (fileId: string, range?: ByteRange): Promise<Readable | null> => {
    try {
      const out = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: keyOf(fileId),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return out.Body as Readable;
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  };
  return {
    backend: 's3',
    async put(fileId, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(fileId),
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
        }),
      );
    },
    async putLocalFile(fileId, localPath, byteSize, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(fileId),
          Body: createReadStream(localPath),
          ContentType: contentType,
          ContentLength: byteSize,
        }),
      );
    },
    async get(fileId) {
      const body = await open(fileId);
      if (!body) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    stream: open,
    async delete(fileId) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(fileId) }));
    },
  };
}

const stores = new WeakMap<FileStorageConfig, FileStore>();

/** The configuration's file store (one per configuration, made on first use). */
export function fileStoreFor(config: Pick<AppConfig, 'files'>): FileStore {
  let store = stores.get(config.files);
  if (!store) {
    store = config.files.backend === 's3' ? s3Store(config.files) : directoryStore(config.files.dir);
    stores.set(config.files, store);
  }
  return store;
}
