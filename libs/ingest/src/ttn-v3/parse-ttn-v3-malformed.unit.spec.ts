import { readFixtureJson } from '@lorawatch/lorawan/testing/fixtures';
import { malformedReason, TEST_CONTEXT } from '../testing/outcomes';
import { parseTtnV3Event } from './parse-ttn-v3-event';

type Json = Record<string, unknown>;

const LINE = readFixtureJson<{ result: Json }>('ttn-v3/events-stream-gs-up-receive-2024.json');
const EVENT = LINE.result;
const DATA = EVENT.data as Json;
const MESSAGE = DATA.message as Json;
const [ENTRY] = MESSAGE.rx_metadata as Json[];
const SETTINGS = MESSAGE.settings as Json;

const withMessage = (fields: Json): Json => ({
  ...EVENT,
  data: { ...DATA, message: { ...MESSAGE, ...fields } },
});
const withEntry = (fields: Json): Json => withMessage({ rx_metadata: [{ ...ENTRY, ...fields }] });
const withSettings = (fields: Json): Json => withMessage({ settings: { ...SETTINGS, ...fields } });
const reasonFor = (event: unknown): string => malformedReason(parseTtnV3Event(event, TEST_CONTEXT));

describe('parseTtnV3Event with bad input', () => {
  it.each<[string, unknown, RegExp]>([
    ['a number', 42, /the event must be an object/],
    ['null', null, /the event must be an object/],
    ['an array', [EVENT], /the event must be an object/],
    ['no name', { data: DATA }, /name must be a string/],
    ['a name of the wrong type', { ...EVENT, name: 7 }, /name must be a string/],
    ['a name that is no event name', { ...EVENT, name: 'GS UP' }, /is not a TTS event name/],
    [
      'a stream error object',
      { error: { code: 16, message: 'token expired' } },
      /stream error: token expired \(code 16\)/,
    ],
    ['a result that is no object', { result: 'x' }, /result must be an object/],
    ['data that is no object', { ...EVENT, data: [] }, /data must be an object/],
    ['an event without data', { ...EVENT, data: undefined }, /gs.up.receive has no data/],
    ['a bad time', { ...EVENT, time: 'yesterday' }, /time is not an RFC 3339 time/],
    ['identifiers that are no array', { ...EVENT, identifiers: {} }, /identifiers must be an array/],
    [
      'a correlation id that is no string',
      { ...EVENT, correlation_ids: [1] },
      /correlation_ids\[0\] must be a string/,
    ],
    [
      'a gateway EUI that is no EUI',
      { ...EVENT, identifiers: [{ gateway_ids: { eui: 'xyz' } }] },
      /eui must be 16 hex/,
    ],
    [
      'a gateway ID that is no TTS ID',
      { ...EVENT, identifiers: [{ gateway_ids: { gateway_id: 'Not An ID' } }] },
      /is not a TTS gateway ID/,
    ],
    [
      'an unexpected data type',
      { ...EVENT, data: { ...DATA, '@type': 'x.Y' } },
      /data.@type "x.Y" is not an uplink/,
    ],
    [
      'a message that is no object',
      { ...EVENT, data: { ...DATA, message: 3 } },
      /data.message must be an object/,
    ],
    ['no raw_payload', withMessage({ raw_payload: undefined }), /data.message.raw_payload is missing/],
    ['an empty raw_payload', withMessage({ raw_payload: '' }), /data.message.raw_payload is missing/],
    ['raw_payload not base64', withMessage({ raw_payload: 'QEy5*ACA' }), /raw_payload is not valid base64/],
    ['a truncated raw_payload', withMessage({ raw_payload: 'QEy50ACA' }), /PHYPayload does not decode/],
    ['raw_payload of the wrong type', withMessage({ raw_payload: 12 }), /raw_payload must be a string/],
    ['rx_metadata that is no array', withMessage({ rx_metadata: {} }), /rx_metadata must be an array/],
    [
      'an rx_metadata entry that is no object',
      withMessage({ rx_metadata: [1] }),
      /rx_metadata\[0\] must be an object/,
    ],
    ['rssi as a string', withEntry({ rssi: '-101' }), /rx_metadata\[0\].rssi must be a number/],
    ['a location out of range', withEntry({ location: { latitude: 95, longitude: 4 } }), /valid latitude/],
    ['a negative timestamp', withEntry({ timestamp: -1 }), /timestamp must be a 32-bit counter/],
    ['a frequency in MHz', withSettings({ frequency: '867.7' }), /frequency must be an unsigned integer/],
    [
      'a spreading factor as text',
      withSettings({ data_rate: { lora: { spreading_factor: 'SF7' } } }),
      /spreading_factor must be a number/,
    ],
    ['crc_status as text', withMessage({ crc_status: 'true' }), /crc_status must be a boolean/],
    [
      'an uplink without any gateway',
      { ...withMessage({ rx_metadata: [] }), identifiers: [] },
      /no gateway in data.message.rx_metadata or the event identifiers/,
    ],
    [
      'a downlink without gateway',
      { name: 'gs.down.send', data: { raw_payload: 'YH46CyaDDgACEQhW0E+5' } },
      /no gateway/,
    ],
    [
      'a status with an antenna that is no object',
      { ...EVENT, name: 'gs.status.receive', data: { antenna_locations: ['x'] } },
      /antenna_locations\[0\] must be an object/,
    ],
  ])('reports %s', (_case, event, reason) => {
    expect(reasonFor(event)).toMatch(reason);
  });

  it('keeps reasons short when the input is huge', () => {
    const reason = reasonFor({ ...EVENT, name: 'x'.repeat(1_000_000) });
    expect(reason.length).toBeLessThan(200);
  });
});
