import { z } from 'zod';
import { customerIdSchema, isoDateSchema } from './common.ts';
import { text } from './text.ts';
import { ticketStatusSchema } from './tickets.ts';

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

/** One part of a hit's second line: text as it is, a ticket's status, or a day. */
export const searchSubtitlePartSchema = z
  .union([
    z.strictObject({ text: z.string() }),
    z.strictObject({ ticket_status: ticketStatusSchema }),
    z.strictObject({ date: isoDateSchema }),
  ])
  .meta({ id: 'SearchSubtitlePart' });
export type SearchSubtitlePart = z.infer<typeof searchSubtitlePartSchema>;

export const searchHitSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    /** The second line as text (statuses as codes, days as YYYY-MM-DD). */
    subtitle: z.string(),
    /**
     * The same line in parts, when it holds a status or a day: the web app writes a status by its
     * label and a day in the reader's format (SPEC.md §9), and joins the parts with ' · '.
     */
    subtitle_parts: z.array(searchSubtitlePartSchema).optional(),
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
