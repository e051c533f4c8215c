import { readFixtureText } from '@lorawatch/lorawan/testing/fixtures';
import { createChirpstackV3Parser } from './chirpstack-v3/chirpstack-v3-parser';
import { CollectorBook, type CollectorParser } from './collector-book';
import { RecordingSink } from './testing/recording-sink';

type Message = { topic: string; payload: Buffer };

const UPLINK: Message = {
  topic: 'gateway/7276ff002e062c18/event/up',
  payload: Buffer.from(readFixtureText('chirpstack-v3/gw-event-up.json')),
};
const CLOCK = new Date('2024-05-01T12:00:00.000Z');

class LoginRecordingSink extends RecordingSink {
  readonly loginFailures: string[] = [];

  onLoginFailed(message: string): void {
    this.loginFailures.push(message);
  }
}

function chirpstackV3(): CollectorParser<Message> {
  const parse = createChirpstackV3Parser();
  return (message, context) => parse(message.topic, message.payload, context);
}

function bookOf(sink: RecordingSink, parser = chirpstackV3()): CollectorBook<Message> {
  return new CollectorBook<Message>(
    { dataSourceId: 7, organizationId: 3, now: () => CLOCK },
    sink,
    parser,
    (message) => message.topic,
  );
}

describe('CollectorBook', () => {
  it('counts what it received and delivered, stamped with the collector clock', async () => {
    const sink = new RecordingSink();
    const book = bookOf(sink);

    const receivedAt = book.receive();
    const outcome = await book.deliver(UPLINK, receivedAt);

    expect(receivedAt).toBe('2024-05-01T12:00:00.000Z');
    expect(outcome.kind).toBe('packets');
    expect(sink.packets).toHaveLength(1);
    expect(sink.packets[0]).toMatchObject({ dataSourceId: 7, organizationId: 3, receivedAt });
    expect(book.counters()).toEqual({ received: 1, packets: 1, malformed: 0, lastMessageAt: receivedAt });
  });

  it('turns a parser that throws into a malformed message named by its topic, and survives a failing report', async () => {
    const sink = new RecordingSink();
    const book = bookOf(sink, () => {
      throw new Error('boom');
    });

    const outcome = await book.deliver(UPLINK, book.receive());
    sink.onMalformed = () => {
      throw new Error('logger down');
    };
    await book.deliver(UPLINK, book.receive());

    expect(outcome).toEqual({ kind: 'malformed', reason: 'parser failed: boom' });
    expect(sink.malformed).toEqual([{ reason: 'parser failed: boom', topic: UPLINK.topic }]);
    expect(book.counters()).toMatchObject({ received: 2, packets: 0, malformed: 2 });
  });

  it('rejects when the sink fails, and does not count the packets it did not take', async () => {
    const sink = new RecordingSink();
    sink.deliver = () => Promise.reject(new Error('disk full'));
    const book = bookOf(sink);

    await expect(book.deliver(UPLINK, book.receive())).rejects.toThrow('disk full');
    expect(book.counters()).toMatchObject({ received: 1, packets: 0, malformed: 0 });
  });

  it('tells status changes only, and a refused login once per episode', () => {
    const sink = new LoginRecordingSink();
    const book = bookOf(sink);

    book.report('DISCONNECTED', 'refused');
    book.loginFailed('first');
    book.report('DISCONNECTED', 'refused again');
    book.loginFailed('second');
    book.report('CONNECTED');
    book.credentialsAccepted();
    book.loginFailed('third');
    sink.onStatus = () => {
      throw new Error('logger down');
    };
    expect(() => book.report('DISCONNECTED')).not.toThrow();

    expect(sink.statuses).toEqual([{ status: 'DISCONNECTED', error: 'refused' }, { status: 'CONNECTED' }]);
    expect(sink.loginFailures).toEqual(['first', 'third']);
  });
});
