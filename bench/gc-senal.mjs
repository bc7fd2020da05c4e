import { isMainThread } from 'node:worker_threads';

/**
 * Preloaded into the server of bench:soak only (`node --expose-gc --import ./bench/gc-senal.mjs`):
 * SIGUSR2 runs a full garbage collection, so the soak compares resident memory after a
 * collection, not whatever garbage happened to be waiting. Plain JavaScript: worker threads (the
 * Excel writer) inherit the flags but not tsx's loader.
 */
if (isMainThread) {
  if (!globalThis.gc) throw new Error('bench/gc-senal.mjs needs node --expose-gc');
  process.on('SIGUSR2', () => {
    globalThis.gc();
    // A second pass frees what the first one's finalizers released.
    setTimeout(() => globalThis.gc(), 200);
  });
}
