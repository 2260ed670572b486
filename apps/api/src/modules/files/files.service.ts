/**
 * The file storage every area uses (decision 0033): store a file (its bytes in the file store, its
 * metadata row and the audit entry in the caller's transaction), read it back, delete it. Access is the
 * calling area's business: it checks who may touch the study or the document before it asks here.
 *
 * The bytes are written before the row: a transaction that rolls back leaves bytes no row names
 * (invisible, never served). A deleted file's row is marked and its bytes kept, so what an audit entry
 * named can still be shown to an inspector.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import {
  findStoredFile,
  insertStoredFile,
  listStudyFiles,
  markStoredFileDeleted,
  type StoredFileRow,
} from './files.repository';
import { type ByteRange, fileStoreFor } from './files.store';

/** What a stored file is for. */
export const FILE_KINDS = ['logo', 'icon', 'document', 'disclaimer', 'irb', 'consent', 'export', 'video'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export interface StoredFile {
  id: string;
  clientId: string;
  studyId: string | null;
  kind: string;
  contentType: string;
  byteSize: number;
  sha256: string;
  fileName: string | null;
  createdBy: string | null;
  createdAt: string;
}

export function toStoredFile(row: StoredFileRow): StoredFile {
  return {
    id: row.id,
    clientId: row.client_id,
    studyId: row.study_id,
    kind: row.kind,
    contentType: row.content_type,
    byteSize: row.byte_size,
    sha256: row.sha256,
    fileName: row.file_name,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  };
}

export interface StoreFileInput {
  clientId: string;
  studyId: string | null;
  kind: FileKind;
  contentType: string;
  data: Uint8Array;
  fileName?: string | null;
}

/** The metadata audited for a file (never its bytes). */
const auditView = (f: StoredFile) => ({
  studyId: f.studyId,
  kind: f.kind,
  contentType: f.contentType,
  byteSize: f.byteSize,
  sha256: f.sha256,
  fileName: f.fileName,
});

/**
 * Store a file: bytes, metadata row, audit entry (`file.store`). For uploads and for files the server
 * makes itself (an IRB PDF, an export): `storeFile(ctx, { clientId, studyId, kind: 'irb', contentType:
 * 'application/pdf', data, fileName })`. Call it inside a write (the row and entry join its transaction).
 */
export async function storeFile(ctx: ServiceCtx, input: StoreFileInput): Promise<StoredFile> {
  const id = randomUUID();
  const sha256 = createHash('sha256').update(input.data).digest('hex');
  await fileStoreFor(ctx.config).put(id, input.data, input.contentType);
  const actor = ctx.actor?.type === 'staff' ? ctx.actor.userId : null;
  const row = await insertStoredFile(ctx.db, {
    id,
    client_id: input.clientId,
    study_id: input.studyId,
    kind: input.kind,
    content_type: input.contentType,
    byte_size: input.data.length,
    sha256,
    file_name: input.fileName ?? null,
    created_by: actor,
  });
  const file = toStoredFile(row);
  ctx.audit({ action: 'file.store', entityType: 'stored_file', entityId: id, after: auditView(file) });
  return file;
}

/**
 * Store a file the server made on this machine (an export): its bytes copied from `localPath` without reading them
 * into memory, its row and audit entry in the caller's transaction, as storeFile.
 */
export async function storeLocalFile(
  ctx: ServiceCtx,
  input: Omit<StoreFileInput, 'data'> & { localPath: string; byteSize: number; sha256: string },
): Promise<StoredFile> {
  const id = randomUUID();
  await fileStoreFor(ctx.config).putLocalFile(id, input.localPath, input.byteSize, input.contentType);
  const actor = ctx.actor?.type === 'staff' ? ctx.actor.userId : null;
  const row = await insertStoredFile(ctx.db, {
    id,
    client_id: input.clientId,
    study_id: input.studyId,
    kind: input.kind,
    content_type: input.contentType,
    byte_size: input.byteSize,
    sha256: input.sha256,
    file_name: input.fileName ?? null,
    created_by: actor,
  });
  const file = toStoredFile(row);
  ctx.audit({ action: 'file.store', entityType: 'stored_file', entityId: id, after: auditView(file) });
  return file;
}

/** A stored file's metadata (not deleted), or null. */
export async function storedFile(ctx: Pick<ServiceCtx, 'db'>, fileId: string): Promise<StoredFile | null> {
  const row = await findStoredFile(ctx.db, fileId);
  return row ? toStoredFile(row) : null;
}

/** A stored file with its bytes, or null when it does not exist or was deleted. */
export async function readStoredFile(
  ctx: Pick<ServiceCtx, 'db' | 'config'>,
  fileId: string,
): Promise<{ file: StoredFile; data: Buffer } | null> {
  const file = await storedFile(ctx, fileId);
  if (!file) return null;
  const data = await fileStoreFor(ctx.config).get(file.id);
  return data ? { file, data } : null;
}

/** A stored file with a stream of its bytes (large documents), or null. */
export async function streamStoredFile(
  ctx: Pick<ServiceCtx, 'db' | 'config'>,
  fileId: string,
  range?: ByteRange,
): Promise<{ file: StoredFile; stream: Readable } | null> {
  const file = await storedFile(ctx, fileId);
  if (!file) return null;
  const stream = await fileStoreFor(ctx.config).stream(file.id, range);
  return stream ? { file, stream } : null;
}

/** Mark a file deleted (audited `file.delete`); it is no longer served. False when it was not there. */
export async function deleteStoredFile(ctx: ServiceCtx, fileId: string): Promise<boolean> {
  const row = await markStoredFileDeleted(ctx.db, fileId);
  if (!row) return false;
  ctx.audit({
    action: 'file.delete',
    entityType: 'stored_file',
    entityId: fileId,
    before: auditView(toStoredFile(row)),
  });
  return true;
}

/** An upload checked against its claimed type (bytes sniffed, SVG cleaned) and the headers a stored file is served with. */
export { checkedUpload, fileHeaders } from './file-content';

/** The study's stored files of these kinds, newest first (the branding logos list). */
export async function studyFiles(ctx: DbCtx, studyId: string, kinds: readonly string[]): Promise<StoredFile[]> {
  return (await listStudyFiles(ctx.db, studyId, kinds)).map(toStoredFile);
}
