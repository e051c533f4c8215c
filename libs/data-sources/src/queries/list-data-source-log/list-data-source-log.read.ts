import { USERS, type UserView } from '@lorawatch/domain/user.view';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { PageQuery } from '@lorawatch/platform/query-params';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { DATA_SOURCE_LOG, type DataSourceLogEntry } from '../../projection/data-source-log.projection';
import { ownDataSourceView } from '../shared/own-data-source';

/**
 * One page of what happened to one of the organisation's data sources, newest first, with who did it, and the
 * total count of entries (docs/api.md §4).
 */
export async function listDataSourceLog(store: ReadStore, caller: AuthUser, id: number, query: PageQuery) {
  await ownDataSourceView(store, caller.organizationId, id);
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const log = store.collection<DataSourceLogEntry>(DATA_SOURCE_LOG);
  const [entries, total] = await Promise.all([
    log.find({ dataSourceId: id }, { sort: [['position', 'desc']], skip: (page - 1) * size, limit: size }),
    log.count({ dataSourceId: id }),
  ]);
  const users = store.collection<UserView>(USERS);
  const items = await Promise.all(
    entries.map(async (entry) => {
      const actor = entry.userId === null ? null : await users.get(String(entry.userId));
      return {
        id: entry.position,
        createdAt: entry.createdAt,
        parameters: entry.parameters,
        dataCollectorId: entry.dataSourceId,
        type: entry.type,
        user: actor ? { id: actor.userId, username: actor.username, full_name: actor.fullName } : null,
        userId: entry.userId,
      };
    }),
  );
  return { items, total, size };
}
