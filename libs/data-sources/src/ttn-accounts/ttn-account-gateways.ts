import { Injectable } from '@nestjs/common';
import type { TtnV2Gateway } from '@lorawatch/ingest';

const KEEP_MS = 60 * 60_000;

/**
 * The gateways of the TTN v2 account each admin last signed in with, kept for an hour so that the data source can be
 * created from one of them (docs/api.md §4).
 */
@Injectable()
export class TtnAccountGateways {
  private readonly gatewaysByUser = new Map<number, { gateways: TtnV2Gateway[]; at: number }>();

  keep(userId: number, gateways: TtnV2Gateway[]): void {
    this.gatewaysByUser.set(userId, { gateways, at: Date.now() });
  }

  /** undefined: none kept for this user, or kept more than an hour ago. */
  of(userId: number): TtnV2Gateway[] | undefined {
    const kept = this.gatewaysByUser.get(userId);
    if (!kept || Date.now() - kept.at > KEEP_MS) return undefined;
    return kept.gateways;
  }
}
