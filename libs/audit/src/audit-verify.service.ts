import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import type { ChainVerification } from '@lorawatch/event-store/chain/event-chain';
import { verifyLinkedChain } from '@lorawatch/event-store/chain/event-chainer';
import { ENGINES } from '@lorawatch/engines/engines.module';
import type { Engines } from '@lorawatch/engines/open-engines';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { ChainVerifyPool } from './chain-verify-pool';

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

/** The record could not be walked at all (the event store is on a server, or the store has no chain). */
export class AuditUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuditUnavailable';
  }
}

/**
 * Walks the event store's chain in a worker thread. Requests that arrive while a walk runs share it instead of
 * starting another.
 */
@Injectable()
export class AuditVerifyService implements OnModuleDestroy {
  private readonly pool = new ChainVerifyPool();
  private running: Promise<AuditVerifyAnswer> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ENGINES) private readonly engines: Pick<Engines, 'chain'>,
  ) {}

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
    const chain = this.engines.chain;
    if (chain) {
      // The links a chainer wrote after the fact, checked against `$all` page by page: the walk awaits the server
      // between pages, so the event loop stays free.
      const verification = await verifyLinkedChain(chain.store, chain.links);
      return toAnswer(verification, this.clock.now().toISOString());
    }
    if (this.config.engines.eventStore)
      throw new AuditUnavailable(
        'The event store runs on a server this process cannot walk (docs/architecture.md, "Tamper evidence").',
      );
    const outcome = await this.pool.verify({ databaseFile: this.config.databaseFile });
    if ('failure' in outcome) throw new AuditUnavailable(outcome.failure);
    return toAnswer(outcome.verification, this.clock.now().toISOString());
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
