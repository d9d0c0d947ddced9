import { staffRoleNames } from '@portaal/contracts';
import { hashPassword } from '@portaal/idp/password';
import { seedDemoAgreements } from '../../modules/agreements/agreements.seed.ts';
import { seedDemoAvailability } from '../../modules/availability/availability.seed.ts';
import {
  seedDemoContacts,
  seedDemoLoginPhones,
  seedDemoMailingChoices,
} from '../../modules/contacts/contacts.seed.ts';
import { seedDemoMailings } from '../../modules/mailings/mailings.seed.ts';
import { seedSavedReplies } from '../../modules/tickets/saved-replies.seed.ts';
import { seedDemoUsage } from '../../modules/usage/usage.seed.ts';
import type { Database } from '../client.ts';
import {
  addresses,
  bankAccounts,
  customerFeatures,
  customerLinks,
  customers,
  memberships,
  users,
} from '../schema.ts';
import { seedDemoAdministration } from './administration.seed.ts';
import { DEMO_PASSWORD, demoCustomers, demoUsers } from './demo-data.ts';
import { seedDemoTickets } from './demo-tickets.ts';
import { seedDemoLandscape } from './landscape.seed.ts';
import { seedOnce } from './seed-once.ts';

const SEED_NAME = 'demo-foundation';

/**
 * Loads the demo data once; later starts find the seed recorded and leave the data alone. Each part
 * has its own seed name, so a data folder made before a part existed gets it on its next start.
 * Answers whether anything was loaded. The demo's metric series are not stored: they are computed
 * when asked (modules/trends/demo-series.ts).
 */
export async function seedDemo(
  db: Database,
  rolePrefix = 'provider',
  { publicUrl = 'http://localhost:3000' }: { publicUrl?: string } = {},
): Promise<boolean> {
  const foundation = await seedFoundation(db, rolePrefix);
  const tickets = await seedDemoTickets(db);
  const savedReplies = await seedSavedReplies(db);
  const landscape = await seedDemoLandscape(db);
  const usage = await seedDemoUsage(db);
  const availability = await seedDemoAvailability(db, { publicUrl });
  const administration = await seedDemoAdministration(db);
  const people = await seedDemoContacts(db);
  const mailingChoices = await seedDemoMailingChoices(db);
  const loginPhones = await seedDemoLoginPhones(db);
  const agreementsSeeded = await seedDemoAgreements(db);
  const mailingsSeeded = await seedDemoMailings(db);
  return (
    foundation ||
    tickets ||
    savedReplies ||
    landscape ||
    usage ||
    availability ||
    administration ||
    people ||
    mailingChoices ||
    loginPhones ||
    agreementsSeeded ||
    mailingsSeeded
  );
}

async function seedFoundation(db: Database, rolePrefix: string): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const staffRoles = staffRoleNames(rolePrefix);
  return seedOnce(db, SEED_NAME, async (tx) => {
    for (const customer of demoCustomers) {
      const { links, addresses: customerAddresses, bankAccounts: accounts, features, ...row } = customer;
      await tx.insert(customers).values(row);
      const { customerId } = customer;
      if (links.length) await tx.insert(customerLinks).values(links.map((link) => ({ ...link, customerId })));
      if (customerAddresses.length) {
        await tx.insert(addresses).values(customerAddresses.map((address) => ({ ...address, customerId })));
      }
      if (accounts.length)
        await tx.insert(bankAccounts).values(accounts.map((account) => ({ ...account, customerId })));
      await tx.insert(customerFeatures).values({ customerId, ...features });
    }
    for (const user of demoUsers) {
      const { memberships: userMemberships, staff, ...row } = user;
      await tx.insert(users).values({
        ...row,
        passwordHash,
        // The demo logins are colleagues who use the portal already, not pending invitations.
        signedInAt: new Date(),
        globalRoles: staff ? [staffRoles[staff]] : [],
        groups: staff ? ['/staff'] : ['/customers'],
      });
      if (userMemberships.length) {
        await tx
          .insert(memberships)
          .values(userMemberships.map((membership) => ({ ...membership, userId: user.id })));
      }
    }
  });
}
