import type { IngestContext } from '../ingest-outcome';

/**
 * The packet `ttn-v3/events-stream-gs-up-receive-2024.json` (its first `gs.up.receive`) parses to, as read from the
 * fixture by hand, for `toEqual`: the parser's specs and the collector's expect it alike. `by` is what the collector
 * stamps on it (who received it, and when), not what the fixture holds.
 */
export function gsUpReceive2024Packet(by: IngestContext): Record<string, unknown> {
  return {
    id: expect.stringMatching(/^[0-9a-f]{32}$/),
    organizationId: by.organizationId,
    dataSourceId: by.dataSourceId,
    source: 'ttn_v3_collector',
    date: '2024-04-27T21:27:12.269Z',
    dateFrom: 'gateway',
    receivedAt: by.receivedAt,
    topic: 'gs.up.receive',
    direction: 'up',
    data: 'QEy50ACAvigFvxVimGwuOeTDS2ADh0cuxVExlw==',
    size: 28,
    mType: 'UnconfirmedDataUp',
    major: 0,
    gateway: '008000000000b8b6',
    devEui: null,
    joinEui: null,
    devNonce: null,
    devAddr: '00d0b94c',
    fCount: 10430,
    fPort: 5,
    mic: 'c5513197',
    devEuiInferred: false,
    rssi: -101,
    lsnr: 8.8,
    frequency: 867700000,
    spreadingFactor: 7,
    bandwidth: 125000,
    codeRate: '4/5',
    tmst: 237053884,
    crcOk: true,
    latitude: 52.0181152535321,
    longitude: 4.70844442283644,
    altitude: 25,
  };
}
