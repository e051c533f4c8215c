import { useObservableState } from 'observable-hooks';
import { catchError, map, of, shareReplay, type Observable } from 'rxjs';
import type { ApiClient } from '../../lib/api';
import { useServices } from '../../lib/services-context';

interface ConsoleConfigJson {
  map_style_url?: string | null;
}

const styleUrls = new WeakMap<ApiClient, Observable<string | null>>();

/**
 * The deployment's map style (`GET console_config` → `map_style_url`), asked once per API client and shared by
 * every map. A failing call means "no tile server": the maps then use the local style rather than no map.
 */
export function mapStyleUrl$(api: ApiClient): Observable<string | null> {
  let styleUrl$ = styleUrls.get(api);
  if (!styleUrl$) {
    styleUrl$ = api.get<ConsoleConfigJson | null>('console_config', { bearer: null }).pipe(
      map((config) =>
        typeof config?.map_style_url === 'string' && config.map_style_url ? config.map_style_url : null,
      ),
      catchError(() => of(null)),
      shareReplay(1),
    );
    styleUrls.set(api, styleUrl$);
  }
  return styleUrl$;
}

/** `undefined` while the configuration is being read, then the style URL or null. */
export function useMapStyleUrl(): string | null | undefined {
  const { api } = useServices();
  return useObservableState(mapStyleUrl$(api), undefined);
}
