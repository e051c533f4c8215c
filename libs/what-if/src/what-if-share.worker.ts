import { parentPort, workerData } from 'node:worker_threads';
import { Logger } from '@nestjs/common';
import { openLiveReadOnly } from './live-log-reader';
import { replayShare, type ShareMessage, type WhatIfShare } from './what-if-run';

/**
 * A thread of a what-if run replaying some of its data sources (replayShares in what-if-run.ts): started with its
 * share in workerData, it posts the outcome, or why it failed, once.
 */
async function main(port: NonNullable<typeof parentPort>, share: WhatIfShare): Promise<void> {
  Logger.overrideLogger(false);
  let message: ShareMessage;
  const live = openLiveReadOnly(share.databaseFile);
  try {
    message = { outcome: await replayShare(share, live) };
  } catch (error) {
    message = { failure: error instanceof Error ? error.message : String(error) };
  } finally {
    live.close();
  }
  port.postMessage(message);
}

const data = workerData as { share?: WhatIfShare } | null;
if (parentPort !== null && data?.share !== undefined) void main(parentPort, data.share);
