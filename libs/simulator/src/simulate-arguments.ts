import { parseArgs } from 'node:util';
import type { PublishSimulationOptions } from './publish-simulation';
import { ALL_ATTACKS, ATTACK_KINDS, parseAttackList } from './attack-kinds';
import { isSimFormatName, SIM_FORMATS } from './wire-format';

export const SIMULATE_USAGE = [
  'usage: npm run simulate -- --url mqtt://HOST:PORT --devices N --gateways G --rate R',
  '         [--format FORMAT] [--attacks all|KIND,KIND...] [--attack-interval S] [--application-events]',
  '         [--duration S] [--count N] [--seed N] [--fast] [--username U] [--password P]',
  '',
  '  --url        broker to publish to (mqtt:// or mqtts://)',
  `  --format     wire format: ${SIM_FORMATS.join(', ')} (default chirpstack-v3)`,
  '  --devices    number of simulated end devices',
  '  --gateways   number of simulated gateways',
  '  --rate       radio uplinks per second over the whole network',
  `  --attacks    comma-separated, or ${ALL_ATTACKS} for every kind: ${ATTACK_KINDS.join(', ')} (default none)`,
  '  --attack-interval  mean seconds between two rounds of each attack (default 300)',
  '  --application-events  also publish ChirpStack application events (join, up): DevEUIs of data frames',
  '  --duration   stop after S seconds (default: run until Ctrl-C)',
  '  --count      stop after N published messages',
  '  --seed       integer seed; the same seed gives the same network (default 1)',
  '  --fast       publish as fast as the broker acknowledges, not in real time',
].join('\n');

export type SimulateArguments = Omit<
  PublishSimulationOptions,
  'signal' | 'onProgress' | 'progressIntervalMs'
>;

export type ParsedSimulateArguments = { ok: true; options: SimulateArguments } | { ok: false; error: string };

/** Parses and validates the command line of `simulate`; never throws, so the tool can print its usage. */
export function parseSimulateArguments(argv: readonly string[]): ParsedSimulateArguments {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        format: { type: 'string', default: 'chirpstack-v3' },
        devices: { type: 'string' },
        gateways: { type: 'string' },
        rate: { type: 'string' },
        attacks: { type: 'string', default: '' },
        'attack-interval': { type: 'string' },
        'application-events': { type: 'boolean', default: false },
        duration: { type: 'string' },
        count: { type: 'string' },
        seed: { type: 'string', default: '1' },
        fast: { type: 'boolean', default: false },
        username: { type: 'string' },
        password: { type: 'string' },
      },
    }));
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  try {
    const url = required(values.url, '--url');
    if (!/^mqtts?:\/\/[^/]+/.test(url)) throw new Error('--url must start with mqtt:// or mqtts://');
    const format = String(values.format);
    if (!isSimFormatName(format)) throw new Error(`--format must be one of ${SIM_FORMATS.join(', ')}`);
    const options: SimulateArguments = {
      url,
      format,
      devices: integer(required(values.devices, '--devices'), '--devices', 1),
      gateways: integer(required(values.gateways, '--gateways'), '--gateways', 1),
      rate: positive(required(values.rate, '--rate'), '--rate'),
      attacks: parseAttackList(String(values.attacks)),
      seed: integer(String(values.seed), '--seed', Number.MIN_SAFE_INTEGER),
      asFastAsPossible: values.fast === true,
    };
    if (typeof values.duration === 'string')
      options.durationSeconds = positive(values.duration, '--duration');
    if (typeof values['attack-interval'] === 'string')
      options.attackIntervalSeconds = positive(values['attack-interval'], '--attack-interval');
    if (values['application-events'] === true) options.applicationEvents = true;
    if (typeof values.count === 'string') options.count = integer(values.count, '--count', 1);
    if (typeof values.username === 'string') options.username = values.username;
    if (typeof values.password === 'string') options.password = values.password;
    return { ok: true, options };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function required(value: string | boolean | undefined, flag: string): string {
  if (typeof value !== 'string' || value === '') throw new Error(`${flag} is required`);
  return value;
}

function integer(text: string, flag: string, min: number): number {
  const value = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(value) || value < min) {
    throw new Error(`${flag} must be an integer${min === 1 ? ' ≥ 1' : ''}, got "${text}"`);
  }
  return value;
}

function positive(text: string, flag: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) {
    throw new Error(`${flag} must be a positive number, got "${text}"`);
  }
  return value;
}
