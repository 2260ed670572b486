import { CHUNK_LOAD_TIMEOUT_MS } from '@trialpath/domain';
import { type ComponentType, lazy } from 'react';

/** A route chunk that failed to load (timeout or missing file, 000 §8.2). */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('Chunk load failed');
    this.name = 'ChunkLoadError';
    this.cause = cause;
  }
}

/** Load `factory` within `timeoutMs`, or reject with ChunkLoadError. */
export function withChunkTimeout<T>(factory: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    factory().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      (e) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(e));
      },
    );
  });
}

/** React.lazy for a named export, with the chunk-loading timeout. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(factory: () => Promise<M>, name: K) {
  return lazy(() => withChunkTimeout(factory).then((m) => ({ default: m[name] as ComponentType })));
}
