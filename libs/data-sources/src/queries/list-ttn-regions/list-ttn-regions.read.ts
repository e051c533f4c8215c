import { TTN_REGIONS } from '../../domain/ttn-regions';

/** The TTN v3 clusters a data source can read from (docs/api.md §4). */
export function listTtnRegions() {
  return TTN_REGIONS;
}
