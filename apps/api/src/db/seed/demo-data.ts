import type { CustomerFeatures, CustomerRole } from '@portaal/contracts';

/** Computes the ISO 13616 check digits so demo IBANs are valid. */
export function iban(country: string, bban: string): string {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

type Features = Omit<CustomerFeatures, 'customer_id'>;

const GIB = 1024 ** 3;

/**
 * A customer's features: limits follow from whether the observability stack is managed, and the
 * series and log volume from the Observe bundles the customer bought, where it has them (its usage
 * bundles in modules/usage/usage.seed.ts; usage.seed.test.ts keeps the two the same).
 */
export const features = (
  flavor: string | null,
  managed: boolean,
  contracts: [boolean, boolean, boolean],
  bought: { series?: number; logsGib?: number } = {},
): Features => ({
  observe: {
    flavor,
    metrics: {
      managed,
      limits: { hours: managed ? 9360 : 720, series: bought.series ?? (managed ? 250_000 : 10_000) },
    },
    logs: {
      managed,
      limits: { hours: managed ? 2160 : 168, bytes: (bought.logsGib ?? (managed ? 500 : 10)) * GIB },
    },
    traces: { managed: false, limits: { hours: 168, bytes: 5_368_709_120 } },
  },
  contracts: {
    managed_services: { has_active_contract: contracts[0] },
    professional_services: { has_active_contract: contracts[1] },
    service_management: { has_active_contract: contracts[2] },
  },
});

export interface DemoCustomer {
  customerId: number;
  displayName: string;
  language: 'en' | 'nl';
  status: 'active' | 'suspended' | 'terminated';
  phone: string | null;
  cocNumber: string | null;
  vatNumber: string | null;
  usagePoNumber: string | null;
  createdAt: string;
  links: { type: string; identifier: string }[];
  addresses: {
    type: 'delivery' | 'invoice' | 'postal' | 'visit';
    main: boolean;
    lines: string[];
    postcode: string;
    city: string;
    country: string;
  }[];
  bankAccounts: { main: boolean; iban: string; bic: string | null; accountHolder: string }[];
  features: Features;
}

export const demoCustomers: DemoCustomer[] = [
  {
    customerId: 1,
    displayName: 'Portaal Hosting B.V.',
    language: 'nl',
    status: 'active',
    phone: '+31 30 799 1000',
    cocNumber: '30181234',
    vatNumber: 'NL812345678B01',
    usagePoNumber: null,
    createdAt: '2009-03-02',
    links: [{ type: 'accounting', identifier: 'ACC-00001' }],
    addresses: [
      {
        type: 'visit',
        main: true,
        lines: ['Europalaan 40'],
        postcode: '3526 KS',
        city: 'Utrecht',
        country: 'NL',
      },
    ],
    bankAccounts: [
      {
        main: true,
        iban: iban('NL', 'INGB0007712345'),
        bic: 'INGBNL2A',
        accountHolder: 'Portaal Hosting B.V.',
      },
    ],
    features: features('enterprise', true, [true, true, true]),
  },
  {
    customerId: 1001,
    displayName: 'Bakkerij De Gouden Korst B.V.',
    language: 'nl',
    status: 'active',
    phone: '+31 20 555 0142',
    cocNumber: '34251987',
    vatNumber: 'NL859123456B01',
    usagePoNumber: 'PO-2026-0187',
    createdAt: '2016-05-17',
    links: [
      { type: 'accounting', identifier: 'ACC-10001' },
      { type: 'netbox', identifier: 'gouden-korst' },
    ],
    addresses: [
      {
        type: 'visit',
        main: true,
        lines: ['Prinsengracht 263'],
        postcode: '1016 GV',
        city: 'Amsterdam',
        country: 'NL',
      },
      {
        type: 'invoice',
        main: true,
        lines: ['Postbus 10213'],
        postcode: '1001 EE',
        city: 'Amsterdam',
        country: 'NL',
      },
      {
        type: 'delivery',
        main: true,
        lines: ['Industrieweg 12', 'Hal 3'],
        postcode: '1521 ND',
        city: 'Wormerveer',
        country: 'NL',
      },
      {
        type: 'postal',
        main: true,
        lines: ['Postbus 10213'],
        postcode: '1001 EE',
        city: 'Amsterdam',
        country: 'NL',
      },
    ],
    bankAccounts: [
      {
        main: true,
        iban: iban('NL', 'RABO0123456789'),
        bic: 'RABONL2U',
        accountHolder: 'Bakkerij De Gouden Korst B.V.',
      },
      {
        main: false,
        iban: iban('NL', 'ABNA0417164300'),
        bic: 'ABNANL2A',
        accountHolder: 'De Gouden Korst Vastgoed B.V.',
      },
    ],
    features: features('standard', true, [true, false, true], { series: 50_000, logsGib: 200 }),
  },
  {
    customerId: 1002,
    displayName: 'Northwind Logistics Ltd',
    language: 'en',
    status: 'active',
    phone: '+44 20 7946 0321',
    cocNumber: '09876543',
    vatNumber: 'GB123456789',
    usagePoNumber: null,
    createdAt: '2019-11-04',
    links: [
      { type: 'accounting', identifier: 'ACC-10002' },
      { type: 'netbox', identifier: 'northwind' },
    ],
    addresses: [
      {
        type: 'visit',
        main: true,
        lines: ['18 Canal Street'],
        postcode: 'M1 3HE',
        city: 'Manchester',
        country: 'GB',
      },
      {
        type: 'invoice',
        main: true,
        lines: ['Finance Department', '18 Canal Street'],
        postcode: 'M1 3HE',
        city: 'Manchester',
        country: 'GB',
      },
    ],
    bankAccounts: [
      {
        main: true,
        iban: iban('GB', 'NWBK60161331926819'),
        bic: 'NWBKGB2L',
        accountHolder: 'Northwind Logistics Ltd',
      },
    ],
    features: features('basic', false, [true, true, false], { series: 20_000 }),
  },
  {
    customerId: 1003,
    displayName: 'Van Dijk & Partners Advocaten',
    language: 'nl',
    status: 'active',
    phone: '+31 70 345 6789',
    cocNumber: '27312345',
    vatNumber: 'NL004495445B01',
    usagePoNumber: 'VDP-IT-44',
    createdAt: '2021-02-08',
    links: [{ type: 'accounting', identifier: 'ACC-10003' }],
    addresses: [
      {
        type: 'visit',
        main: true,
        lines: ['Lange Voorhout 9'],
        postcode: '2514 EA',
        city: 'Den Haag',
        country: 'NL',
      },
      {
        type: 'postal',
        main: true,
        lines: ['Postbus 30412'],
        postcode: '2500 GK',
        city: 'Den Haag',
        country: 'NL',
      },
    ],
    bankAccounts: [
      {
        main: true,
        iban: iban('NL', 'INGB0004567890'),
        bic: 'INGBNL2A',
        accountHolder: 'Van Dijk & Partners Advocaten',
      },
    ],
    features: features(null, false, [false, true, false]),
  },
  {
    customerId: 1004,
    displayName: 'Greenfield Analytics Ltd',
    language: 'en',
    status: 'active',
    phone: '+44 117 496 0555',
    cocNumber: '11223344',
    vatNumber: 'GB987654321',
    usagePoNumber: null,
    createdAt: '2023-07-21',
    links: [
      { type: 'accounting', identifier: 'ACC-10004' },
      { type: 'netbox', identifier: 'greenfield' },
    ],
    addresses: [
      {
        type: 'visit',
        main: true,
        lines: ['5 Harbourside'],
        postcode: 'BS1 5DB',
        city: 'Bristol',
        country: 'GB',
      },
    ],
    bankAccounts: [
      {
        main: true,
        iban: iban('GB', 'BARC20000055779911'),
        bic: 'BARCGB22',
        accountHolder: 'Greenfield Analytics Ltd',
      },
    ],
    features: features('standard', true, [true, false, false]),
  },
  {
    customerId: 1005,
    displayName: 'Stichting Zorgnet Utrecht',
    language: 'nl',
    status: 'suspended',
    phone: '+31 30 250 8800',
    cocNumber: '41178923',
    vatNumber: null,
    usagePoNumber: null,
    createdAt: '2014-09-30',
    links: [{ type: 'accounting', identifier: 'ACC-10005' }],
    addresses: [
      {
        type: 'visit',
        main: true,
        lines: ['Catharijnesingel 101'],
        postcode: '3511 GS',
        city: 'Utrecht',
        country: 'NL',
      },
    ],
    bankAccounts: [
      {
        main: true,
        iban: iban('NL', 'TRIO0212345678'),
        bic: 'TRIONL2U',
        accountHolder: 'Stichting Zorgnet Utrecht',
      },
    ],
    features: features(null, false, [false, false, false]),
  },
  {
    customerId: 1006,
    displayName: 'Helder Media B.V.',
    language: 'nl',
    status: 'terminated',
    phone: null,
    cocNumber: '58123490',
    vatNumber: 'NL853210987B01',
    usagePoNumber: null,
    createdAt: '2012-01-12',
    links: [{ type: 'accounting', identifier: 'ACC-10006' }],
    addresses: [
      {
        type: 'visit',
        main: true,
        lines: ['Mediapark 20'],
        postcode: '1217 WE',
        city: 'Hilversum',
        country: 'NL',
      },
    ],
    bankAccounts: [],
    features: features(null, false, [false, false, false]),
  },
];

export interface DemoUser {
  id: string;
  username: string;
  givenName: string;
  familyName: string;
  email: string;
  language: 'en' | 'nl';
  staff?: 'viewer' | 'moderator';
  memberships: { customerId: number; role: CustomerRole }[];
}

/** One demo login per role (DESIGN.md §6); every password is `demo`. */
export const demoUsers: DemoUser[] = [
  {
    id: '6f1c2a10-0001-4a1e-9c01-000000000001',
    username: 'owner',
    givenName: 'Sanne',
    familyName: 'de Vries',
    email: 'sanne.devries@goudenkorst.example',
    language: 'nl',
    memberships: [{ customerId: 1001, role: 'owner' }],
  },
  {
    id: '6f1c2a10-0002-4a1e-9c01-000000000002',
    username: 'financial-moderator',
    givenName: 'Pieter',
    familyName: 'Jansen',
    email: 'pieter.jansen@goudenkorst.example',
    language: 'nl',
    memberships: [{ customerId: 1001, role: 'financial_moderator' }],
  },
  {
    id: '6f1c2a10-0003-4a1e-9c01-000000000003',
    username: 'financial-viewer',
    givenName: 'Emma',
    familyName: 'Bakker',
    email: 'emma.bakker@goudenkorst.example',
    language: 'en',
    memberships: [{ customerId: 1001, role: 'financial_viewer' }],
  },
  {
    id: '6f1c2a10-0004-4a1e-9c01-000000000004',
    username: 'technical-viewer',
    givenName: 'Daan',
    familyName: 'Visser',
    email: 'daan.visser@goudenkorst.example',
    language: 'nl',
    memberships: [{ customerId: 1001, role: 'technical_viewer' }],
  },
  {
    id: '6f1c2a10-0005-4a1e-9c01-000000000005',
    username: 'viewer',
    givenName: 'Lotte',
    familyName: 'Smit',
    email: 'lotte.smit@goudenkorst.example',
    language: 'nl',
    memberships: [{ customerId: 1001, role: 'viewer' }],
  },
  {
    id: '6f1c2a10-0006-4a1e-9c01-000000000006',
    username: 'multi',
    givenName: 'Oliver',
    familyName: 'Hughes',
    email: 'oliver.hughes@northwind.example',
    language: 'en',
    memberships: [
      { customerId: 1002, role: 'owner' },
      { customerId: 1003, role: 'viewer' },
    ],
  },
  {
    id: '6f1c2a10-0007-4a1e-9c01-000000000007',
    username: 'staff-viewer',
    givenName: 'Fatima',
    familyName: 'El Amrani',
    email: 'fatima.elamrani@portaal.example',
    language: 'nl',
    staff: 'viewer',
    memberships: [],
  },
  {
    id: '6f1c2a10-0008-4a1e-9c01-000000000008',
    username: 'staff-moderator',
    givenName: 'Joris',
    familyName: 'Mulder',
    email: 'joris.mulder@portaal.example',
    language: 'nl',
    staff: 'moderator',
    memberships: [],
  },
];

export const DEMO_PASSWORD = 'demo';
