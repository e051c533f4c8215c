import type { Response } from 'express';

/** The total-items / total-pages headers of a list paged by `page` and `size` (docs/api.md §1.6 A). */
export function setPagingHeaders(response: Response, total: number, size: number): void {
  response.setHeader('total-items', String(total));
  response.setHeader('total-pages', String(Math.ceil(total / size)));
}
