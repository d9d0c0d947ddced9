import { z } from 'zod';
import { customerIdSchema } from './common.ts';
import { text } from './text.ts';

/** SPEC.md §5/§9: a search needs at least 3 characters. */
export const SEARCH_MIN = 3;
export const SEARCH_MAX = 200;

export const searchQuerySchema = z.object({
  q: text()
    .min(SEARCH_MIN, `must be at least ${SEARCH_MIN} characters`)
    .max(SEARCH_MAX, `must be at most ${SEARCH_MAX} characters`),
  customer_id: customerIdSchema.optional().describe('The selected customer: its objects are searched'),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchKinds = [
  'tickets',
  'contacts',
  'customers',
  'invoices',
  'contracts',
  'servers',
  'landscape',
] as const;

export const searchHitSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    subtitle: z.string(),
    /** The web app's route that opens the object. */
    route: z.string(),
  })
  .meta({ id: 'SearchHit' });
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResultSchema = z
  .object({
    q: z.string(),
    groups: z.array(z.object({ kind: z.string(), hits: z.array(searchHitSchema) })),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof searchResultSchema>;
