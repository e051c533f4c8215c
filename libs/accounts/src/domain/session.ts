import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Evolver } from '@lorawatch/platform/aggregate';
import { AccountEventTypes, type AccountEventPayloads } from './account.events';
import { recordedOf } from '@lorawatch/event-store/typed-events';

/** A refresh-token family: only its newest token may be used; presenting an older one revokes the family. */
export interface SessionState {
  userId: number | null;
  currentTokenId: string | null;
  revoked: boolean;
  /** When the sign-in happened: refresh tokens live REFRESH_TOKEN_SECONDS from here, however often they rotate. */
  startedAt: string | null;
}

export const sessionEvolver: Evolver<SessionState> = {
  initial: { userId: null, currentTokenId: null, revoked: false, startedAt: null },
  evolve(state: SessionState, recorded: RecordedEvent): SessionState {
    const event = recordedOf<AccountEventPayloads>(recorded);
    switch (event.type) {
      case AccountEventTypes.SessionStarted: {
        const data = event.data;
        return {
          userId: data.userId,
          currentTokenId: data.tokenId,
          revoked: false,
          startedAt: event.metadata.occurredAt,
        };
      }
      case AccountEventTypes.SessionRefreshed:
        return { ...state, currentTokenId: event.data.tokenId };
      case AccountEventTypes.SessionRevoked:
        return { ...state, revoked: true };
      default:
        return state;
    }
  },
};

export type RefreshDecision =
  { kind: 'rotate' } | { kind: 'revoked' } | { kind: 'reuse-detected' } | { kind: 'unknown' };

export function decideRefresh(state: SessionState, presentedTokenId: string): RefreshDecision {
  if (state.userId === null) return { kind: 'unknown' };
  if (state.revoked) return { kind: 'revoked' };
  if (state.currentTokenId !== presentedTokenId) return { kind: 'reuse-detected' };
  return { kind: 'rotate' };
}
