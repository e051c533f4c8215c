import { ATTACK_KINDS } from './attack-kinds';
import { parseSimulateArguments } from './simulate-arguments';

const VALID = ['--url', 'mqtt://localhost:1883', '--devices', '100', '--gateways', '5', '--rate', '10'];

describe('parseSimulateArguments', () => {
  it('reads a full command line', () => {
    const parsed = parseSimulateArguments([
      ...VALID,
      '--format',
      'chirpstack-v3',
      '--attacks',
      'join-replay,devnonce-repeat',
      '--duration',
      '60',
      '--seed',
      '42',
      '--fast',
    ]);
    expect(parsed).toEqual({
      ok: true,
      options: {
        url: 'mqtt://localhost:1883',
        format: 'chirpstack-v3',
        devices: 100,
        gateways: 5,
        rate: 10,
        attacks: ['join-replay', 'devnonce-repeat'],
        durationSeconds: 60,
        seed: 42,
        asFastAsPossible: true,
      },
    });
  });

  it('expands --attacks all to every kind, and reads the attack interval and application events', () => {
    const parsed = parseSimulateArguments([
      ...VALID,
      '--attacks',
      'all',
      '--attack-interval',
      '45',
      '--application-events',
    ]);
    expect(parsed).toMatchObject({
      ok: true,
      options: { attacks: [...ATTACK_KINDS], attackIntervalSeconds: 45, applicationEvents: true },
    });
  });

  it('keeps the listed attacks once each, in order', () => {
    const parsed = parseSimulateArguments([...VALID, '--attacks', 'gateway-move, weak-key,gateway-move']);
    expect(parsed).toMatchObject({ ok: true, options: { attacks: ['gateway-move', 'weak-key'] } });
  });

  it('defaults the format, the seed and the attacks', () => {
    const parsed = parseSimulateArguments(VALID);
    expect(parsed).toMatchObject({ ok: true, options: { format: 'chirpstack-v3', seed: 1, attacks: [] } });
  });

  it.each(['chirpstack-v3-protobuf', 'chirpstack-v4-json', 'chirpstack-v4-protobuf'])(
    'accepts --format %s',
    (format) => {
      expect(parseSimulateArguments([...VALID, '--format', format])).toMatchObject({
        ok: true,
        options: { format },
      });
    },
  );

  it.each<[string, string[], RegExp]>([
    ['a missing --url', VALID.slice(2), /--url is required/],
    ['an http URL', ['--url', 'http://x', ...VALID.slice(2)], /mqtt:\/\//],
    ['zero devices', [...VALID, '--devices', '0'], /--devices must be an integer/],
    ['a fractional gateway count', [...VALID, '--gateways', '1.5'], /--gateways/],
    ['a negative rate', [...VALID, '--rate=-3'], /--rate must be a positive number/],
    ['an unknown attack', [...VALID, '--attacks', 'jamming'], /unknown attack "jamming"/],
    [
      'a zero attack interval',
      [...VALID, '--attack-interval', '0'],
      /--attack-interval must be a positive number/,
    ],
    ['an unknown format', [...VALID, '--format', 'ttn-v2'], /--format must be one of/],
    ['an unknown flag', [...VALID, '--verbose'], /Unknown option/],
    ['a stray argument', [...VALID, 'extra'], /positional/],
  ])('rejects %s', (_case, argv, error) => {
    const parsed = parseSimulateArguments(argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(error);
  });
});
