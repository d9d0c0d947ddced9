import type { MailingQuery } from '@portaal/contracts/mailings';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { seedOnce } from '../../db/seed/seed-once.ts';
import { recipientsOf } from './mailings.repo.ts';
import { mailings } from './mailings.table.ts';

const SEED_NAME = 'demo-mailings';
const joris = { createdById: '6f1c2a10-0008-4a1e-9c01-000000000008', createdByName: 'Joris Mulder' };

const query = (narrowing: Partial<MailingQuery>): MailingQuery => ({
  customer_statuses: ['active'],
  languages: [],
  products: [],
  customer_ids: [],
  roles: [],
  ...narrowing,
});

/**
 * Two sent mailings with fixed dates, so the overview and its detail screens are not empty in the
 * demo. Their recipients are those their query reached when the demo was loaded (the demo contacts
 * who chose mailings, contacts.seed.ts); the deliveries are recorded as delivered without outbox
 * mails (the demo mails nobody), except the addresses in `failed`, recorded as given up.
 */
const demoMailings: {
  label: string;
  sender: string;
  subjectEn: string;
  subjectNl: string;
  bodyEn: string;
  bodyNl: string;
  query: MailingQuery;
  failed: string[];
  at: string;
}[] = [
  {
    label: 'Maintenance window Amsterdam 1',
    sender: 'Portaal service desk',
    subjectEn: 'Planned maintenance in data centre Amsterdam 1',
    subjectNl: 'Gepland onderhoud in datacenter Amsterdam 1',
    bodyEn:
      'On Saturday 12 September between 06:00 and 08:00 we replace the core switches in Amsterdam 1.\n\nYour servers stay on; the network may be unavailable for a few minutes.',
    bodyNl:
      'Op zaterdag 12 september tussen 06:00 en 08:00 vervangen we de core switches in Amsterdam 1.\n\nUw servers blijven aan; het netwerk kan enkele minuten onbereikbaar zijn.',
    // The customers with servers in Amsterdam 1: their owners and technical contacts.
    query: query({ customer_ids: [1001, 1002, 1003], roles: ['owner', 'technical_viewer'] }),
    failed: [],
    at: '2026-09-01T09:00:00Z',
  },
  {
    label: 'New portal features October',
    sender: 'Team Portaal',
    subjectEn: 'New in the portal: usage reports and trends',
    subjectNl: 'Nieuw in het portaal: verbruiksrapporten en trends',
    bodyEn: 'From today the portal shows your monthly usage reports and the trends of your servers.',
    bodyNl: 'Vanaf vandaag toont het portaal uw maandelijkse verbruiksrapporten en de trends van uw servers.',
    query: query({}),
    // A mailbox that refused the mail: the progress shows a failed one.
    failed: ['george.patel@northwind.example'],
    at: '2026-10-05T13:30:00Z',
  },
];

/** Loads the demo mailings once (their own seed name, so an older data folder gets them on its next start). */
export async function seedDemoMailings(db: Database): Promise<boolean> {
  return seedOnce(db, SEED_NAME, async (tx) => {
    for (const demo of demoMailings) {
      const { at, failed, ...content } = demo;
      const [row] = await tx
        .insert(mailings)
        .values({ ...content, ...joris, status: 'sent', createdAt: at, sentAt: at })
        .returning({ id: mailings.id });
      if (!row) throw new Error('demo mailing not stored');
      await tx.execute(sql`
        insert into mailing_deliveries (mailing_id, contact_id, customer_id, email, name, language, status, done_at)
        select ${row.id}, r.contact_id, r.customer_id, r.email, r.name, r.language,
          case when r.email = any(${sql.param(failed)}::text[]) then 'failed' else 'sent' end,
          ${at}::timestamptz
        from (${recipientsOf(demo.query)}) r`);
      await tx.execute(sql`
        update mailings m set total = c.total, sent = c.total - c.failed, failed = c.failed
        from (
          select count(*)::int as total, count(*) filter (where status = 'failed')::int as failed
          from mailing_deliveries where mailing_id = ${row.id}
        ) c
        where m.id = ${row.id}`);
    }
  });
}
