import { Inject, Injectable, Optional, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import type { ChainVerification } from '@lorawatch/event-store/chain/event-chain';
import { ENGINES } from '@lorawatch/engines/engines.module';
import type { Engines } from '@lorawatch/engines/open-engines';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import {
  ChainVerifyPool,
  chainVerifyWorkerFile,
  type ChainVerifyRunner,
  type ChainVerifyTask,
} from './chain-verify-pool';

/** What runs the walks (default: a ChainVerifyPool of one worker thread). */
export const CHAIN_VERIFY_RUNNER = Symbol('CHAIN_VERIFY_RUNNER');

/** The answer of `GET audit/verify`. */
export interface AuditVerifyAnswer {
  ok: boolean;
  /** The newest position whose hash matched (the store's head when ok). */
  head_position: number;
  head_hash: string;
  checked_at: string;
  first_bad_position?: number;
  /** Why the first bad position does not match. */
  problem?: string;
  /** Where the chain starts: events at or before `position` were recorded before it. */
  chain_start: { position: number; at: string; reason: 'new store' | 'migration' } | null;
  before_chain: number;
}

/** The record could not be walked at all (the store has no chain yet, its file or its server is not there). */
export class AuditUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuditUnavailable';
  }
}

/**
 * Walks the event store's chain in a worker thread, the embedded file's as a KurrentDB server's: the event loop
 * that answers the API only awaits the thread's answer. Requests that arrive while a walk runs share it instead of
 * starting another.
 */
@Injectable()
export class AuditVerifyService implements OnModuleDestroy {
  private running: Promise<AuditVerifyAnswer> | null = null;
  private readonly pool: ChainVerifyRunner;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ENGINES) private readonly engines: Pick<Engines, 'chain'>,
    @Optional() @Inject(CHAIN_VERIFY_RUNNER) runner?: ChainVerifyRunner,
  ) {
    this.pool =
      runner ??
      new ChainVerifyPool(chainVerifyWorkerFile(config.engines.eventStore ? 'kurrent' : 'embedded'));
  }

  verify(): Promise<AuditVerifyAnswer> {
    if (this.running) return this.running;
    const running = this.walk().finally(() => {
      this.running = null;
    });
    this.running = running;
    return running;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.close();
  }

  private async walk(): Promise<AuditVerifyAnswer> {
    const outcome = await this.pool.verify(this.task());
    if ('failure' in outcome) throw new AuditUnavailable(outcome.failure);
    return toAnswer(outcome.verification, this.clock.now().toISOString());
  }

  /**
   * On a KurrentDB server, the links a chainer wrote after the fact, checked against `$all` by the thread on a
   * connection of its own; otherwise the embedded file, hashed row by row.
   */
  private task(): ChainVerifyTask {
    const connectionString = this.config.engines.eventStore;
    if (!connectionString) return { kind: 'embedded', databaseFile: this.config.databaseFile };
    const scope = this.engines.chain?.links.scope;
    if (!scope)
      throw new AuditUnavailable(
        'The event store runs on a server whose chain this process cannot walk (docs/architecture.md, "Tamper evidence").',
      );
    return { kind: 'kurrent', connectionString, ...scope };
  }
}

export function toAnswer(verification: ChainVerification, checkedAt: string): AuditVerifyAnswer {
  const { genesis } = verification;
  return {
    ok: verification.ok,
    head_position: verification.headPosition,
    head_hash: verification.headHash,
    checked_at: checkedAt,
    ...(verification.ok
      ? {}
      : { first_bad_position: verification.firstBadPosition, problem: verification.reason }),
    chain_start: genesis
      ? { position: genesis.position, at: genesis.startedAt, reason: genesis.reason }
      : null,
    before_chain: verification.beforeChain,
  };
}
