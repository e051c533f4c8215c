import {
  type CanActivate,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { AccountMessages } from '../domain/account-errors';

export type RateLimitedAction = 'login' | 'register' | 'passwordRecovery';

/**
 * A sliding window per action and client IP, kept in memory: it slows down guessing from one address. Several API
 * instances each count their own share, which only makes the limit looser, never wrong.
 */
@Injectable()
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Records the attempt; answers the seconds to wait when it is over the limit, or 0. */
  attempt(action: RateLimitedAction, clientIp: string): number {
    const limit = this.config.rateLimits[action];
    if (limit === 0) return 0;
    const windowMs = this.config.rateLimits.windowSeconds * 1000;
    const now = this.clock.now().getTime();
    const key = `${action}:${clientIp}`;
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - windowMs);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      return Math.max(1, Math.ceil((recent[0] + windowMs - now) / 1000));
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.forgetIdle(now - windowMs);
    return 0;
  }

  private forgetIdle(before: number): void {
    for (const [key, times] of this.hits) if (times[times.length - 1] <= before) this.hits.delete(key);
  }
}

const RATE_LIMITED = 'lorawatch:rate-limited';

/** Marks a route counted against its action's limit. */
export const RateLimited = (action: RateLimitedAction) => SetMetadata(RATE_LIMITED, action);

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const action = this.reflector.get<RateLimitedAction | undefined>(RATE_LIMITED, context.getHandler());
    if (!action) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request & { user?: unknown }>();
    // An administrator creating users is not the anonymous traffic this protects against.
    if (action === 'register' && request.user) return true;
    const wait = this.limiter.attempt(action, request.ip ?? request.socket.remoteAddress ?? 'unknown');
    if (wait === 0) return true;
    http.getResponse<Response>().setHeader('Retry-After', String(wait));
    throw new HttpException(
      { error: AccountMessages.tooManyRequests, message: AccountMessages.tooManyRequests },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
