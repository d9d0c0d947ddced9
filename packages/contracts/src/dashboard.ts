import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from './common.ts';
import { moneySchema } from './invoices.ts';

/**
 * The customer's dashboard (issue 15): panels that each area registers for itself on the server
 * (apps/api/src/modules/dashboard), all answered in one request. A panel is data only — figures and a
 * short list, each with the link into its area's filtered list — so the web app renders any panel with
 * one component, and its texts come from i18n by the panel's and the figure's keys
 * (`dashboard.panels.<panel>.title`, `….figures.<key>`, `….empty` in the "global" namespace).
 */
export const dashboardFigureSchema = z
  .object({
    /** Stable key within the panel, also the i18n key of its label. */
    key: z.string(),
    value: z.number().int(),
    /** attention: something waits for the user; critical: something is late or down. */
    tone: z.enum(['neutral', 'attention', 'critical']),
    /** The web route of the filtered list this figure counts, e.g. `/support?view=awaiting_reply`. */
    href: z.string(),
  })
  .meta({ id: 'DashboardFigure' });
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;

export const dashboardItemSchema = z
  .object({
    key: z.string(),
    title: z.string(),
    /** A second line: who, or a short excerpt. */
    detail: z.string().nullable(),
    /**
     * A second line of figures instead, formatted by the client in the reader's language (SPEC.md §9):
     * the text `dashboard.panels.<panel>.details.<key>` with each value as a formatted number.
     */
    detail_values: z
      .object({ key: z.string(), values: z.record(z.string(), z.number()) })
      .nullable()
      .optional(),
    /**
     * Sums of money (EUR) that the client writes in the reader's format (SPEC.md §9) in place of
     * `title` or `detail`, which hold the same sum as text for other readers of the API.
     */
    money: z.object({ title: moneySchema.optional(), detail: moneySchema.optional() }).optional(),
    at: isoDateTimeSchema.nullable(),
    /** A day without a time (a renewal date), shown as a date only; instead of `at`. */
    date: isoDateSchema.optional(),
    href: z.string(),
  })
  .meta({ id: 'DashboardItem' });
export type DashboardItem = z.infer<typeof dashboardItemSchema>;

export const dashboardPanelSchema = z
  .object({
    /** The registering area, e.g. `tickets`; the web app orders and titles panels by it. */
    panel: z.string(),
    figures: z.array(dashboardFigureSchema),
    /** The i18n key of the list's heading within the panel, when the panel has a list. */
    items_title: z.string().nullable(),
    items: z.array(dashboardItemSchema),
  })
  .meta({ id: 'DashboardPanel' });
export type DashboardPanel = z.infer<typeof dashboardPanelSchema>;

export const dashboardSchema = z.object({ panels: z.array(dashboardPanelSchema) }).meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;
