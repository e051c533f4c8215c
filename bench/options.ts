import { isScenarioId, SCENARIO_IDS, type ScenarioId } from './record';

/** The MQTT formats of scenario (a), as the simulator names them, and the data-source type that reads each. */
export const INGEST_FORMATS = [
  'chirpstack-v3',
  'chirpstack-v3-protobuf',
  'chirpstack-v4-json',
  'chirpstack-v4-protobuf',
  'ttn-v3',
] as const;
export type IngestFormat = (typeof INGEST_FORMATS)[number];
/** The four MQTT formats: what `npm run bench` measures unless `--formats` says otherwise. */
export const MQTT_FORMATS: IngestFormat[] = [
  'chirpstack-v3',
  'chirpstack-v3-protobuf',
  'chirpstack-v4-json',
  'chirpstack-v4-protobuf',
];

export interface IngestSizes {
  formats: IngestFormat[];
  /** Messages per format. */
  messages: number;
  devices: number;
  /** Mean time between two joins of a device in simulated time, so that joins go on during the run. */
  rejoinSeconds: number;
}

export interface LiveSizes {
  /** Devices of the network that is running before the storm (joined and audited during the warm-up). */
  devices: number;
  /** Devices that join during the storm. */
  stormDevices: number;
  stormSeconds: number;
  /** Messages per second of the running network during the storm and the alert-latency run. */
  rate: number;
  /** After the storm, how long the benchmark waits for every audit to finish, at most. */
  auditWaitSeconds: number;
  /** Attack frames whose alert latency is measured (the alerts counted). */
  alerts: number;
  /** Messages per second while alert latency is measured. */
  alertRate: number;
  /** Probe interval of `/health` and the alerts page during the storm. */
  probeMs: number;
}

export interface StoreSizes {
  /** 1 = 10 M packets, 1 M alerts, 50 k devices. */
  scale: number;
  requests: number;
  concurrency: number;
}

export interface ScaleOutSizes {
  /** Messages of the simulated traffic (ChirpStack v3, JSON), the same in every topology. */
  messages: number;
  devices: number;
  /** Mean time between two joins of a device in simulated time. */
  rejoinSeconds: number;
  /** Detector replicas of the scale-out topologies. */
  detectors: number;
}

export interface BenchOptions {
  quick: boolean;
  only: ScenarioId[];
  /** File the record is written to; '-' for standard output only. */
  out: string;
  /** Start each server with --cpu-prof and put its top entries in the record. */
  profile: boolean;
  ingest: IngestSizes;
  live: LiveSizes;
  store: StoreSizes;
  whatIf: WhatIfSizes;
  scaleOut: ScaleOutSizes;
}

export interface WhatIfSizes {
  /** (f) store scale of the packets replayed: 0.1 = 1 M packets, the target's size. */
  scale: number;
}

export const FULL_RECORD = 'bench/RESULTS.md';
export const QUICK_RECORD = 'bench/RESULTS.quick.md';

export const USAGE = `npm run bench [-- options]

Runs every scenario and rewrites the tables of ${FULL_RECORD} (between its bench:begin/end markers).
  --quick               small sizes (about a minute and a half), written to ${QUICK_RECORD}, never over the record
  --only a,c            run these scenarios only; the record keeps the others' tables as they were
                          a ingest per format   b join storm   c alert latency
                          d restart and rebuild of a large store   e API latency on that store
                          f what-if run of a policy over 1 M stored packets
                          g scale-out on a Kafka broker: one and two collectors, three detectors, beside the standalone
  --out FILE            write the record to FILE instead ('-': print it only)
  --profile             CPU-profile the server in each scenario and record its top entries
  --formats LIST        (a) formats, comma-separated: ${INGEST_FORMATS.join(', ')}
  --messages N          (a) messages per format
  --devices N           (a) devices of the simulated network
  --storm-devices N     (b) devices joining in the storm
  --rate N              (b, c) messages per second of the running network
  --alerts N            (c) alerts to time
  --scale S             (d, e) store size, 1 = 10 M packets, 1 M alerts, 50 k devices
  --what-if-scale S     (f) store size of the what-if run, 0.1 = 1 M packets
  --scale-out-messages N
                        (g) messages of the traffic each topology ingests
  --requests N          (e) requests per endpoint
  --concurrency N       (e) requests in flight
BENCH_SERVER_FLAGS passes node flags to every server the benchmark starts.`;

function defaults(quick: boolean): Omit<BenchOptions, 'only' | 'out' | 'profile'> {
  return quick
    ? {
        quick,
        ingest: { formats: [...MQTT_FORMATS], messages: 2000, devices: 60, rejoinSeconds: 300 },
        live: {
          devices: 100,
          stormDevices: 100,
          stormSeconds: 3,
          rate: 300,
          auditWaitSeconds: 60,
          alerts: 200,
          alertRate: 300,
          probeMs: 100,
        },
        store: { scale: 0.01, requests: 20, concurrency: 4 },
        whatIf: { scale: 0.005 },
        scaleOut: { messages: 1000, devices: 40, rejoinSeconds: 300, detectors: 3 },
      }
    : {
        quick,
        ingest: { formats: [...MQTT_FORMATS], messages: 20_000, devices: 500, rejoinSeconds: 600 },
        live: {
          devices: 1000,
          stormDevices: 1000,
          stormSeconds: 10,
          rate: 1000,
          auditWaitSeconds: 900,
          alerts: 300,
          alertRate: 1000,
          probeMs: 100,
        },
        store: { scale: 1, requests: 200, concurrency: 8 },
        whatIf: { scale: 0.1 },
        scaleOut: { messages: 20_000, devices: 500, rejoinSeconds: 600, detectors: 3 },
      };
}

/** Reads the command line; throws with a message for the user on a wrong option. */
export function parseOptions(argv: readonly string[]): BenchOptions {
  const quick = argv.includes('--quick');
  const base = defaults(quick);
  const options: BenchOptions = {
    ...base,
    only: [...SCENARIO_IDS],
    out: quick ? QUICK_RECORD : FULL_RECORD,
    profile: false,
  };
  const value = (index: number, name: string): string => {
    const next = argv[index + 1];
    if (next === undefined || next.startsWith('--')) throw new Error(`${name} needs a value`);
    return next;
  };
  const positive = (index: number, name: string, integer = true): number => {
    const parsed = Number(value(index, name));
    if (!Number.isFinite(parsed) || parsed <= 0 || (integer && !Number.isInteger(parsed))) {
      throw new Error(`${name} must be a positive ${integer ? 'integer' : 'number'}`);
    }
    return parsed;
  };
  for (let index = 0; index < argv.length; index++) {
    const name = argv[index];
    switch (name) {
      case '--quick':
        break;
      case '--help':
      case '-h':
        throw new Error(USAGE);
      case '--profile':
        options.profile = true;
        break;
      case '--only': {
        const ids = value(index++, name)
          .split(',')
          .map((id) => id.trim().toLowerCase())
          .filter(Boolean);
        const unknown = ids.filter((id) => !isScenarioId(id));
        if (unknown.length > 0 || ids.length === 0) {
          throw new Error(`--only takes scenarios among ${SCENARIO_IDS.join(',')} (got "${argv[index]}")`);
        }
        options.only = SCENARIO_IDS.filter((id) => ids.includes(id));
        break;
      }
      case '--out':
        options.out = value(index++, name);
        break;
      case '--formats': {
        const formats = value(index++, name).split(',').filter(Boolean);
        const unknown = formats.filter((format) => !(INGEST_FORMATS as readonly string[]).includes(format));
        if (unknown.length > 0) {
          throw new Error(`unknown format ${unknown.join(', ')} (known: ${INGEST_FORMATS.join(', ')})`);
        }
        options.ingest.formats = formats as IngestFormat[];
        break;
      }
      case '--messages':
        options.ingest.messages = positive(index++, name);
        break;
      case '--devices':
        options.ingest.devices = positive(index++, name);
        break;
      case '--storm-devices':
        options.live.stormDevices = positive(index++, name);
        break;
      case '--rate':
        options.live.rate = positive(index++, name);
        options.live.alertRate = options.live.rate;
        break;
      case '--alerts':
        options.live.alerts = positive(index++, name);
        break;
      case '--scale':
        options.store.scale = positive(index++, name, false);
        break;
      case '--what-if-scale':
        options.whatIf.scale = positive(index++, name, false);
        break;
      case '--scale-out-messages':
        options.scaleOut.messages = positive(index++, name);
        break;
      case '--requests':
        options.store.requests = positive(index++, name);
        break;
      case '--concurrency':
        options.store.concurrency = positive(index++, name);
        break;
      default:
        throw new Error(`unknown option ${name}\n\n${USAGE}`);
    }
  }
  if (options.quick && options.out.replace(/^\.\//, '') === FULL_RECORD) {
    throw new Error(`--quick never writes over ${FULL_RECORD}: use another --out`);
  }
  return options;
}
