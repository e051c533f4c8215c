import { adjacentPosition } from './navigation';

describe('adjacentPosition', () => {
  it('moves to the neighbouring row inside a page', () => {
    expect(adjacentPosition({ page: 0, row: 1 }, 'next', 10, 25)).toEqual({ page: 0, row: 2 });
    expect(adjacentPosition({ page: 1, row: 4 }, 'previous', 10, 25)).toEqual({ page: 1, row: 3 });
  });

  it('continues on the next page from the last row of a page', () => {
    expect(adjacentPosition({ page: 0, row: 9 }, 'next', 10, 25)).toEqual({ page: 1, row: 0 });
  });

  it('continues on the previous page from the first row of a page', () => {
    expect(adjacentPosition({ page: 2, row: 0 }, 'previous', 10, 25)).toEqual({ page: 1, row: 9 });
  });

  it('stops at the absolute first and last items', () => {
    expect(adjacentPosition({ page: 0, row: 0 }, 'previous', 10, 25)).toBeNull();
    expect(adjacentPosition({ page: 2, row: 4 }, 'next', 10, 25)).toBeNull();
    // The last page is full: nothing after its last row either.
    expect(adjacentPosition({ page: 1, row: 9 }, 'next', 10, 20)).toBeNull();
  });

  it('has no neighbour in an empty list or outside it', () => {
    expect(adjacentPosition({ page: 0, row: 0 }, 'next', 10, 0)).toBeNull();
    expect(adjacentPosition({ page: 5, row: 0 }, 'previous', 10, 25)).toBeNull();
    expect(adjacentPosition({ page: 0, row: 0 }, 'next', 0, 25)).toBeNull();
  });
});
