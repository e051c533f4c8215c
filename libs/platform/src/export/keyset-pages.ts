import type { Collection, Doc, Filter, Sort } from '@lorawatch/read-store/read-store.port';
import { seekKey, seekValues } from '@lorawatch/read-store/seek';

/** Rows read per query of an export: large enough to amortise a query, small enough to hold a few at once. */
export const EXPORT_CHUNK_SIZE = 500;

/**
 * Every document matching the filter, in the sort's order, one chunk at a time: each chunk is read past the key
 * of the last document of the chunk before (keyset paging), so a deep chunk costs the same as the first and no
 * more than one chunk is held. The id ends the key, so documents that tie on the sort are neither skipped nor
 * repeated. The next chunk is read only when the consumer asks for it.
 */
export async function* keysetPages<T extends Doc>(
  collection: Collection<T>,
  filter: Filter,
  sort: Sort,
  chunkSize = EXPORT_CHUNK_SIZE,
): AsyncGenerator<T[]> {
  const order = seekKey(sort);
  let after: ReturnType<typeof seekValues> | undefined;
  for (;;) {
    const chunk = await collection.find(filter, {
      sort: order,
      limit: chunkSize,
      ...(after ? { after } : {}),
    });
    if (chunk.length > 0) yield chunk;
    if (chunk.length < chunkSize) return;
    after = seekValues(chunk[chunk.length - 1], order);
  }
}

/** The rows of each chunk turned (and possibly filtered) by `map`, which may read more per chunk. */
export async function* mapChunks<T, R>(
  chunks: AsyncIterable<T[]>,
  map: (chunk: T[]) => Promise<R[]> | R[],
): AsyncGenerator<R[]> {
  for await (const chunk of chunks) {
    const rows = await map(chunk);
    if (rows.length > 0) yield rows;
  }
}
