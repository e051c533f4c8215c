import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { clientConnectionString } from '@lorawatch/config/kurrent-connection-string';
import { KurrentEventStore } from './kurrent-event-store';

describe('clientConnectionString', () => {
  it.each([
    ['kurrentdb://k:2113?tls=false', 'kurrentdb://k:2113?tls=false'],
    ['kurrent://k:2113', 'kurrent://k:2113'],
    ['kdb+discover://cluster:2113', 'kdb+discover://cluster:2113'],
    ['esdb://admin:changeit@es:2113?tls=false', 'kurrentdb://admin:changeit@es:2113?tls=false'],
    ['eventstoredb://es:2113?tls=false', 'kurrentdb://es:2113?tls=false'],
    ['EventStoreDB+discover://cluster:2113', 'kurrentdb+discover://cluster:2113'],
    ['  kurrentdb://k:2113  ', 'kurrentdb://k:2113'],
  ])('hands %s to the client as %s', (given, handed) => {
    expect(clientConnectionString(given)).toBe(handed);
  });

  it('refuses another scheme with what it accepts', () => {
    expect(() => clientConnectionString('http://kurrentdb:2113')).toThrow(
      'Not a KurrentDB connection string: it must start with kurrentdb://, kurrent://, kdb://, esdb:// or ' +
        'eventstoredb:// (optionally +discover), such as kurrentdb://host:2113?tls=false',
    );
  });
});

describe('KurrentEventStore.connect', () => {
  // The client parses the connection string when it is made (it connects on first use): no server is needed.
  it('accepts eventstoredb://, which the client alone refuses', async () => {
    expect(() => KurrentDBClient.connectionString('eventstoredb://localhost:2113?tls=false')).toThrow();

    const store = KurrentEventStore.connect('eventstoredb://localhost:2113?tls=false');
    await store.close();
  });

  it('connects esdb:// as kurrentdb://, without the client warning it is deprecated', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const store = KurrentEventStore.connect('esdb://localhost:2113?tls=false');
      await store.close();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});
