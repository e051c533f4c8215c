import { brokerUrl } from './broker-endpoint';

describe('brokerUrl', () => {
  it('accepts mqtt:// and mqtts:// URLs, or host, port and TLS flag', () => {
    expect(brokerUrl({ url: 'mqtt://broker.local:1883' })).toBe('mqtt://broker.local:1883');
    expect(brokerUrl({ url: 'mqtts://broker.local:8883' })).toBe('mqtts://broker.local:8883');
    expect(brokerUrl({ host: 'broker.local', port: 8883, ssl: true })).toBe('mqtts://broker.local:8883');
    expect(brokerUrl({ host: '10.0.0.5', port: 1883 })).toBe('mqtt://10.0.0.5:1883');
  });

  it('rejects other schemes and garbage', () => {
    expect(() => brokerUrl({ url: 'http://broker.local' })).toThrow(/mqtt:\/\/ or mqtts:\/\//);
    expect(() => brokerUrl({ url: 'broker.local:1883' })).toThrow();
    expect(() => brokerUrl({ url: 'not a url' })).toThrow(/invalid broker URL/);
  });
});
