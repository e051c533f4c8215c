import type { Response } from 'express';
import { csvRecord, type CsvValue } from './csv';
import type { ExportFormat } from './export-format';

/** One CSV column: its header and how a row fills it. */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

export interface ExportSpec<T> {
  format: ExportFormat;
  /** The file's name before its date and extension, e.g. `alerts`. */
  name: string;
  columns: readonly ExportColumn<T>[];
  /** A row as the JSON export writes it (the list endpoint's shape). */
  json: (row: T) => unknown;
  /** The rows, a chunk at a time; the next chunk is asked for only once the one before is written. */
  chunks: AsyncIterable<T[]>;
  /** The instant in the file name; now by default. */
  at?: Date;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** `alerts-20240131-154500.csv` (UTC). */
export function exportFileName(name: string, format: ExportFormat, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `${name}-${stamp}.${format}`;
}

/**
 * Streams an export as a download: CSV with a header row, or JSON as one array written element by element. Each
 * chunk is written once the response has taken the one before (back-pressure): a client that reads slowly slows
 * the reading of the store, and one that goes away stops it. The first chunk is read before anything is sent, so
 * a failure there still answers with an error status; a failure later cuts the response short, which the client
 * sees as a broken download rather than a complete file.
 */
export async function streamExport<T>(response: Response, spec: ExportSpec<T>): Promise<void> {
  const iterator = spec.chunks[Symbol.asyncIterator]();
  let next = await iterator.next();
  response.status(200);
  response.setHeader('Content-Type', CONTENT_TYPES[spec.format]);
  response.setHeader(
    'Content-Disposition',
    `attachment; filename="${exportFileName(spec.name, spec.format, spec.at ?? new Date())}"`,
  );
  response.setHeader('Cache-Control', 'no-store');
  const encode = spec.format === 'csv' ? csvEncoder(spec.columns) : jsonEncoder(spec.json);
  try {
    if (!(await write(response, encode.start))) return;
    while (!next.done) {
      if (!(await write(response, encode.chunk(next.value)))) return;
      next = await iterator.next();
    }
    if (!(await write(response, encode.end()))) return;
    response.end();
  } catch (error) {
    response.destroy(error instanceof Error ? error : new Error(String(error)));
  } finally {
    // Closes the store reading when the loop left early (client gone, write failed).
    await iterator.return?.(undefined);
  }
}

interface Encoder<T> {
  start: string;
  chunk(rows: T[]): string;
  end(): string;
}

function csvEncoder<T>(columns: readonly ExportColumn<T>[]): Encoder<T> {
  return {
    start: csvRecord(columns.map((column) => column.header)),
    chunk: (rows) => rows.map((row) => csvRecord(columns.map((column) => column.value(row)))).join(''),
    end: () => '',
  };
}

function jsonEncoder<T>(json: (row: T) => unknown): Encoder<T> {
  let first = true;
  return {
    start: '[',
    chunk: (rows) => {
      const text = rows.map((row) => JSON.stringify(json(row))).join(',\n');
      const separator = first ? '\n' : ',\n';
      first = false;
      return rows.length === 0 ? '' : `${separator}${text}`;
    },
    end: () => (first ? ']\n' : '\n]\n'),
  };
}

/**
 * Writes and waits until the response can take more: false when the client is gone (nothing more to write).
 */
function write(response: Response, text: string): Promise<boolean> {
  if (response.destroyed || response.writableEnded) return Promise.resolve(false);
  if (text === '' || response.write(text)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      response.off('drain', onDrain);
      response.off('close', onClose);
      resolve(ok);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    response.on('drain', onDrain);
    response.on('close', onClose);
  });
}
