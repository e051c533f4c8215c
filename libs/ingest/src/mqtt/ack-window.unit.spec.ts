import { AckWindow } from './ack-window';

describe('AckWindow', () => {
  it('acknowledges in arrival order, each once it and all before it are stored', () => {
    const window = new AckWindow(10);
    const sent: number[] = [];
    const stored = [1, 2, 3, 4].map((id) => window.add(() => sent.push(id)));

    stored[1]();
    stored[3]();
    expect(sent).toEqual([]);
    stored[0]();
    expect(sent).toEqual([1, 2]);
    stored[2]();
    expect(sent).toEqual([1, 2, 3, 4]);
    expect(window.size).toBe(0);
  });

  it('keeps the place of a message that needs no acknowledgement', () => {
    const window = new AckWindow(10);
    const sent: string[] = [];
    const first = window.add(() => sent.push('first'));
    const silent = window.add(null);
    const last = window.add(() => sent.push('last'));

    silent();
    last();
    expect(sent).toEqual([]);
    expect(window.size).toBe(3);
    first();
    expect(sent).toEqual(['first', 'last']);
  });

  it('lets the next message be read only while fewer than the limit await acknowledgement', () => {
    const window = new AckWindow(2);
    const reads: string[] = [];
    const a = window.add(null);
    window.admit(() => reads.push('after a'));
    const b = window.add(null);
    window.admit(() => reads.push('after b'));
    expect(reads).toEqual(['after a']);

    b();
    expect(reads).toEqual(['after a']);
    a();
    expect(reads).toEqual(['after a', 'after b']);
  });

  it('after close, acknowledges and reads nothing more', () => {
    const window = new AckWindow(1);
    const sent: number[] = [];
    const reads: number[] = [];
    const stored = window.add(() => sent.push(1));
    window.admit(() => reads.push(1));

    window.close();
    stored();
    window.admit(() => reads.push(2));
    window.add(() => sent.push(2))();
    expect(sent).toEqual([]);
    expect(reads).toEqual([]);
  });

  it('keeps its order across many messages', () => {
    const window = new AckWindow(5000);
    const sent: number[] = [];
    const stored = Array.from({ length: 3000 }, (_, id) => window.add(() => sent.push(id)));
    for (let id = stored.length - 1; id >= 0; id -= 2) stored[id]();
    expect(sent).toEqual([]);
    for (let id = 0; id < stored.length; id += 2) stored[id]();
    expect(sent).toEqual(Array.from({ length: 3000 }, (_, id) => id));
    expect(window.size).toBe(0);
  });

  it('refuses a limit that is not a positive whole number', () => {
    expect(() => new AckWindow(0)).toThrow(RangeError);
  });
});
