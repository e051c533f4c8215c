import { FULL_RECORD, MQTT_FORMATS, parseOptions, QUICK_RECORD } from './options';

describe('the benchmark command line', () => {
  it('runs every scenario at full size into the record by default', () => {
    const options = parseOptions([]);
    expect(options).toMatchObject({
      quick: false,
      only: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
      out: FULL_RECORD,
      profile: false,
    });
    expect(options.ingest).toMatchObject({ formats: MQTT_FORMATS, messages: 20_000 });
    expect(options.live).toMatchObject({ stormDevices: 1000, stormSeconds: 10, rate: 1000 });
    expect(options.live.alerts).toBeGreaterThanOrEqual(200);
    expect(options.store).toMatchObject({ scale: 1 });
    expect(options.scaleOut).toMatchObject({ messages: 20_000, detectors: 3 });
  });

  it('runs small sizes into a file of its own with --quick, and never over the record', () => {
    const options = parseOptions(['--quick']);
    expect(options.out).toBe(QUICK_RECORD);
    expect(options.ingest.messages).toBe(2000);
    expect(options.live.stormDevices).toBe(100);
    expect(options.store.scale).toBe(0.01);
    expect(options.scaleOut.messages).toBe(1000);
    expect(() => parseOptions(['--quick', '--out', FULL_RECORD])).toThrow('--quick never writes over');
    expect(() => parseOptions(['--quick', '--out', `./${FULL_RECORD}`])).toThrow('--quick never writes over');
    expect(parseOptions(['--quick', '--out', '-']).out).toBe('-');
  });

  it('picks scenarios with --only, in scenario order, and sizes with their options', () => {
    const options = parseOptions(['--only', 'c,A', '--formats', 'chirpstack-v3,ttn-v3', '--messages', '500']);
    expect(options.only).toEqual(['a', 'c']);
    expect(options.ingest.formats).toEqual(['chirpstack-v3', 'ttn-v3']);
    expect(options.ingest.messages).toBe(500);
    expect(parseOptions(['--scale', '0.1', '--rate', '400']).store.scale).toBe(0.1);
    expect(parseOptions(['--what-if-scale', '0.01']).whatIf.scale).toBe(0.01);
    expect(parseOptions([]).whatIf.scale).toBe(0.1);
    expect(parseOptions(['--only', 'g', '--scale-out-messages', '5000']).scaleOut.messages).toBe(5000);
    expect(parseOptions(['--rate', '400']).live).toMatchObject({ rate: 400, alertRate: 400 });
  });

  it('refuses what it does not know, saying what it expected', () => {
    expect(() => parseOptions(['--only', 'a,x'])).toThrow('--only takes scenarios among a,b,c,d,e,f,g');
    expect(() => parseOptions(['--formats', 'lorawan-v9'])).toThrow('unknown format lorawan-v9');
    expect(() => parseOptions(['--messages', '-3'])).toThrow('--messages must be a positive integer');
    expect(() => parseOptions(['--scale'])).toThrow('--scale needs a value');
    expect(() => parseOptions(['--fast'])).toThrow('unknown option --fast');
  });
});
