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
