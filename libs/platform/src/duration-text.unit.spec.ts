import { durationText } from './duration-text';

describe('durationText', () => {
  it('gives milliseconds under one second and whole seconds above', () => {
    expect(durationText(2)).toBe('2 ms');
    expect(durationText(999)).toBe('999 ms');
    expect(durationText(1000)).toBe('1 s');
    expect(durationText(600_000)).toBe('600 s');
    expect(durationText(1499)).toBe('1 s');
  });
});
