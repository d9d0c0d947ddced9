import { type AvailabilityRange, availabilityRanges } from '@portaal/contracts/availability-rules';
import { idParam } from '../../../lib/search-params.ts';

/** /sla-usage/application-statuses?range=currentMonth&app=2; anything unreadable is dropped. */
export interface AvailabilitySearch {
  range?: AvailabilityRange;
  app?: number;
}

// Plain checks rather than zod: validateSearch is not code-split (see the trends search params).
export function validateAvailabilitySearch(search: Record<string, unknown>): AvailabilitySearch {
  const result: AvailabilitySearch = {};
  if ((availabilityRanges as readonly unknown[]).includes(search.range)) {
    result.range = search.range as AvailabilityRange;
  }
  const app = idParam(search.app);
  if (app) result.app = app;
  return result;
}
