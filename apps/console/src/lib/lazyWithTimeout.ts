import type { ComponentType } from 'react';

/** A script chunk that has not arrived after this long counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A lazy page whose chunk did not arrive in time (the route's error element offers a reload). */
export class ChunkTimeoutError extends Error {
  override name = 'ChunkTimeoutError';
}

/** `load()`, rejected with ChunkTimeoutError if it has not settled after `ms`. */
export function withTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError(`chunk not loaded after ${ms} ms`)), ms);
    load().then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** A router `lazy` for a module whose default export is the page; hangs end after `ms`. */
export const lazyPage =
  (load: () => Promise<{ default: ComponentType }>, ms = CHUNK_TIMEOUT_MS) =>
  async () => ({ Component: (await withTimeout(load, ms)).default });
