import { z } from 'zod';

/** ?page=N of a paged list (the profile's tabs): 1 when absent. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

/** One page of a list: its rows, how many rows there are in all, which page and its size. */
export function zPage<Row extends z.ZodType>(row: Row) {
  return z.object({
    rows: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
