import { catchError, concat, map, of, switchMap, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import { searchAssets } from '../api/inventory-api';
import type { SearchItem } from '../types/inventory';
import { debounceLeading } from './debounce-leading';

export const SEARCH_DEBOUNCE_MS = 2_000;

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; devices: SearchItem[]; gateways: SearchItem[] }
  | { status: 'error' };

/** Typed text → search results; blank text clears at once, other text is debounced (leading edge). */
export function createAssetSearch$(
  api: ApiClient,
  text$: Observable<string>,
  debounceMs = SEARCH_DEBOUNCE_MS,
): Observable<SearchState> {
  return text$.pipe(
    map((text) => text.trim()),
    debounceLeading(debounceMs),
    switchMap((text) => {
      if (text === '') return of<SearchState>({ status: 'idle' });
      return concat(
        of<SearchState>({ status: 'loading' }),
        searchAssets(api, text).pipe(
          map((answer): SearchState => ({
            status: 'ready',
            devices: answer.devices?.items ?? [],
            gateways: answer.gateways?.items ?? [],
          })),
          catchError(() => of<SearchState>({ status: 'error' })),
        ),
      );
    }),
  );
}
