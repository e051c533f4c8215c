import { EventStreamLines, type StreamLine } from './event-stream-lines';

const lines = (...texts: string[]): StreamLine[] => texts.map((text) => ({ kind: 'line', text }));

describe('EventStreamLines', () => {
  const first = '{"result":{"name":"events.stream.start","data":{"x":"é€😀"}}}';
  const second = '{"result":{"name":"gs.up.receive"}}';

  it.each([
    ['blank-line separated (Accept: text/event-stream)', `${first}\n\n${second}\n\n`],
    ['newline separated', `${first}\n${second}\n`],
    ['CRLF separated', `${first}\r\n\r\n${second}\r\n`],
  ])('reads %s events', (_case, stream) => {
    const splitter = new EventStreamLines(1024);
    expect([...splitter.push(Buffer.from(stream)), ...splitter.end()]).toEqual(lines(first, second));
  });

  it('gives the same events whatever the chunk boundaries, even inside a multi-byte character', () => {
    const stream = Buffer.from(`${first}\n\n${second}\n\n`);
    for (let cut = 0; cut <= stream.length; cut += 1) {
      for (const step of [1, 3, 7]) {
        const splitter = new EventStreamLines(1024);
        const seen: StreamLine[] = [...splitter.push(stream.subarray(0, cut))];
        for (let at = cut; at < stream.length; at += step)
          seen.push(...splitter.push(stream.subarray(at, at + step)));
        expect(seen).toEqual(lines(first, second));
      }
    }
  });

  it('keeps a last event that has no delimiter for the end of the stream', () => {
    const splitter = new EventStreamLines(1024);
    expect(splitter.push(Buffer.from(`${first}\n${second}`))).toEqual(lines(first));
    expect(splitter.end()).toEqual(lines(second));
    expect(splitter.end()).toEqual([]);
  });

  it('skips a line over the limit once, without buffering it, and goes on after it', () => {
    const splitter = new EventStreamLines(100);
    const seen = [
      ...splitter.push(Buffer.from('x'.repeat(60))),
      ...splitter.push(Buffer.from('x'.repeat(60))),
      ...splitter.push(Buffer.from('x'.repeat(1000))),
      ...splitter.push(Buffer.from(`\n${second}\n`)),
    ];
    expect(seen).toEqual([{ kind: 'too-long', bytes: 1120 }, ...lines(second)]);
  });
});
