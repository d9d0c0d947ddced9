import type { CustomerRole } from '@portaal/contracts';
import { formatPhone, type NotificationChoices } from '@portaal/contracts/contacts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { demoUsers } from '../../db/seed/demo-data.ts';
import { seedOnce } from '../../db/seed/seed-once.ts';
import { contacts, technicalEmails } from './contacts.table.ts';

const SEED_NAME = 'demo-contacts';

interface DemoContact {
  first: string;
  last: string;
  email: string;
  phone?: string;
  cellular?: string;
  roles: CustomerRole[];
  language: 'en' | 'nl';
  notes?: { external?: string; internal?: string };
  notifications?: NotificationChoices;
  /** Place on the call list. */
  call?: number;
  /** The demo login this contact is (username). */
  user?: string;
}

const all: NotificationChoices = {
  email: ['ticket_updates', 'availability', 'invoices', 'contract_renewals', 'mailings'],
  chat: ['ticket_updates', 'availability'],
};
/** The default choice (ticket updates) and mailings: the demo's mass mailings have an audience. */
const mailingsToo: NotificationChoices = { email: ['ticket_updates', 'mailings'], chat: [] };

/**
 * The demo's contacts per customer, Dutch and English: every demo login as the contact of its
 * membership (sync label active), colleagues without a login, a call list and technical e-mail lists.
 * Twelve addresses of all six customers, in both languages and with every kind of role, chose
 * mailings by e-mail: the mailing wizard's recipient count moves with each group ticked.
 */
export const demoContacts: Record<number, DemoContact[]> = {
  1001: [
    {
      first: 'Sanne',
      last: 'de Vries',
      email: 'sanne.devries@goudenkorst.example',
      phone: '020 555 0101',
      cellular: '06 12345601',
      roles: ['owner'],
      language: 'nl',
      user: 'owner',
      notifications: all,
      notes: { external: 'Directeur; tekent contracten.', internal: 'Liever bellen dan mailen.' },
    },
    {
      first: 'Pieter',
      last: 'Jansen',
      email: 'pieter.jansen@goudenkorst.example',
      phone: '020 555 0102',
      roles: ['financial_moderator'],
      language: 'nl',
      user: 'financial-moderator',
      notifications: { email: ['invoices', 'contract_renewals'], chat: [] },
    },
    {
      first: 'Emma',
      last: 'Bakker',
      email: 'emma.bakker@goudenkorst.example',
      roles: ['financial_viewer'],
      language: 'en',
      user: 'financial-viewer',
    },
    {
      first: 'Daan',
      last: 'Visser',
      email: 'daan.visser@goudenkorst.example',
      phone: '020 555 0104',
      cellular: '06 12345604',
      roles: ['technical_viewer'],
      language: 'nl',
      user: 'technical-viewer',
      call: 1,
      notifications: { email: ['ticket_updates', 'availability'], chat: ['availability'] },
    },
    {
      first: 'Lotte',
      last: 'Smit',
      email: 'lotte.smit@goudenkorst.example',
      roles: ['viewer'],
      language: 'nl',
      user: 'viewer',
    },
    {
      first: 'Bram',
      last: 'Kok',
      email: 'bram.kok@goudenkorst.example',
      cellular: '06 12345606',
      roles: ['technical_viewer'],
      language: 'nl',
      call: 2,
      notes: { external: 'Bereikbaar buiten kantoortijden.' },
    },
    {
      first: 'Femke',
      last: 'Hendriks',
      email: 'femke.hendriks@goudenkorst.example',
      cellular: '06 12345607',
      roles: ['technical_viewer', 'viewer'],
      language: 'nl',
      call: 3,
      notifications: mailingsToo,
    },
    {
      first: 'Willem',
      last: 'de Boer',
      email: 'willem.deboer@goudenkorst.example',
      phone: '030 555 0108',
      roles: ['financial_viewer'],
      language: 'nl',
      notes: { internal: 'Accountant, extern.' },
      notifications: mailingsToo,
    },
  ],
  1002: [
    {
      first: 'Oliver',
      last: 'Hughes',
      email: 'oliver.hughes@northwind.example',
      phone: '+44 20 7946 0201',
      cellular: '+44 7911 123201',
      roles: ['owner'],
      language: 'en',
      user: 'multi',
      call: 2,
      notifications: all,
    },
    {
      first: 'Charlotte',
      last: 'Evans',
      email: 'charlotte.evans@northwind.example',
      cellular: '+44 7911 123202',
      roles: ['technical_viewer'],
      language: 'en',
      call: 1,
      notes: { external: 'On call for the warehouse systems.' },
      notifications: mailingsToo,
    },
    {
      first: 'George',
      last: 'Patel',
      email: 'george.patel@northwind.example',
      phone: '+44 20 7946 0203',
      roles: ['financial_moderator'],
      language: 'en',
      notifications: mailingsToo,
    },
    {
      first: 'Amelia',
      last: 'Wright',
      email: 'amelia.wright@northwind.example',
      roles: ['viewer'],
      language: 'en',
      notes: { internal: 'Asked about a second office; follow up.' },
    },
  ],
  1003: [
    {
      first: 'Maarten',
      last: 'van Dijk',
      email: 'maarten.vandijk@vandijkadvocaten.example',
      phone: '070 555 0301',
      roles: ['owner'],
      language: 'nl',
      notifications: all,
    },
    {
      first: 'Oliver',
      last: 'Hughes',
      email: 'oliver.hughes@northwind.example',
      roles: ['viewer'],
      language: 'en',
      user: 'multi',
    },
    {
      first: 'Ingrid',
      last: 'Vos',
      email: 'ingrid.vos@vandijkadvocaten.example',
      roles: ['financial_moderator'],
      language: 'nl',
    },
    {
      first: 'Sophie',
      last: 'de Graaf',
      email: 'sophie.degraaf@vandijkadvocaten.example',
      cellular: '06 12345304',
      roles: ['technical_viewer'],
      language: 'nl',
      call: 1,
      notifications: mailingsToo,
    },
  ],
  1004: [
    {
      first: 'Harriet',
      last: 'Cole',
      email: 'harriet.cole@greenfield.example',
      phone: '+44 161 496 0401',
      roles: ['owner'],
      language: 'en',
      notifications: mailingsToo,
    },
    {
      first: 'Samuel',
      last: 'Brooks',
      email: 'samuel.brooks@greenfield.example',
      cellular: '+44 7911 123402',
      roles: ['technical_viewer'],
      language: 'en',
      call: 1,
      notifications: mailingsToo,
    },
  ],
  1005: [
    {
      first: 'Anouk',
      last: 'Peters',
      email: 'anouk.peters@zorgnetutrecht.example',
      phone: '030 555 0501',
      roles: ['owner'],
      language: 'nl',
      notifications: mailingsToo,
    },
    {
      first: 'Ruben',
      last: 'Dekker',
      email: 'ruben.dekker@zorgnetutrecht.example',
      cellular: '06 12345502',
      roles: ['technical_viewer'],
      language: 'nl',
      call: 1,
    },
  ],
  1006: [
    {
      first: 'Jeroen',
      last: 'Bos',
      email: 'jeroen.bos@heldermedia.example',
      phone: '020 555 0601',
      roles: ['owner'],
      language: 'nl',
      notifications: mailingsToo,
    },
    {
      first: 'Noor',
      last: 'Meijer',
      email: 'noor.meijer@heldermedia.example',
      roles: ['viewer'],
      language: 'nl',
    },
  ],
};

/** Technical e-mail lists: some addresses are contacts, some are shared mailboxes. */
export const demoTechnicalEmails: Record<number, string[]> = {
  1001: ['noc@goudenkorst.example', 'daan.visser@goudenkorst.example', 'bram.kok@goudenkorst.example'],
  1002: ['it-alerts@northwind.example', 'charlotte.evans@northwind.example'],
  1003: ['sophie.degraaf@vandijkadvocaten.example'],
};

function phone(value: string | undefined): string | null {
  if (value === undefined) return null;
  const formatted = formatPhone(value);
  if (!formatted) throw new Error(`demo phone number ${value} is not valid`);
  return formatted;
}

export function buildDemoContacts() {
  return Object.entries(demoContacts).flatMap(([customer, list]) =>
    list.map((contact) => {
      const user = contact.user ? demoUsers.find((entry) => entry.username === contact.user) : undefined;
      return {
        customerId: Number(customer),
        userId: user?.id ?? null,
        firstName: contact.first,
        lastName: contact.last,
        email: contact.email,
        phone: phone(contact.phone),
        cellular: phone(contact.cellular),
        roles: contact.roles,
        language: contact.language,
        notifications: contact.notifications ?? { email: ['ticket_updates'], chat: [] },
        externalNote: contact.notes?.external ?? '',
        internalNote: contact.notes?.internal ?? '',
        sync: user ? ('active' as const) : null,
        callPosition: contact.call ?? null,
      };
    }),
  );
}

export async function seedDemoContacts(db: Database): Promise<boolean> {
  return seedOnce(db, SEED_NAME, async (tx) => {
    await tx.insert(contacts).values(buildDemoContacts());
    for (const [customer, emails] of Object.entries(demoTechnicalEmails)) {
      await tx
        .insert(technicalEmails)
        .values(emails.map((email, index) => ({ customerId: Number(customer), email, position: index + 1 })));
    }
  });
}

const MAILINGS_SEED_NAME = 'demo-contacts-mailings';

/**
 * A data folder seeded before more demo contacts chose mailings gets their choice on its next start
 * (a fresh one has it from seedDemoContacts already): 'mailings' is added to their e-mail choices
 * where it is missing, last, as the fixed order of the events has it. Nothing else is touched.
 */
export async function seedDemoMailingChoices(db: Database): Promise<boolean> {
  return seedOnce(db, MAILINGS_SEED_NAME, async (tx) => {
    for (const [customer, list] of Object.entries(demoContacts)) {
      for (const contact of list) {
        if (!contact.notifications?.email.includes('mailings')) continue;
        await tx.execute(sql`
          update contacts
          set notifications = jsonb_set(notifications, '{email}', (notifications->'email') || '["mailings"]')
          where customer_id = ${Number(customer)} and email = ${contact.email}
            and not (notifications->'email' ? 'mailings')`);
      }
    }
  });
}

const LOGIN_PHONES_SEED_NAME = 'demo-login-phones';

/**
 * The demo logins' own phone numbers (My profile) as their contacts have them: inviting a contact
 * copies them (logins.service.ts), and the demo's logins are seeded rather than invited. Saving the
 * profile writes its numbers to every contact that is the login, so empty ones would erase the
 * contacts'. Once, for a fresh data folder and an older one alike; a login that has a number of its
 * own keeps it.
 */
export async function seedDemoLoginPhones(db: Database): Promise<boolean> {
  return seedOnce(db, LOGIN_PHONES_SEED_NAME, async (tx) => {
    const ids = demoUsers.map((user) => user.id);
    await tx.execute(sql`
      update users
      set phone = contact.phone, mobile = contact.cellular
      from (
        select distinct on (user_id) user_id, phone, cellular
        from contacts
        where user_id in ${ids} and (phone is not null or cellular is not null)
        order by user_id, customer_id
      ) contact
      where users.id = contact.user_id and users.phone is null and users.mobile is null`);
  });
}
