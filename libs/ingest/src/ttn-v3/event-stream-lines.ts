const NEWLINE = 0x0a;

export type StreamLine = { kind: 'line'; text: string } | { kind: 'too-long'; bytes: number };

/**
 * Cuts the Events stream into events. TTS writes one compact JSON object per line: followed by a blank line
 * with `Accept: text/event-stream`, by a single newline without (docs/wire-formats.md §5.3). So each non-blank line
 * is one event, whatever the framing, and chunks may split it anywhere, even inside a UTF-8 character.
 * A line longer than the limit is skipped up to its end and reported once, so a broken or hostile server
 * cannot make the collector buffer without bound.
 */
export class EventStreamLines {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Bytes of an over-long line seen so far, or -1 while the current line is within the limit. */
  private skipped = -1;

  constructor(private readonly maxLineBytes: number) {}

  push(chunk: Buffer): StreamLine[] {
    const lines: StreamLine[] = [];
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end >= 0; end = chunk.indexOf(NEWLINE, start)) {
      this.append(chunk.subarray(start, end));
      const line = this.takeLine();
      if (line !== undefined) lines.push(line);
      start = end + 1;
    }
    this.append(chunk.subarray(start));
    return lines;
  }

  /** The stream ended: a last event without its delimiter still counts. */
  end(): StreamLine[] {
    const line = this.takeLine();
    return line === undefined ? [] : [line];
  }

  private append(part: Buffer): void {
    if (part.length === 0) return;
    if (this.skipped >= 0) {
      this.skipped += part.length;
      return;
    }
    this.pending.push(part);
    this.pendingBytes += part.length;
    if (this.pendingBytes > this.maxLineBytes) {
      this.skipped = this.pendingBytes;
      this.pending = [];
      this.pendingBytes = 0;
    }
  }

  private takeLine(): StreamLine | undefined {
    if (this.skipped >= 0) {
      const bytes = this.skipped;
      this.skipped = -1;
      return { kind: 'too-long', bytes };
    }
    const text = Buffer.concat(this.pending, this.pendingBytes).toString('utf8').trim();
    this.pending = [];
    this.pendingBytes = 0;
    return text === '' ? undefined : { kind: 'line', text };
  }
}
