/**
 * CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, and a field quoted (its quotes
 * doubled) when it holds a comma, a quote, a line break or leading or trailing spaces. null and undefined are
 * empty fields; objects and arrays are written as their JSON. A text that a spreadsheet would run as a formula
 * (it starts with =, +, -, @, a tab or a carriage return: names come from users and network servers) gets a
 * leading apostrophe; numbers are written as they are.
 */
export type CsvValue = string | number | boolean | null | undefined | object;

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const written = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${written}` : written;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
