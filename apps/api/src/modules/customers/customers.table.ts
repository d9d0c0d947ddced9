import type { CustomerFeatures } from '@portaal/contracts';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';

export const customers = pgTable(
  'customers',
  {
    customerId: integer('customer_id').primaryKey(),
    displayName: text('display_name').notNull(),
    language: text('language', { enum: ['en', 'nl'] })
      .notNull()
      .default('nl'),
    status: text('status', { enum: ['active', 'suspended', 'terminated'] })
      .notNull()
      .default('active'),
    phone: text('phone'),
    cocNumber: text('coc_number'),
    vatNumber: text('vat_number'),
    usagePoNumber: text('usage_po_number'),
    createdAt: date('created_at', { mode: 'string' }).notNull().default(sql`current_date`),
  },
  (table) => [index('customers_name_idx').on(sql`lower(${table.displayName})`, table.customerId)],
);

export const customerLinks = pgTable(
  'customer_links',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    identifier: text('identifier').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.type, table.identifier] }),
    index('customer_links_customer_idx').on(table.customerId),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    type: text('type', { enum: ['delivery', 'invoice', 'postal', 'visit'] }).notNull(),
    main: boolean('main').notNull().default(false),
    lines: text('lines').array().notNull(),
    postcode: text('postcode').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
  },
  (table) => [index('addresses_customer_idx').on(table.customerId)],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    main: boolean('main').notNull().default(false),
    iban: text('iban').notNull(),
    bic: text('bic'),
    accountHolder: text('account_holder').notNull(),
  },
  (table) => [index('bank_accounts_customer_idx').on(table.customerId)],
);

type FeaturesBody = Omit<CustomerFeatures, 'customer_id'>;

export const customerFeatures = pgTable('customer_features', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.customerId, { onDelete: 'cascade' }),
  observe: jsonb('observe').$type<FeaturesBody['observe']>().notNull(),
  contracts: jsonb('contracts').$type<FeaturesBody['contracts']>().notNull(),
});
