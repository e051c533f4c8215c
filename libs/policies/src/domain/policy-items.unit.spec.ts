import { ALERT_CATALOGUE } from '@lorawatch/domain/alert-catalogue';
import { checkItems, policyItemId, type RequestedItem } from './policy-items';

const item = (
  alertTypeCode: string,
  parameters: Record<string, unknown> = {},
  id?: number,
): RequestedItem => ({
  alertTypeCode,
  enabled: true,
  parameters,
  ...(id === undefined ? {} : { id }),
});

const errorsOf = (items: RequestedItem[], checkIds = false) => {
  const checked = checkItems(items, checkIds);
  return checked.ok ? [] : checked.errors;
};

describe('policy items against the alert catalogue', () => {
  it('accepts values within bounds, whole numbers for Integer, any number for Float', () => {
    expect(
      checkItems(
        [
          item('LAF-101', { max_lost_packets: 0, time_window: 24 }),
          item('LAF-010', { location_accuracy: 12.5 }),
          item('LAF-404', { max_join_request_fails: 1000000 }),
        ],
        false,
      ),
    ).toEqual({
      ok: true,
      items: [
        { alertTypeCode: 'LAF-101', enabled: true, parameters: { max_lost_packets: 0, time_window: 24 } },
        { alertTypeCode: 'LAF-010', enabled: true, parameters: { location_accuracy: 12.5 } },
        { alertTypeCode: 'LAF-404', enabled: true, parameters: { max_join_request_fails: 1000000 } },
      ],
    });
  });

  it('reads plain numerals sent as strings, and drops null values so the default applies', () => {
    expect(
      checkItems(
        [item('LAF-010', { location_accuracy: ' 75.5 ' }), item('LAF-101', { time_window: null })],
        false,
      ),
    ).toEqual({
      ok: true,
      items: [
        { alertTypeCode: 'LAF-010', enabled: true, parameters: { location_accuracy: 75.5 } },
        { alertTypeCode: 'LAF-101', enabled: true, parameters: {} },
      ],
    });
  });

  it('refuses an unknown alert type code', () => {
    expect(errorsOf([item('LAF-999')])).toEqual([
      {
        code: 'UNKNOWN_ALERT_TYPE',
        message: expect.stringContaining('LAF-999'),
        parameters: { item: 0, type: 'LAF-999' },
      },
    ]);
  });

  it('refuses a parameter the alert type does not have, even one inherited by every object', () => {
    expect(errorsOf([item('LAF-400', { toString: 1 }), item('LAF-010', { accuracy: 5 })])).toEqual([
      {
        code: 'MISSING_PARAMETER',
        message: expect.stringContaining('toString'),
        parameters: { item: 0, type: 'LAF-400', parameter: 'toString' },
      },
      {
        code: 'MISSING_PARAMETER',
        message: expect.stringContaining('accuracy'),
        parameters: { item: 1, type: 'LAF-010', parameter: 'accuracy' },
      },
    ]);
  });

  it.each([
    [
      'a fraction for an Integer',
      'LAF-101',
      'time_window',
      2.5,
      'NOT_VALID_TYPE',
      { requiredType: 'Integer' },
    ],
    ['text for a Float', 'LAF-010', 'location_accuracy', 'far', 'NOT_VALID_TYPE', { requiredType: 'Float' }],
    [
      'a boolean for a Float',
      'LAF-010',
      'location_accuracy',
      true,
      'NOT_VALID_TYPE',
      { requiredType: 'Float' },
    ],
    [
      'a numeral with units',
      'LAF-010',
      'location_accuracy',
      '50m',
      'NOT_VALID_TYPE',
      { requiredType: 'Float' },
    ],
    ['a value above the maximum', 'LAF-101', 'time_window', 25, 'EXCEED_MAX_VALUE', { maxValue: 24 }],
    ['a value below the minimum', 'LAF-101', 'time_window', 0, 'BELOW_MIN_VALUE', { minValue: 1 }],
    ['a negative distance', 'LAF-010', 'location_accuracy', -1, 'BELOW_MIN_VALUE', { minValue: 0 }],
  ])(
    'refuses %s, naming the alert type and the parameter',
    (_case, code, parameter, value, errorCode, extra) => {
      expect(errorsOf([item('LAF-400'), item(code, { [parameter]: value })])).toEqual([
        {
          code: errorCode,
          message: expect.stringContaining(parameter),
          parameters: { item: 1, type: code, parameter, ...extra },
        },
      ]);
    },
  );

  it('refuses two items for one alert type, once', () => {
    expect(errorsOf([item('LAF-400'), item('LAF-010'), item('LAF-400')])).toEqual([
      {
        code: 'MANY_ITEMS_FOR_TYPE',
        message: expect.stringContaining('LAF-400'),
        parameters: { type: 'LAF-400', count: 2 },
      },
    ]);
  });

  it('reports every wrong parameter at once', () => {
    const errors = errorsOf([item('LAF-101', { max_lost_packets: -1, time_window: 99 })]);
    expect(errors.map((error) => error.code)).toEqual(['BELOW_MIN_VALUE', 'EXCEED_MAX_VALUE']);
  });

  it('checks item ids only when asked: each names the item of its alert type', () => {
    const laf400 = ALERT_CATALOGUE.find((type) => type.code === 'LAF-400')!;
    expect(errorsOf([item('LAF-400', {}, policyItemId(laf400))], true)).toEqual([]);
    expect(errorsOf([item('LAF-400', {}, 3)], false)).toEqual([]);
    expect(errorsOf([item('LAF-400', {}, 3)], true)).toMatchObject([
      { code: 'NOT_POLICY_ITEM', parameters: { item: 0, type: 'LAF-400', id: 3 } },
    ]);
  });

  it('gives every alert type a distinct item id', () => {
    const ids = ALERT_CATALOGUE.map(policyItemId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
