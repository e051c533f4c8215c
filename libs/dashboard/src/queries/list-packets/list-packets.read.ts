import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { timeWindow } from '@lorawatch/alerts';
import type { Filter, ReadStore } from '@lorawatch/read-store/read-store.port';
import { RECENT_PACKETS, type RecentPacket } from '../../traffic/recent-packets';
import { offsetPaging } from '../traffic-query';
import { packetJson } from '../traffic-json';
import type { ListPacketsQuery } from './list-packets.query';

/**
 * The organisation's recent packets, newest first, one 0-based page, read from the recent-packets ring (docs/api.md
 * §5).
 */
export async function listPackets(store: ReadStore, caller: AuthUser, query: ListPacketsQuery) {
  const window = timeWindow(query.date, 'date');
  const filter: Filter = { organizationId: caller.organizationId };
  if (window.gte !== undefined || window.lte !== undefined) {
    filter.date = {
      ...(window.gte !== undefined ? { $gte: window.gte } : {}),
      ...(window.lte !== undefined ? { $lte: window.lte } : {}),
    };
  }
  const packets = await store.collection<RecentPacket>(RECENT_PACKETS).find(filter, {
    sort: [
      ['date', 'desc'],
      ['sequence', 'desc'],
    ],
    ...offsetPaging(query),
  });
  return packets.map((recent) => packetJson(recent.packet));
}
