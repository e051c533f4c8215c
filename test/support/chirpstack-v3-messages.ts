/**
 * ChirpStack Gateway Bridge v3 JSON messages (the shape of test/fixtures/chirpstack-v3/gw-event-up.json) around
 * frames built by the test, for publishing to a real broker.
 */
export function uplinkMessage(
  gatewayEui: string,
  phyPayload: Buffer,
  options: { time?: Date; rssi?: number; snr?: number } = {},
) {
  return {
    topic: `gateway/${gatewayEui}/event/up`,
    payload: Buffer.from(
      JSON.stringify({
        phyPayload: phyPayload.toString('base64'),
        txInfo: {
          frequency: 868100000,
          modulation: 'LORA',
          loRaModulationInfo: {
            bandwidth: 125,
            spreadingFactor: 7,
            codeRate: '4/5',
            polarizationInversion: false,
          },
        },
        rxInfo: {
          gatewayID: Buffer.from(gatewayEui, 'hex').toString('base64'),
          ...(options.time ? { time: options.time.toISOString() } : {}),
          rssi: options.rssi ?? -80,
          loRaSNR: options.snr ?? 7.5,
          channel: 0,
          rfChain: 0,
          board: 0,
          antenna: 0,
          context: Buffer.from([0, 0, 0, Math.floor(Math.random() * 255)]).toString('base64'),
          uplinkID: Buffer.from(Array.from({ length: 16 }, () => Math.floor(Math.random() * 256))).toString(
            'base64',
          ),
        },
      }),
    ),
  };
}

export function downlinkMessage(gatewayEui: string, phyPayload: Buffer) {
  return {
    topic: `gateway/${gatewayEui}/command/down`,
    payload: Buffer.from(
      JSON.stringify({
        phyPayload: phyPayload.toString('base64'),
        txInfo: {
          gatewayID: Buffer.from(gatewayEui, 'hex').toString('base64'),
          frequency: 868100000,
          power: 14,
          modulation: 'LORA',
          loRaModulationInfo: {
            bandwidth: 125,
            spreadingFactor: 7,
            codeRate: '4/5',
            polarizationInversion: true,
          },
        },
        token: 1234,
        downlinkID: Buffer.alloc(16, 7).toString('base64'),
      }),
    ),
  };
}
