import type { EventMetadata } from '@lorawatch/domain/event-envelope';
import type { RecordedEvent } from '../event-store.port';
import {
  InvalidEventSchemaError,
  UnknownSchemaVersionError,
  UpcasterRegistry,
  type UpcastStep,
} from './upcaster-registry';

/**
 * Shapes local to this spec, as a product event would evolve:
 * v1 { temp }           Fahrenheit, one number
 * v2 { celsius }        unit changed
 * v3 { celsius, unit }  unit made explicit
 * v4 { reading: { value, unit }, at }  nested, with the time taken from the metadata
 */
const toV2: UpcastStep = (data) => ({
  celsius: Math.round((((data as { temp: number }).temp - 32) * 5) / 9),
});
const toV3: UpcastStep = (data) => ({ ...(data as object), unit: 'C' });
const toV4: UpcastStep = (data, metadata) => {
  const { celsius, unit } = data as { celsius: number; unit: string };
  return { reading: { value: celsius, unit }, at: metadata.occurredAt };
};

function recorded(type: string, data: unknown, schemaVersion: number): RecordedEvent {
  const metadata: EventMetadata = {
    organizationId: 3,
    actor: 'sensor',
    correlationId: 'c-1',
    causationId: null,
    occurredAt: '2024-03-01T08:00:00.000Z',
    schemaVersion,
  };
  return {
    id: `e-${type}-${schemaVersion}`,
    type,
    data,
    metadata,
    streamId: 'thermometer-1',
    revision: 4,
    position: 17,
    recordedAt: '2024-03-01T08:00:01.000Z',
  };
}

describe('UpcasterRegistry', () => {
  const registry = new UpcasterRegistry().register('TemperatureMeasured', {
    currentVersion: 4,
    steps: { 1: toV2, 2: toV3, 3: toV4 },
  });

  describe('upcasting on read', () => {
    it.each([
      [1, { temp: 212 }],
      [2, { celsius: 100 }],
      [3, { celsius: 100, unit: 'C' }],
    ])('chains every step from version %i to the current version', (version, data) => {
      const event = recorded('TemperatureMeasured', data, version);

      const upcast = registry.upcast(event);

      expect(upcast.data).toEqual({ reading: { value: 100, unit: 'C' }, at: '2024-03-01T08:00:00.000Z' });
      expect(upcast.metadata.schemaVersion).toBe(4);
    });

    it('keeps everything but the data and the version, and leaves the stored event untouched', () => {
      const event = recorded('TemperatureMeasured', { temp: 50 }, 1);
      const stored = structuredClone(event);

      const upcast = registry.upcast(event);

      expect(event).toEqual(stored);
      expect(upcast).toEqual({
        ...stored,
        data: { reading: { value: 10, unit: 'C' }, at: stored.metadata.occurredAt },
        metadata: { ...stored.metadata, schemaVersion: 4 },
      });
    });

    it('returns an event already in the current version as it is', () => {
      const event = recorded('TemperatureMeasured', { reading: { value: 1, unit: 'C' }, at: 'x' }, 4);
      expect(registry.upcast(event)).toBe(event);
    });

    it('passes an event type it does not know through unchanged, whatever its version', () => {
      const first = recorded('DoorOpened', { door: 'north' }, 1);
      const later = recorded('DoorOpened', { door: 'north' }, 7);
      expect(registry.upcast(first)).toBe(first);
      expect(registry.upcast(later)).toBe(later);
      expect(registry.currentVersion('DoorOpened')).toBe(1);
    });

    it('reads an event recorded without a schema version as version 1', () => {
      const event = recorded('TemperatureMeasured', { temp: 32 }, 1);
      const legacy = {
        ...event,
        metadata: { ...event.metadata, schemaVersion: undefined as unknown as number },
      };
      expect(registry.upcast(legacy).data).toEqual({
        reading: { value: 0, unit: 'C' },
        at: event.metadata.occurredAt,
      });
    });

    it('refuses an event written by a newer release, naming the event and both versions', () => {
      const event = recorded('TemperatureMeasured', { something: 'new' }, 5);

      expect(() => registry.upcast(event)).toThrow(UnknownSchemaVersionError);
      expect(() => registry.upcast(event)).toThrow(
        'Event e-TemperatureMeasured-5 (TemperatureMeasured) has schema version 5, but this build knows versions ' +
          'up to 4: upgrade this process before it reads events written by a newer release',
      );
    });

    it.each([0, -1, 1.5])('refuses the impossible schema version %p', (version) => {
      expect(() => registry.upcast(recorded('TemperatureMeasured', {}, version))).toThrow(
        UnknownSchemaVersionError,
      );
    });

    it('knows each registered type independently', () => {
      const both = new UpcasterRegistry()
        .register('TemperatureMeasured', { currentVersion: 2, steps: { 1: toV2 } })
        .register('HumidityMeasured', { currentVersion: 1, steps: {} });

      expect(both.upcast(recorded('TemperatureMeasured', { temp: 212 }, 1)).data).toEqual({ celsius: 100 });
      expect(() => both.upcast(recorded('HumidityMeasured', { rh: 40 }, 2))).toThrow(
        UnknownSchemaVersionError,
      );
      expect(both.currentVersion('TemperatureMeasured')).toBe(2);
    });
  });

  describe('registration', () => {
    it('refuses a chain with a missing step', () => {
      const register = () =>
        new UpcasterRegistry().register('TemperatureMeasured', {
          currentVersion: 4,
          steps: { 1: toV2, 3: toV4 },
        });
      expect(register).toThrow(InvalidEventSchemaError);
      expect(register).toThrow('Event schema of TemperatureMeasured is invalid: no step from version 2 to 3');
    });

    it('refuses a step from the current version or beyond, or from version 0', () => {
      expect(() =>
        new UpcasterRegistry().register('TemperatureMeasured', {
          currentVersion: 2,
          steps: { 1: toV2, 2: toV3 },
        }),
      ).toThrow('step from version 2 lies outside 1..1');
      expect(() =>
        new UpcasterRegistry().register('TemperatureMeasured', {
          currentVersion: 2,
          steps: { 0: toV2, 1: toV2 },
        }),
      ).toThrow('step from version 0 lies outside 1..1');
    });

    it.each([0, 2.5, Number.NaN])('refuses the current version %p', (currentVersion) => {
      expect(() =>
        new UpcasterRegistry().register('TemperatureMeasured', { currentVersion, steps: {} }),
      ).toThrow(InvalidEventSchemaError);
    });

    it('refuses a second registration of the same type', () => {
      const once = new UpcasterRegistry().register('TemperatureMeasured', {
        currentVersion: 2,
        steps: { 1: toV2 },
      });
      expect(() => once.register('TemperatureMeasured', { currentVersion: 2, steps: { 1: toV2 } })).toThrow(
        'Event schema of TemperatureMeasured is invalid: registered twice',
      );
    });

    it('is not changed by later edits of the object it was given', () => {
      const steps: Record<number, UpcastStep> = { 1: toV2 };
      const held = new UpcasterRegistry().register('TemperatureMeasured', { currentVersion: 2, steps });
      steps[1] = () => ({ tampered: true });
      expect(held.upcast(recorded('TemperatureMeasured', { temp: 212 }, 1)).data).toEqual({ celsius: 100 });
    });
  });
});
