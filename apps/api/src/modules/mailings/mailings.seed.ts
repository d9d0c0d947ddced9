import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { seedState } from '../../db/seed-state.table.ts';
import { mailings } from './mailings.table.ts';

const SEED_NAME = 'demo-mailings';
const joris = { createdById: '6f1c2a10-0008-4a1e-9c01-000000000008', createdByName: 'Joris Mulder' };

/** The demo contacts who chose mailings (contacts.seed.ts): the recipients of the demo mailings. */
const recipients = [
  'maarten.vandijk@vandijkadvocaten.example',
  'oliver.hughes@northwind.example',
  'sanne.devries@goudenkorst.example',
];

/**
 * Two sent mailings with fixed dates, so the overview is not empty in the demo. Their deliveries are
 * recorded as sent without outbox mails: the demo mails nobody.
 */
const demoMailings = [
  {
    label: 'Maintenance window Amsterdam 1',
    sender: 'Portaal service desk',
    subjectEn: 'Planned maintenance in data centre Amsterdam 1',
    subjectNl: 'Gepland onderhoud in datacenter Amsterdam 1',
    bodyEn:
      'On Saturday 12 September between 06:00 and 08:00 we replace the core switches in Amsterdam 1.\n\nYour servers stay on; the network may be unavailable for a few minutes.',
    bodyNl:
      'Op zaterdag 12 september tussen 06:00 en 08:00 vervangen we de core switches in Amsterdam 1.\n\nUw servers blijven aan; het netwerk kan enkele minuten onbereikbaar zijn.',
    at: '2026-09-01T09:00:00Z',
  },
  {
    label: 'New portal features October',
    sender: 'Team Portaal',
    subjectEn: 'New in the portal: usage reports and trends',
    subjectNl: 'Nieuw in het portaal: verbruiksrapporten en trends',
    bodyEn: 'From today the portal shows your monthly usage reports and the trends of your servers.',
    bodyNl: 'Vanaf vandaag toont het portaal uw maandelijkse verbruiksrapporten en de trends van uw servers.',
    at: '2026-10-05T13:30:00Z',
  },
];

/** Loads the demo mailings once (their own seed name, so an older data folder gets them on its next start). */
export async function seedDemoMailings(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(seedState).values({ name: SEED_NAME }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    for (const demo of demoMailings) {
      const { at, ...content } = demo;
      const [row] = await tx
        .insert(mailings)
        .values({
          ...content,
          ...joris,
          query: { customer_statuses: ['active'], languages: [], products: [], customer_ids: [], roles: [] },
          status: 'sent',
          createdAt: at,
          sentAt: at,
        })
        .returning({ id: mailings.id });
      if (!row) throw new Error('demo mailing not stored');
      const done = await tx.execute(sql`
        insert into mailing_deliveries (mailing_id, contact_id, customer_id, email, name, language, status, done_at)
        select distinct on (c.email) ${row.id}, c.id, c.customer_id, c.email,
          trim(c.first_name || ' ' || c.last_name), c.language, 'sent', ${at}::timestamptz
        from contacts c
        where c.email = any(${sql.param(recipients)}::text[])
        order by c.email, c.id`);
      const count = done.rowCount ?? 0;
      await tx.execute(sql`update mailings set total = ${count}, sent = ${count} where id = ${row.id}`);
    }
    return true;
  });
}
