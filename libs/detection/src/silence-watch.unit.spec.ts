import { deadlinesReachedBy, silenceMoment } from './silence-watch';

const at = (iso: string) => Date.parse(iso);

describe('the moment a silence is judged', () => {
  it('is the first whole minute of event time strictly after the deadline', () => {
    expect(silenceMoment(at('2026-11-28T10:04:59.999Z'))).toBe(at('2026-11-28T10:05:00.000Z'));
    expect(silenceMoment(at('2026-11-28T10:05:00.000Z'))).toBe(at('2026-11-28T10:06:00.000Z'));
    expect(silenceMoment(at('2026-11-28T10:05:00.001Z'))).toBe(at('2026-11-28T10:06:00.000Z'));
  });

  it('is reached by a watermark exactly when the deadline lies before the watermark’s whole minute', () => {
    const deadlines = [
      '2026-11-28T10:03:59.999Z',
      '2026-11-28T10:04:00.000Z',
      '2026-11-28T10:04:30.000Z',
      '2026-11-28T10:04:59.999Z',
      '2026-11-28T10:05:00.000Z',
    ].map(at);
    for (const watermark of [
      '2026-11-28T10:04:59.999Z',
      '2026-11-28T10:05:00.000Z',
      '2026-11-28T10:05:42.000Z',
    ].map(at))
      for (const deadline of deadlines)
        expect(deadline < deadlinesReachedBy(watermark)).toBe(silenceMoment(deadline) <= watermark);
  });
});
