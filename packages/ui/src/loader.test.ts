import { describe, expect, it } from 'vitest';
import { createLoaderStore } from './loader';

describe('loader store', () => {
  it('counts calls in flight and finishes when the last one ends', () => {
    const s = createLoaderStore();
    s.start();
    s.start();
    expect(s.getSnapshot()).toEqual({ pending: 2, progress: 'running' });
    s.end();
    expect(s.getSnapshot()).toEqual({ pending: 1, progress: 'running' });
    s.end();
    expect(s.getSnapshot()).toEqual({ pending: 0, progress: 'done' });
  });

  it('reports failed when any call of the batch failed', () => {
    const s = createLoaderStore();
    s.start();
    s.start();
    s.end(true);
    s.end(false);
    expect(s.getSnapshot().progress).toBe('failed');
    s.start();
    s.end();
    expect(s.getSnapshot().progress).toBe('done');
  });

  it('never goes below zero and notifies subscribers', () => {
    const s = createLoaderStore();
    let calls = 0;
    const off = s.subscribe(() => calls++);
    s.end();
    expect(s.getSnapshot().pending).toBe(0);
    off();
    s.start();
    expect(calls).toBe(1);
  });
});
