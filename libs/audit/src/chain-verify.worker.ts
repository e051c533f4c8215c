import { verifySqliteChainFile } from '@lorawatch/event-store/embedded/sqlite-chain-verifier';
import type { ChainVerifyOutcome, ChainVerifyTask } from './chain-verify-pool';

/** The task a pool thread runs: one walk of the embedded store's chain, described and answered with plain data. */
export default function verifyChain(task: ChainVerifyTask): ChainVerifyOutcome {
  if (task.kind !== 'embedded')
    return {
      failure: 'This thread walks the embedded store; a KurrentDB walk runs in kurrent-chain-verify.worker',
    };
  try {
    return { verification: verifySqliteChainFile(task.databaseFile) };
  } catch (error) {
    return { failure: error instanceof Error ? error.message : String(error) };
  }
}
