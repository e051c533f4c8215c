import { csvField, csvRecord } from './csv';

describe('CSV fields', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    [' padded ', '" padded "'],
    ['', ''],
  ])('writes %j as %j', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('writes null and undefined as empty fields, numbers and booleans as text, objects as JSON', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(false)).toBe('false');
    expect(csvField({ a: 1, b: 'x' })).toBe('"{""a"":1,""b"":""x""}"');
  });

  it('keeps a spreadsheet from running a text as a formula, and leaves numbers alone', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-north')).toBe("'-north");
    expect(csvField('@sum')).toBe("'@sum");
    expect(csvField(-120)).toBe('-120');
    expect(csvField('north-1')).toBe('north-1');
  });

  it('ends a record with CRLF', () => {
    expect(csvRecord(['id', 'name, full', null])).toBe('id,"name, full",\r\n');
  });
});
