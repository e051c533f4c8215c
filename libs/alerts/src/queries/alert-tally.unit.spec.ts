import { splitIntoHours } from './alert-tally';

const on = (time: string) => `2024-05-01T${time}Z`;

describe('splitting a count window into whole hours and partial ones', () => {
  it.each([
    ['no bounds: every hour', {}, { hours: {}, edges: [] }],
    [
      'bounds on hour boundaries: whole hours only',
      { gte: on('10:00:00.000'), lte: on('12:59:59.999') },
      { hours: { gte: on('10:00:00.000'), lte: on('12:00:00.000') }, edges: [] },
    ],
    [
      'a lower bound inside an hour: the rest of that hour is partial',
      { gte: on('10:30:00.000') },
      { hours: { gte: on('11:00:00.000') }, edges: [{ gte: on('10:30:00.000'), lte: on('10:59:59.999') }] },
    ],
    [
      'an upper bound inside an hour: its start is partial',
      { lte: on('12:00:00.000') },
      { hours: { lte: on('11:00:00.000') }, edges: [{ gte: on('12:00:00.000'), lte: on('12:00:00.000') }] },
    ],
    [
      'both inside different hours',
      { gte: on('10:30:00.000'), lte: on('12:15:00.000') },
      {
        hours: { gte: on('11:00:00.000'), lte: on('11:00:00.000') },
        edges: [
          { gte: on('10:30:00.000'), lte: on('10:59:59.999') },
          { gte: on('12:00:00.000'), lte: on('12:15:00.000') },
        ],
      },
    ],
    [
      'both inside adjacent hours: no whole hour',
      { gte: on('10:30:00.000'), lte: on('11:00:00.000') },
      {
        hours: null,
        edges: [
          { gte: on('10:30:00.000'), lte: on('10:59:59.999') },
          { gte: on('11:00:00.000'), lte: on('11:00:00.000') },
        ],
      },
    ],
    [
      'both inside the same hour: one partial hour',
      { gte: on('10:10:00.000'), lte: on('10:20:00.000') },
      { hours: null, edges: [{ gte: on('10:10:00.000'), lte: on('10:20:00.000') }] },
    ],
    [
      'a lower bound inside the hour the upper bound ends',
      { gte: on('10:10:00.000'), lte: on('10:59:59.999') },
      { hours: null, edges: [{ gte: on('10:10:00.000'), lte: on('10:59:59.999') }] },
    ],
    [
      'an upper bound inside the hour the lower bound starts',
      { gte: on('10:00:00.000'), lte: on('10:20:00.000') },
      { hours: null, edges: [{ gte: on('10:00:00.000'), lte: on('10:20:00.000') }] },
    ],
    [
      'a single instant',
      { gte: on('10:20:00.000'), lte: on('10:20:00.000') },
      { hours: null, edges: [{ gte: on('10:20:00.000'), lte: on('10:20:00.000') }] },
    ],
  ])('%s', (_, window, expected) => {
    expect(splitIntoHours(window)).toEqual(expected);
  });
});
