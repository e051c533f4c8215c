import type { ChainLogScope } from '@lorawatch/event-store/chain/chain-link-log';
import { verifyLinkedChain } from '@lorawatch/event-store/chain/event-chainer';
import { KurrentEventStore } from '@lorawatch/event-store/kurrent/kurrent-event-store';
import type { ChainVerifyOutcome, ChainVerifyTask } from './chain-verify-pool';

/** Opens the store a walk reads: in the thread, a connection of its own to the server, closed after the walk. */
export type OpenKurrentStore = (connectionString: string, scope: ChainLogScope) => KurrentEventStore;

const connect: OpenKurrentStore = (connectionString, { streamPrefix, streamBounds }) =>
  KurrentEventStore.connect(connectionString, { streamPrefix, streamBounds });

/**
 * One walk of a KurrentDB store's chain, described and answered with plain data: `$all` read page by page and
 * hashed against the links the chainer wrote. A file of its own, so that the embedded walk's thread never loads
 * the KurrentDB client.
 */
export async function verifyKurrentChain(
  task: ChainVerifyTask,
  open: OpenKurrentStore = connect,
): Promise<ChainVerifyOutcome> {
  if (task.kind !== 'kurrent') return { failure: 'This thread walks a KurrentDB store' };
  try {
    const store = open(task.connectionString, {
      streamPrefix: task.streamPrefix,
      streamBounds: task.streamBounds,
    });
    try {
      return { verification: await verifyLinkedChain(store, store.chainLinkLog()) };
    } finally {
      // The walk's answer stands even if the connection does not close cleanly.
      await store.close().catch(() => undefined);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    return { failure: `The chain on the KurrentDB server could not be walked: ${reason}` };
  }
}

/** The task a pool thread runs. */
export default function verifyChain(task: ChainVerifyTask): Promise<ChainVerifyOutcome> {
  return verifyKurrentChain(task);
}
