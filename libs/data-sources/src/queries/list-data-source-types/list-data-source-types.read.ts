import { DATA_SOURCE_TYPES } from '../../domain/data-source-types';

/** The kinds of data source that can be created (docs/api.md §4). */
export function listDataSourceTypes() {
  return DATA_SOURCE_TYPES.map(({ id, type, name }) => ({ id, type, name }));
}
