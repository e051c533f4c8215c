/** The Things Stack community cloud clusters (ids follow the original seed). */
export const TTN_REGIONS = [
  { id: 1, region: 'eu1', name: 'Europe 1 (eu1)' },
  { id: 2, region: 'nam1', name: 'North America 1 (nam1)' },
  { id: 3, region: 'au1', name: 'Australia 1 (au1)' },
];

export function ttnClusterUrl(regionId: number): string | null {
  const region = TTN_REGIONS.find((candidate) => candidate.id === regionId);
  return region ? `https://${region.region}.cloud.thethings.network` : null;
}

/** The base URL of a server given as a URL or a host, with its port: TTN v3 local servers, TTN v2 servers. */
export function serverBaseUrl(settings: { host: string; port: number | null; ssl: boolean }): string {
  const url = /^https?:\/\//.test(settings.host)
    ? new URL(settings.host)
    : new URL(`${settings.ssl ? 'https' : 'http'}://${settings.host}`);
  if (settings.port !== null) url.port = String(settings.port);
  return url.toString().replace(/\/$/, '');
}

/** The Events API base of a TTN v3 data source: its region's cluster, or the local server it names. */
export function ttnBaseUrl(settings: {
  host: string | null;
  port: number | null;
  ssl: boolean;
  regionId?: number | null;
}): string {
  if (settings.host === null) return ttnClusterUrl(settings.regionId ?? 0) ?? '';
  return serverBaseUrl({ host: settings.host, port: settings.port, ssl: settings.ssl });
}
