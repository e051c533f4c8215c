import { type ExecutionContext, HttpException, HttpStatus, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  normalizeIp,
} from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { AppConfig } from '@lorawatch/config/app-config';
import { AccountMessages } from '../domain/account-errors';

export type RateLimitedAction = 'login' | 'register' | 'passwordRecovery';

const RATE_LIMITED = 'lorawatch:rate-limited';

/** Marks a route counted against its action's limit (with `@UseGuards(RateLimitGuard)`). */
export const RateLimited = (action: RateLimitedAction) => SetMetadata(RATE_LIMITED, action);

/** IPv6 clients usually hold a whole /64: one bucket for all of it. */
const IPV6_PREFIX = 64;

/**
 * The bucket of a client address: IPv4 as is, IPv4-mapped IPv6 as its IPv4 address, other IPv6 by its /64. The
 * address is Express' `request.ip`, which follows X-Forwarded-For only as far as TRUST_PROXY allows.
 */
export function addressKey(ip: string | undefined): string {
  return `address:${ip ? normalizeIp(ip, IPV6_PREFIX) : 'unknown'}`;
}

/** The account a request is about: the signed-in user, else the name its body gives (login, sign-up, recovery). */
export function accountKey(request: { ip?: string; body?: unknown; user?: unknown }): string {
  const user = request.user as { userId?: unknown } | null | undefined;
  if (typeof user?.userId === 'number') return `user:${user.userId}`;
  const body: unknown = request.body;
  if (typeof body === 'object' && body !== null) {
    const named = body as { username?: unknown; email?: unknown };
    const name = typeof named.username === 'string' ? named.username : named.email;
    if (typeof name === 'string' && name.trim() !== '') return `account:${name.trim().toLowerCase()}`;
  }
  // Nothing names an account: the request counts twice against its address, which changes nothing.
  return addressKey(request.ip);
}

const reflector = new Reflector();
const actionOf = (context: ExecutionContext): RateLimitedAction | undefined =>
  reflector.get<RateLimitedAction | undefined>(RATE_LIMITED, context.getHandler());

/**
 * @nestjs/throttler's settings: a sliding window of RATE_LIMIT_WINDOW_SECONDS per action, counted twice: per client
 * address and per account, so that neither many accounts from one address nor one account from many addresses
 * escape the limit. Buckets are kept in memory: several API instances each count their own share, which only makes
 * the limit looser, never wrong.
 */
export function rateLimitOptions(config: AppConfig): ThrottlerModuleOptions {
  const limitOf = (context: ExecutionContext): number => {
    const action = actionOf(context);
    return action ? config.rateLimits[action] : 0;
  };
  const common = { ttl: config.rateLimits.windowSeconds * 1000, limit: limitOf, blockDuration: 0 };
  return {
    throttlers: [
      { ...common, name: 'address', getTracker: (request) => addressKey((request as Request).ip) },
      { ...common, name: 'account', getTracker: (request) => accountKey(request as Request) },
    ],
    setHeaders: false,
    ipv6SubnetPrefix: IPV6_PREFIX,
    skipIf: (context) => {
      if (limitOf(context) === 0) return true;
      // An administrator creating users is not the anonymous traffic this protects against.
      const request = context.switchToHttp().getRequest<Request & { user?: unknown }>();
      return actionOf(context) === 'register' && Boolean(request.user);
    },
  };
}

/** Counts the routes marked @RateLimited(); past the limit, 429 with the contract's message and Retry-After. */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const wait = Math.max(1, detail.timeToBlockExpire);
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(wait));
    throw new HttpException(
      { error: AccountMessages.tooManyRequests, message: AccountMessages.tooManyRequests },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
