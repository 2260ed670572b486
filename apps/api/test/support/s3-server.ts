/** A real S3-compatible server (s3rver) on a free loopback port, for the file store's S3 backend tests. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import type { FileStorageConfig } from '../../src/config';

export interface TestS3 {
  config: Extract<FileStorageConfig, { backend: 's3' }>;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'trialpath-test'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    config: {
      backend: 's3',
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      // s3rver's fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
