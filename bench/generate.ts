import {
  type DeviceRole,
  defaultResponseTargetMinutes,
  departmentForCategory,
  displayIdOf,
  periodOf,
  recentPeriods,
  type TicketCategory,
  type TicketStatus,
} from '@portaal/contracts';
import { hashPassword } from '@portaal/idp/password';
import type pg from 'pg';
import {
  DEMO_PASSWORD,
  features as demoFeatures,
  demoUsers,
  iban,
} from '../apps/api/src/db/seed/demo-data.ts';
import { createReportGenerator } from '../apps/api/src/modules/reports/reports.generate.ts';
import type { ReportsRepo } from '../apps/api/src/modules/reports/reports.repo.ts';
import { type Bundle, buildDemoUsage, bundle } from '../apps/api/src/modules/usage/usage.seed.ts';

export interface GenerateOptions {
  customers: number;
  users: number;
  /** Generated customer ids start here, far above the demo ids (1, 1001–1006). */
  firstCustomerId: number;
  seed: number;
  /** Tickets over all generated customers, the big customer's included. */
  tickets: number;
  /** Tickets of the first generated customer: enough for a 500th page of 25 and then some. */
  bigCustomerTickets: number;
  /** Months of usage per customer up to the current one (SPEC: 13); reports for each ended month. */
  usageMonths: number;
  /** Landscape devices over all generated customers (DESIGN.md §7: 100,000). */
  devices: number;
  /** Virtual machines over all generated customers (300,000). */
  virtualMachines: number;
  /** Devices and VMs each of the first generated customer: a 500th page of 25 of both lists. */
  bigCustomerDevices: number;
  bigCustomerVirtualMachines: number;
  /** Servers of the big customer with a metric series (the trends bench: 10 × 30 days × 1 a minute). */
  metricServers: number;
  metricDays: number;
  /** Contacts over all generated customers (issue 14: 100,000 over 10,000 customers). */
  contacts: number;
  /** Contacts of the first generated customer, whose list and search the people suite reads. */
  bigCustomerContacts: number;
}

export interface GeneratedData {
  customerIds: number[];
  rows: Record<string, number>;
  ms: number;
  landscape: {
    /** The customer with `bigCustomerDevices` devices and `bigCustomerVirtualMachines` VMs. */
    bigCustomerId: number;
    /** Server ids (`devices/{id}`) of the big customer with a CPU series. */
    metricServerIds: string[];
    /** The series run from here (a whole minute) for `metricDays` days, up to the generation's minute. */
    metricsFrom: string;
    metricsTo: string;
  };
  tickets: {
    /** The customer with `bigCustomerTickets` tickets. */
    bigCustomerId: number;
    bigCustomerTickets: number;
    /** Owner of the big customer (ticket-read-all); logs in at the dev IdP with the demo password. */
    ownerUsername: string;
  };
  usage: {
    /** The months with usage, newest (the current month) first; reports exist for all but the first. */
    periods: string[];
  };
}

export const defaultGenerateOptions: GenerateOptions = {
  customers: 10_000,
  users: 2_000,
  firstCustomerId: 100_001,
  seed: 20_260_101,
  tickets: 200_000,
  bigCustomerTickets: 15_000,
  usageMonths: 13,
  devices: 100_000,
  virtualMachines: 300_000,
  bigCustomerDevices: 15_000,
  bigCustomerVirtualMachines: 15_000,
  metricServers: 10,
  /** A day more than the 30 asked, so that 30 whole calendar days fit for the browser's custom range. */
  metricDays: 31,
  contacts: 100_000,
  bigCustomerContacts: 2_000,
};

export const BENCH_TICKET_OWNER = 'bench-owner';
const BENCH_TICKET_OWNER_ID = 'be9c0000-0000-4000-8000-0000000b1600';

/** mulberry32: tiny, fast and the same on every machine, so every run benchmarks the same data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;

const int = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

function pick<T>(random: Random, list: readonly T[]): T {
  const value = list[Math.floor(random() * list.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

const digits = (random: Random, count: number) =>
  Array.from({ length: count }, () => String(int(random, 0, 9))).join('');

const dutchTrades = [
  'Bakkerij',
  'Installatiebedrijf',
  'Autobedrijf',
  'Schildersbedrijf',
  'Adviesbureau',
  'Transportbedrijf',
  'Hoveniersbedrijf',
  'Accountantskantoor',
  'Drukkerij',
  'Bouwbedrijf',
  'Tandartspraktijk',
  'Makelaardij',
  'Advocatenkantoor',
  'Architectenbureau',
  'Zorggroep',
  'Kinderopvang',
  'Tuincentrum',
  'Loodgietersbedrijf',
  'Vastgoed',
  'Webdesign',
];
const dutchFamilies = [
  'De Vries',
  'Jansen',
  'Van den Berg',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'De Boer',
  'Mulder',
  'De Groot',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'Van Leeuwen',
  'Dekker',
  'Brouwer',
  'De Wit',
  'Dijkstra',
  'De Graaf',
  'Van der Meer',
  'Van der Linden',
  'Kok',
  'Jacobs',
  'De Haan',
  'Vermeulen',
  'Van den Heuvel',
  'Van der Veen',
  'Van Dijk',
  'Hoekstra',
];
const dutchForms = ['B.V.', 'B.V.', 'B.V.', 'V.O.F.', 'N.V.', 'Holding B.V.', '& Zonen', ''];
const englishPrefixes = [
  'Northwind',
  'Bluewater',
  'Greenfield',
  'Redbrook',
  'Silverline',
  'Oakridge',
  'Kingsbridge',
  'Westbury',
  'Ashford',
  'Brightstone',
  'Harbourside',
  'Riverside',
  'Highgate',
  'Fairview',
  'Stonebridge',
  'Crestwood',
  'Maplewood',
  'Lakeside',
  'Ironbridge',
  'Thornbury',
];
const englishTrades = [
  'Logistics',
  'Analytics',
  'Consulting',
  'Engineering',
  'Software',
  'Healthcare',
  'Property',
  'Media',
  'Foods',
  'Systems',
  'Partners',
  'Solutions',
  'Networks',
  'Retail',
  'Studios',
];
const englishForms = ['Ltd', 'Ltd', 'Ltd', 'LLP', 'PLC', 'Group Ltd'];

const dutchCities = [
  { city: 'Amsterdam', postcode: 10, area: '20' },
  { city: 'Rotterdam', postcode: 30, area: '10' },
  { city: 'Utrecht', postcode: 35, area: '30' },
  { city: 'Den Haag', postcode: 25, area: '70' },
  { city: 'Eindhoven', postcode: 56, area: '40' },
  { city: 'Groningen', postcode: 97, area: '50' },
  { city: 'Tilburg', postcode: 50, area: '13' },
  { city: 'Almere', postcode: 13, area: '36' },
  { city: 'Breda', postcode: 48, area: '76' },
  { city: 'Nijmegen', postcode: 65, area: '24' },
  { city: 'Zwolle', postcode: 80, area: '38' },
  { city: 'Haarlem', postcode: 20, area: '23' },
  { city: 'Arnhem', postcode: 68, area: '26' },
  { city: 'Leiden', postcode: 23, area: '71' },
  { city: 'Maastricht', postcode: 62, area: '43' },
];
const dutchStreets = [
  'Hoofdstraat',
  'Kerkstraat',
  'Stationsweg',
  'Dorpsstraat',
  'Industrieweg',
  'Marktplein',
  'Prinsengracht',
  'Keizersgracht',
  'Schoolstraat',
  'Molenweg',
  'Nieuwstraat',
  'Julianalaan',
  'Wilhelminastraat',
  'Beatrixlaan',
  'Parallelweg',
];
const englishCities = [
  { city: 'London', postcode: 'EC1A', area: '20' },
  { city: 'Manchester', postcode: 'M1', area: '161' },
  { city: 'Bristol', postcode: 'BS1', area: '117' },
  { city: 'Leeds', postcode: 'LS1', area: '113' },
  { city: 'Birmingham', postcode: 'B1', area: '121' },
  { city: 'Edinburgh', postcode: 'EH1', area: '131' },
  { city: 'Cambridge', postcode: 'CB2', area: '1223' },
  { city: 'Oxford', postcode: 'OX1', area: '1865' },
];
const englishStreets = [
  'High Street',
  'Station Road',
  'Church Lane',
  'Victoria Road',
  'Mill Lane',
  'King Street',
  'Queen Street',
  'Canal Street',
  'Park Road',
  'Market Square',
];
const givenNames = [
  'Sanne',
  'Daan',
  'Emma',
  'Lucas',
  'Julia',
  'Sem',
  'Olivia',
  'James',
  'Amelia',
  'Noah',
  'Fleur',
  'Oliver',
];
const familyNames = [
  'de Vries',
  'Jansen',
  'Bakker',
  'Visser',
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Mulder',
  'Evans',
];
const dutchBanks = [
  { code: 'INGB', bic: 'INGBNL2A' },
  { code: 'RABO', bic: 'RABONL2U' },
  { code: 'ABNA', bic: 'ABNANL2A' },
];
const addressTypes = ['visit', 'invoice', 'postal', 'delivery'] as const;
const roles = ['owner', 'financial_moderator', 'financial_viewer', 'technical_viewer', 'viewer'] as const;

/** Column-wise arrays: one `unnest` per table keeps the whole generation to a handful of round trips. */
class Columns<Name extends string> {
  readonly data: Record<Name, unknown[]>;
  constructor(names: readonly Name[]) {
    this.data = Object.fromEntries(names.map((name) => [name, []])) as unknown as Record<Name, unknown[]>;
  }
  push(row: Record<Name, unknown>) {
    for (const name of Object.keys(this.data) as Name[]) this.data[name].push(row[name]);
  }
  get length() {
    return (Object.values(this.data)[0] as unknown[] | undefined)?.length ?? 0;
  }
}

function features(random: Random) {
  // Same draw order as before, so the generated set stays the same.
  const managed = random() < 0.3;
  const flavor = pick(random, ['enterprise', 'standard', 'basic', null, null]);
  return demoFeatures(flavor, managed, [random() < 0.6, random() < 0.4, random() < 0.3]);
}

function build(options: GenerateOptions) {
  const random = seededRandom(options.seed);
  const customers = new Columns([
    'id',
    'name',
    'language',
    'status',
    'phone',
    'coc',
    'vat',
    'po',
    'created',
  ] as const);
  const links = new Columns(['customerId', 'type', 'identifier'] as const);
  const addresses = new Columns([
    'customerId',
    'type',
    'main',
    'lines',
    'postcode',
    'city',
    'country',
  ] as const);
  const accounts = new Columns(['customerId', 'main', 'iban', 'bic', 'holder'] as const);
  const featureRows = new Columns(['customerId', 'observe', 'contracts'] as const);
  const customerIds: number[] = [];

  for (let index = 0; index < options.customers; index++) {
    const id = options.firstCustomerId + index;
    customerIds.push(id);
    const dutch = random() < 0.6;
    const name = dutch
      ? `${pick(random, dutchTrades)} ${pick(random, dutchFamilies)} ${pick(random, dutchForms)}`.trim()
      : `${pick(random, englishPrefixes)} ${pick(random, englishTrades)} ${pick(random, englishForms)}`;
    const place = dutch ? pick(random, dutchCities) : pick(random, englishCities);
    const statusDraw = random();
    const created = new Date(Date.UTC(2005, 0, 1) + Math.floor(random() * 7_670) * 86_400_000);
    customers.push({
      id,
      name,
      language: dutch ? 'nl' : 'en',
      status: statusDraw < 0.9 ? 'active' : statusDraw < 0.97 ? 'suspended' : 'terminated',
      phone:
        random() < 0.9
          ? `+${dutch ? '31' : '44'} ${place.area} ${digits(random, 3)} ${digits(random, 4)}`
          : null,
      coc: random() < 0.95 ? digits(random, 8) : null,
      vat: random() < 0.9 ? (dutch ? `NL${digits(random, 9)}B01` : `GB${digits(random, 9)}`) : null,
      po: random() < 0.2 ? `PO-2026-${digits(random, 4)}` : null,
      created: created.toISOString().slice(0, 10),
    });
    links.push({ customerId: id, type: 'accounting', identifier: `ACC-${id}` });

    const addressCount = int(random, 1, 3);
    for (const type of addressTypes.slice(0, addressCount)) {
      const street = dutch ? pick(random, dutchStreets) : pick(random, englishStreets);
      const number = int(random, 1, 250);
      const lines = type === 'postal' ? [`${dutch ? 'Postbus' : 'PO Box'} ${int(random, 100, 99_999)}`] : [];
      if (lines.length === 0) lines.push(dutch ? `${street} ${number}` : `${number} ${street}`);
      if (type === 'delivery' && random() < 0.5)
        lines.push(dutch ? `Hal ${int(random, 1, 9)}` : `Unit ${int(random, 1, 30)}`);
      addresses.push({
        customerId: id,
        type,
        main: true,
        lines: lines.join('\n'),
        postcode: dutch
          ? `${place.postcode}${digits(random, 2)} ${String.fromCharCode(65 + int(random, 0, 25), 65 + int(random, 0, 25))}`
          : `${place.postcode} ${int(random, 1, 9)}${String.fromCharCode(65 + int(random, 0, 25), 65 + int(random, 0, 25))}`,
        city: place.city,
        country: dutch ? 'NL' : 'GB',
      });
    }

    const bank = pick(random, dutchBanks);
    accounts.push({
      customerId: id,
      main: true,
      iban: dutch
        ? iban('NL', `${bank.code}0${digits(random, 9)}`)
        : iban('GB', `NWBK60${digits(random, 12)}`),
      bic: dutch ? bank.bic : 'NWBKGB2L',
      holder: name,
    });
    const featureBody = features(random);
    featureRows.push({
      customerId: id,
      observe: JSON.stringify(featureBody.observe),
      contracts: JSON.stringify(featureBody.contracts),
    });
  }

  const users = new Columns(['id', 'username', 'email', 'given', 'family', 'language'] as const);
  const memberships = new Columns(['userId', 'customerId', 'role'] as const);
  for (let index = 1; index <= options.users; index++) {
    const id = `be9c0000-0000-4000-8000-${String(index).padStart(12, '0')}`;
    const username = `bench-user-${String(index).padStart(5, '0')}`;
    const given = pick(random, givenNames);
    const family = pick(random, familyNames);
    users.push({
      id,
      username,
      email: `${username}@example.test`,
      given,
      family,
      language: random() < 0.6 ? 'nl' : 'en',
    });
    const chosen = new Set<number>();
    const count = int(random, 1, 3);
    while (chosen.size < count) chosen.add(pick(random, customerIds));
    for (const customerId of chosen) memberships.push({ userId: id, customerId, role: pick(random, roles) });
  }

  return { customerIds, customers, links, addresses, accounts, featureRows, users, memberships };
}

interface SubjectTemplate {
  category: TicketCategory;
  en: string;
  nl: string;
}

/** `{host}`-style slots are filled per ticket, so subjects vary the way real ones do. */
const subjectTemplates: SubjectTemplate[] = [
  { category: 'incident_request', en: 'Disk space alert on {host}', nl: 'Schijfruimte-alert op {host}' },
  {
    category: 'technical_request',
    en: 'SSL certificate renewal for {domain}',
    nl: 'SSL-certificaat {domain} vernieuwen',
  },
  { category: 'technical_request', en: 'VPN access for {person}', nl: 'VPN-toegang voor {person}' },
  { category: 'technical_request', en: 'Restore {thing} from backup', nl: '{thing} terugzetten uit back-up' },
  {
    category: 'administrative_request',
    en: 'Question about invoice {invoice}',
    nl: 'Vraag over factuur {invoice}',
  },
  { category: 'technical_request', en: 'DNS change for {domain}', nl: 'DNS-wijziging voor {domain}' },
  {
    category: 'incident_request',
    en: 'Kubernetes node {node} under memory pressure',
    nl: 'Kubernetes-node {node} onder geheugendruk',
  },
  {
    category: 'incident_request',
    en: 'Mail to {provider} bounces',
    nl: 'Mail naar {provider} komt niet aan',
  },
  {
    category: 'technical_request',
    en: 'New user account for {person}',
    nl: 'Nieuw gebruikersaccount voor {person}',
  },
  { category: 'technical_request', en: 'Firewall rule for {ip}', nl: 'Firewallregel voor {ip}' },
  { category: 'incident_request', en: 'Website slow since {day}', nl: 'Website traag sinds {day}' },
  { category: 'incident_request', en: 'Backup failed on {host}', nl: 'Back-up mislukt op {host}' },
  { category: 'technical_request', en: 'More storage for {host}', nl: 'Opslag uitbreiden voor {host}' },
  { category: 'administrative_request', en: 'Change of invoice address', nl: 'Wijziging factuuradres' },
  {
    category: 'administrative_request',
    en: 'Purchase order number on invoices',
    nl: 'Inkoopordernummer op facturen',
  },
  {
    category: 'administrative_request',
    en: 'Credit note for outage on {day}',
    nl: 'Creditnota voor storing van {day}',
  },
];
const hosts = ['web01', 'web02', 'app01', 'app02', 'db01', 'db02', 'mail01', 'files01', 'backup01', 'lb01'];
const things = ['database', 'mailbox', 'shared folder', 'website', 'VM'];
const thingsNl = ['database', 'mailbox', 'gedeelde map', 'website', 'VM'];
const providers = ['Gmail', 'Outlook.com', 'KPN', 'Ziggo', 'Yahoo'];
const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const daysNl = ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag'];

/** The seeded demo data ends on 30 November 2026; the generated tickets span the two years before. */
const TICKET_ANCHOR = Date.UTC(2026, 10, 30, 12);
const DAY_MS = 86_400_000;

interface MembershipColumns {
  userId: unknown[];
  customerId: unknown[];
}

/**
 * Tickets in creation order (so ids rise with time, as in real use): `bigCustomerTickets` for the
 * first generated customer, the rest spread over the others with a long tail (a few customers have
 * hundreds, most a handful). Authors are members of the customer or the service desk. Uses a random
 * stream of its own, so the customers and users above stay what they were.
 */
function buildTickets(options: GenerateOptions, data: ReturnType<typeof build>) {
  const random = seededRandom(options.seed + 1);
  const staffId = demoUsers.find((user) => user.username === 'staff-moderator')?.id;
  if (!staffId) throw new Error('the demo seed has no staff-moderator');
  const [bigCustomerId, ...others] = data.customerIds;
  if (bigCustomerId === undefined) throw new Error('no customers to give tickets');

  const members = new Map<number, string[]>();
  const m = data.memberships.data as MembershipColumns;
  m.customerId.forEach((customerId, index) => {
    const list = members.get(customerId as number) ?? [];
    list.push(m.userId[index] as string);
    members.set(customerId as number, list);
  });
  members.set(bigCustomerId, [BENCH_TICKET_OWNER_ID, ...(members.get(bigCustomerId) ?? [])]);
  const dutch = new Map<number, boolean>();
  const c = data.customers.data;
  for (const [index, id] of c.id.entries()) dutch.set(id as number, c.language[index] === 'nl');

  // Cumulative weights: a squared exponential gives a long tail without a second giant customer.
  const cumulative: number[] = [];
  let total = 0;
  for (let index = 0; index < others.length; index++) {
    total += (-Math.log(1 - random())) ** 2;
    cumulative.push(total);
  }
  const pickOther = () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) < target) low = middle + 1;
      else high = middle;
    }
    return others[low] as number;
  };

  const drafts: { customerId: number; created: number }[] = [];
  for (let index = 0; index < options.tickets; index++) {
    const customerId = index < options.bigCustomerTickets ? bigCustomerId : pickOther();
    drafts.push({ customerId, created: TICKET_ANCHOR - Math.floor(random() * 730 * DAY_MS) });
  }
  drafts.sort((a, b) => a.created - b.created);

  const tickets = new Columns([
    'customerId',
    'subject',
    'department',
    'category',
    'priority',
    'status',
    'authorId',
    'messages',
    'attachments',
    'created',
    'updated',
    'lastReplyStaff',
    'deskDue',
    'assignee',
  ] as const);
  // The service desk's columns (who wrote last, when the desk's answer is due, the assignee) draw from a
  // stream of their own, so the tickets themselves stay what they were before these columns existed.
  const deskRandom = seededRandom(options.seed + 2);
  /** Per ticket (by position), who watches it besides the author. */
  const watchers = new Columns(['position', 'userId'] as const);
  const fill = (template: string, nl: boolean) =>
    template.replace(/\{(\w+)\}/g, (_, slot: string) => {
      switch (slot) {
        case 'host':
          return `${pick(random, hosts)}.${nl ? 'klant' : 'customer'}${int(random, 1, 999)}.internal`;
        case 'domain':
          return `${pick(random, ['www', 'shop', 'api', 'mail', 'portal'])}.example${int(random, 1, 999)}.${nl ? 'nl' : 'co.uk'}`;
        case 'person':
          return `${pick(random, givenNames)} ${pick(random, familyNames)}`;
        case 'thing':
          return pick(random, nl ? thingsNl : things);
        case 'invoice':
          return `2026-${String(int(random, 1, 11)).padStart(2, '0')}-${digits(random, 4)}`;
        case 'node':
          return `worker-${int(random, 1, 12)}`;
        case 'provider':
          return pick(random, providers);
        case 'ip':
          return `${int(random, 11, 223)}.${int(random, 0, 255)}.${int(random, 0, 255)}.0/24`;
        case 'day':
          return pick(random, nl ? daysNl : days);
        default:
          return slot;
      }
    });

  drafts.forEach(({ customerId, created }, position) => {
    const template = pick(random, subjectTemplates);
    const ageDays = (TICKET_ANCHOR - created) / DAY_MS;
    const draw = random();
    // Old tickets are nearly all closed; the last weeks hold the work in progress.
    const status: TicketStatus =
      ageDays > 45
        ? draw < 0.93
          ? 'closed'
          : draw < 0.96
            ? 'awaiting_reply'
            : draw < 0.98
              ? 'open'
              : 'in_progress'
        : draw < 0.2
          ? 'new'
          : draw < 0.45
            ? 'open'
            : draw < 0.65
              ? 'in_progress'
              : draw < 0.8
                ? 'awaiting_reply'
                : 'closed';
    const span =
      status === 'new'
        ? 0
        : status === 'closed'
          ? -Math.log(1 - random()) * 3 * DAY_MS
          : random() * Math.min(ageDays, 14) * DAY_MS;
    // A span past the anchor lands somewhere before it instead, so no pile-up at one instant.
    const updated =
      created + span <= TICKET_ANCHOR
        ? created + Math.floor(span)
        : created + Math.floor(random() * (TICKET_ANCHOR - created));
    const customerMembers = members.get(customerId) ?? [];
    const author = customerMembers.length && random() < 0.85 ? pick(random, customerMembers) : staffId;
    const priorityDraw = random();
    const priority = priorityDraw < 0.1 ? 1 : priorityDraw < 0.75 ? 2 : 3;
    const open = status !== 'closed';
    // Awaiting the customer's reply: the desk wrote last; a new ticket: its author did.
    const lastReplyStaff =
      status === 'awaiting_reply' ? true : status === 'new' ? author === staffId : deskRandom() < 0.5;
    // As the API keeps it: due from the customer's last message by the priority's default target.
    const deskDue =
      open && !lastReplyStaff
        ? new Date(updated + defaultResponseTargetMinutes[priority] * 60_000).toISOString()
        : 'infinity';
    const assignee = open && status !== 'new' && deskRandom() < 0.4 ? staffId : null;
    tickets.push({
      customerId,
      subject: fill(dutch.get(customerId) ? template.nl : template.en, dutch.get(customerId) ?? false),
      department: departmentForCategory[template.category],
      category: template.category,
      priority,
      status,
      authorId: author,
      messages: status === 'new' ? 1 : int(random, 2, 9),
      attachments: random() < 0.15 ? int(random, 1, 3) : 0,
      created: new Date(created).toISOString(),
      updated: new Date(updated).toISOString(),
      lastReplyStaff,
      deskDue,
      assignee,
    });
    const others = customerMembers.filter((member) => member !== author);
    if (others.length && random() < 0.15) watchers.push({ position, userId: pick(random, others) });
  });
  return { bigCustomerId, tickets, watchers };
}

/** Generated landscape ids start here, far above the demo seed's. */
const LANDSCAPE_FIRST_ID = 1_000_001;
const DEVICES_A_RACK = 20;
const VMS_A_CLUSTER = 250;
const deviceRoleMix: DeviceRole[] = [
  'server',
  'server',
  'server',
  'server',
  'server',
  'server',
  'switch',
  'firewall',
  'storage',
  'pdu',
];
const vmRoles = ['web', 'database', 'mail', 'cache', 'application', 'file transfer', 'kubernetes-node'];
const platforms = ['Debian 12', 'Debian 12', 'Ubuntu 24.04', 'Windows Server 2022', 'Rocky Linux 9'];

/**
 * Devices and VMs: `bigCustomerDevices` and `bigCustomerVirtualMachines` for the first generated
 * customer, the rest spread evenly at random over the others; per customer racks of 20 devices (each
 * at its own U) in one datacenter and VMware clusters of 250 VMs. A random stream of its own, so the
 * customers, users and tickets stay what they were.
 */
function buildLandscape(options: GenerateOptions, customerIds: number[]) {
  const random = seededRandom(options.seed + 2);
  const [bigCustomerId, ...others] = customerIds;
  if (bigCustomerId === undefined || others.length === 0) throw new Error('no customers to give a landscape');
  const deviceCount = new Map<number, number>([[bigCustomerId, options.bigCustomerDevices]]);
  const vmCount = new Map<number, number>([[bigCustomerId, options.bigCustomerVirtualMachines]]);
  for (let index = options.bigCustomerDevices; index < options.devices; index++) {
    const id = pick(random, others);
    deviceCount.set(id, (deviceCount.get(id) ?? 0) + 1);
  }
  for (let index = options.bigCustomerVirtualMachines; index < options.virtualMachines; index++) {
    const id = pick(random, others);
    vmCount.set(id, (vmCount.get(id) ?? 0) + 1);
  }

  const racks = new Columns(['id', 'customerId', 'name', 'site'] as const);
  const clusters = new Columns(['id', 'customerId', 'name', 'site'] as const);
  const devices = new Columns([
    'id',
    'customerId',
    'name',
    'role',
    'status',
    'site',
    'rackId',
    'position',
    'platform',
    'serial',
  ] as const);
  const vms = new Columns([
    'id',
    'customerId',
    'name',
    'status',
    'clusterId',
    'site',
    'role',
    'dnsName',
    'platform',
    'vcpus',
    'memory',
    'disk',
  ] as const);
  const status = () => {
    const draw = random();
    return draw < 0.9 ? 'active' : draw < 0.97 ? 'offline' : 'decommissioning';
  };
  let rackId = LANDSCAPE_FIRST_ID;
  let clusterId = LANDSCAPE_FIRST_ID;
  let deviceId = LANDSCAPE_FIRST_ID;
  let vmId = LANDSCAPE_FIRST_ID;
  const metricServerIds: string[] = [];
  for (const customerId of customerIds) {
    const code = `c${customerId}`;
    const site = int(random, 1, 2);
    const count = deviceCount.get(customerId) ?? 0;
    for (let index = 0; index < count; index++) {
      if (index % DEVICES_A_RACK === 0) {
        racks.push({
          id: rackId++,
          customerId,
          name: `${site === 1 ? 'AMS1' : 'UTR1'}-${code}-R${index / DEVICES_A_RACK + 1}`,
          site,
        });
      }
      // The big customer's first servers are active and carry the trends bench's series.
      const measured = customerId === bigCustomerId && index < options.metricServers;
      const role = measured ? 'server' : pick(random, deviceRoleMix);
      devices.push({
        id: deviceId,
        customerId,
        name: `${code}-${role === 'server' ? 'srv' : role.slice(0, 3)}${String(index + 1).padStart(5, '0')}`,
        role,
        status: measured ? 'active' : status(),
        site,
        rackId: rackId - 1,
        position: 2 * (index % DEVICES_A_RACK) + 1,
        platform: role === 'server' ? pick(random, platforms) : null,
        serial: digits(random, 10),
      });
      if (measured) metricServerIds.push(`devices/${deviceId}`);
      deviceId++;
    }
    const vmTotal = vmCount.get(customerId) ?? 0;
    for (let index = 0; index < vmTotal; index++) {
      if (index % VMS_A_CLUSTER === 0) {
        clusters.push({ id: clusterId++, customerId, name: `${code}-vmw${index / VMS_A_CLUSTER + 1}`, site });
      }
      const name = `${code}-vm${String(index + 1).padStart(5, '0')}`;
      vms.push({
        id: vmId++,
        customerId,
        name,
        status: status(),
        clusterId: clusterId - 1,
        site,
        role: pick(random, vmRoles),
        dnsName: `${name}.example${customerId}.nl`,
        platform: pick(random, platforms),
        vcpus: pick(random, [1, 2, 2, 4, 4, 8]),
        memory: pick(random, [2048, 4096, 8192, 16384]),
        disk: pick(random, [20, 40, 80, 200]),
      });
    }
  }
  return { bigCustomerId, racks, clusters, devices, vms, metricServerIds };
}

async function insertLandscape(client: pg.PoolClient, landscape: ReturnType<typeof buildLandscape>) {
  // 400,000 rows with up to five foreign keys each are over a million per-row checks: the generated
  // rows are consistent by construction, so a superuser (the bench's embedded PostgreSQL) skips them
  // for this transaction.
  const [role] = (
    await client.query<{ super: boolean }>(
      'select rolsuper as super from pg_roles where rolname = current_user',
    )
  ).rows;
  if (role?.super) await client.query(`set local session_replication_role = replica`);
  const r = landscape.racks.data;
  await client.query(
    `insert into landscape_racks (id, customer_id, name, site_id, location_id)
     select id, customer_id, name, site, site from unnest($1::int[], $2::int[], $3::text[], $4::int[])
       as t(id, customer_id, name, site)`,
    [r.id, r.customerId, r.name, r.site],
  );
  const c = landscape.clusters.data;
  await client.query(
    `insert into landscape_clusters (id, customer_id, name, type, site_id)
     select id, customer_id, name, 'vmware', site from unnest($1::int[], $2::int[], $3::text[], $4::int[])
       as t(id, customer_id, name, site)`,
    [c.id, c.customerId, c.name, c.site],
  );
  const d = landscape.devices.data;
  await client.query(
    `insert into landscape_devices (id, customer_id, name, role, status, site_id, location_id, rack_id,
       position_u, platform, serial)
     select id, customer_id, name, role, status, site, site, rack_id, position, platform, serial
     from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[],
       $8::smallint[], $9::text[], $10::text[])
       as t(id, customer_id, name, role, status, site, rack_id, position, platform, serial)`,
    [d.id, d.customerId, d.name, d.role, d.status, d.site, d.rackId, d.position, d.platform, d.serial],
  );
  const v = landscape.vms.data;
  await client.query(
    `insert into landscape_virtual_machines (id, customer_id, name, status, cluster_id, site_id, role,
       dns_name, platform, vcpus, memory_mb, disk_gb)
     select * from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::int[], $6::int[], $7::text[],
       $8::text[], $9::text[], $10::smallint[], $11::int[], $12::int[])`,
    [
      v.id,
      v.customerId,
      v.name,
      v.status,
      v.clusterId,
      v.site,
      v.role,
      v.dnsName,
      v.platform,
      v.vcpus,
      v.memory,
      v.disk,
    ],
  );
  // Only the landscape skips its checks: later inserts of the transaction (the metric samples, whose
  // triggers keep metric_latest and metric_rollups) run as every writer does.
  if (role?.super) await client.query(`set local session_replication_role = origin`);
}

/**
 * One CPU series a minute per server over [from, to), inside PostgreSQL: a daily wave with a phase
 * per server, so no two series are equal. `order` says how rows land in the table: series by series
 * (as a bulk load writes them) or minute by minute across the servers (as live collection does).
 */
export async function insertMetricSeries(
  client: Pick<pg.PoolClient, 'query'>,
  serverIds: string[],
  from: Date,
  to: Date,
  order: 'series' | 'time',
): Promise<number> {
  const result = await client.query(
    `insert into metric_samples (server_id, metric, at, value)
     select s.id, 'cpu', t, (45 + 35 * sin(extract(epoch from t) / 13751.0 + s.n) + 10 * sin(extract(epoch from t) / 317.0))::real
     from unnest($1::text[]) with ordinality s(id, n),
       generate_series($2::timestamptz, $3::timestamptz - interval '1 minute', interval '1 minute') t
     order by ${order === 'series' ? 's.n, t' : 't, s.n'}`,
    [serverIds, from.toISOString(), to.toISOString()],
  );
  return result.rowCount ?? 0;
}

/**
 * Adds the benchmark data set (deterministic: same seed, same rows) to a migrated and demo-seeded
 * database. Each table is filled by one INSERT … SELECT FROM unnest(…) with column arrays.
 */
export async function generateBenchData(
  pool: pg.Pool,
  options: GenerateOptions = defaultGenerateOptions,
): Promise<GeneratedData> {
  const started = performance.now();
  const data = build(options);
  const ticketData = buildTickets(options, data);
  const usageData = await buildUsage(options, data.customerIds, new Date());
  const landscape = buildLandscape(options, data.customerIds);
  const metricsTo = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const metricsFrom = new Date(metricsTo.getTime() - options.metricDays * DAY_MS);
  const ownerPasswordHash = await hashPassword(DEMO_PASSWORD);
  const client = await pool.connect();
  let ticketRows = 0;
  let usageRows = { usage_entries: 0, reports: 0 };
  let metricRows = 0;
  let contactRows = 0;
  try {
    await client.query('begin');
    const c = data.customers.data;
    await client.query(
      `insert into customers (customer_id, display_name, language, status, phone, coc_number, vat_number, usage_po_number, created_at)
       select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::date[])`,
      [c.id, c.name, c.language, c.status, c.phone, c.coc, c.vat, c.po, c.created],
    );
    const l = data.links.data;
    await client.query(
      `insert into customer_links (customer_id, type, identifier)
       select * from unnest($1::int[], $2::text[], $3::text[])`,
      [l.customerId, l.type, l.identifier],
    );
    // A text[] column cannot travel inside unnest (it would be flattened), so lines go as one text each.
    const a = data.addresses.data;
    await client.query(
      `insert into addresses (customer_id, type, main, lines, postcode, city, country)
       select customer_id, type, main, string_to_array(lines, E'\\n'), postcode, city, country
       from unnest($1::int[], $2::text[], $3::bool[], $4::text[], $5::text[], $6::text[], $7::text[])
         as t(customer_id, type, main, lines, postcode, city, country)`,
      [a.customerId, a.type, a.main, a.lines, a.postcode, a.city, a.country],
    );
    const b = data.accounts.data;
    await client.query(
      `insert into bank_accounts (customer_id, main, iban, bic, account_holder)
       select * from unnest($1::int[], $2::bool[], $3::text[], $4::text[], $5::text[])`,
      [b.customerId, b.main, b.iban, b.bic, b.holder],
    );
    const f = data.featureRows.data;
    await client.query(
      `insert into customer_features (customer_id, observe, contracts)
       select customer_id, observe::jsonb, contracts::jsonb
       from unnest($1::int[], $2::text[], $3::text[]) as t(customer_id, observe, contracts)`,
      [f.customerId, f.observe, f.contracts],
    );
    const u = data.users.data;
    await client.query(
      `insert into users (id, username, email, given_name, family_name, language, groups)
       select id, username, email, given_name, family_name, language, '{/customers}'
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
         as t(id, username, email, given_name, family_name, language)`,
      [u.id, u.username, u.email, u.given, u.family, u.language],
    );
    const m = data.memberships.data;
    await client.query(
      `insert into memberships (user_id, customer_id, role)
       select * from unnest($1::text[], $2::int[], $3::text[])`,
      [m.userId, m.customerId, m.role],
    );
    await client.query(
      `insert into users (id, username, email, given_name, family_name, language, password_hash, groups)
       values ($1, $2, 'bench-owner@example.test', 'Bench', 'Owner', 'en', $3, '{/customers}')`,
      [BENCH_TICKET_OWNER_ID, BENCH_TICKET_OWNER, ownerPasswordHash],
    );
    await client.query(`insert into memberships (user_id, customer_id, role) values ($1, $2, 'owner')`, [
      BENCH_TICKET_OWNER_ID,
      ticketData.bigCustomerId,
    ]);
    ticketRows = await insertTickets(client, ticketData);
    usageRows = await insertUsage(client, usageData);
    await insertLandscape(client, landscape);
    metricRows = await insertMetricSeries(
      client,
      landscape.metricServerIds,
      metricsFrom,
      metricsTo,
      'series',
    );
    contactRows = await insertContacts(client, buildContacts(options, data.customerIds));
    await client.query('commit');
    // Fresh statistics, so the planner sees 10,000 customers and not the handful of the demo seed; and
    // the visibility map a live database has (autovacuum vacuums a table after its inserts), without
    // which every index-only scan would still read the heap.
    await client.query('vacuum (analyze)');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return {
    customerIds: data.customerIds,
    rows: {
      customers: data.customers.length,
      customer_links: data.links.length,
      addresses: data.addresses.length,
      bank_accounts: data.accounts.length,
      customer_features: data.featureRows.length,
      users: data.users.length + 1,
      memberships: data.memberships.length + 1,
      tickets: ticketRows,
      ticket_watchers: ticketData.watchers.length,
      ...usageRows,
      landscape_racks: landscape.racks.length,
      landscape_clusters: landscape.clusters.length,
      landscape_devices: landscape.devices.length,
      landscape_virtual_machines: landscape.vms.length,
      metric_samples: metricRows,
      contacts: contactRows,
    },
    ms: performance.now() - started,
    landscape: {
      bigCustomerId: landscape.bigCustomerId,
      metricServerIds: landscape.metricServerIds,
      metricsFrom: metricsFrom.toISOString(),
      metricsTo: metricsTo.toISOString(),
    },
    tickets: {
      bigCustomerId: ticketData.bigCustomerId,
      bigCustomerTickets: options.bigCustomerTickets,
      ownerUsername: BENCH_TICKET_OWNER,
    },
    usage: { periods: usageData.periods },
  };
}

/** Chunks keep each statement's parameters to a few MB; unnest keeps the creation order, so ids do too. */
async function insertTickets(client: pg.PoolClient, { tickets, watchers }: ReturnType<typeof buildTickets>) {
  const chunk = 50_000;
  const t = tickets.data;
  const ids: number[] = [];
  for (let start = 0; start < tickets.length; start += chunk) {
    const slice = (column: unknown[]) => column.slice(start, start + chunk);
    const { rows } = await client.query<{ id: string }>(
      `insert into tickets (customer_id, subject, department, category, priority, status, author_id,
         message_count, attachment_count, created_at, updated_at, last_reply_staff, desk_due_at, assignee_id)
       select customer_id, subject, department, category, priority, status, author_id, message_count,
         attachment_count, created_at, updated_at, last_reply_staff, desk_due_at, assignee_id
       from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::smallint[], $6::text[], $7::text[],
         $8::int[], $9::int[], $10::timestamptz[], $11::timestamptz[], $12::bool[], $13::timestamptz[],
         $14::text[]) with ordinality
         as t(customer_id, subject, department, category, priority, status, author_id, message_count,
           attachment_count, created_at, updated_at, last_reply_staff, desk_due_at, assignee_id, position)
       order by position
       returning id`,
      [
        slice(t.customerId),
        slice(t.subject),
        slice(t.department),
        slice(t.category),
        slice(t.priority),
        slice(t.status),
        slice(t.authorId),
        slice(t.messages),
        slice(t.attachments),
        slice(t.created),
        slice(t.updated),
        slice(t.lastReplyStaff),
        slice(t.deskDue),
        slice(t.assignee),
      ],
    );
    for (const row of rows) ids.push(Number(row.id));
  }
  const w = watchers.data;
  await client.query(
    `insert into ticket_watchers (ticket_id, user_id) select * from unnest($1::bigint[], $2::text[])`,
    [w.position.map((position) => ids[position as number]), w.userId],
  );
  return ids.length;
}

/** The bundle kinds a generated customer draws from: the demo's, with amounts scaled per customer. */
const bundleCatalogue: Bundle[] = [
  bundle('hours', 'manhour', 'support', 'hour', 8, 0.8, '95.00', { step: 0.25 }),
  bundle('hours', 'consultancy', 'project', 'hour', 40, 0.12, '115.00', { renews: false, step: 0.25 }),
  bundle('storage', 'storage', 'block', 'GiB', 500, 0.55, '0.06'),
  bundle('storage', 'storage', 'object', 'TiB', 2, 0.7, '45.00'),
  bundle('storage', 'backup', 'object', 'GiB', 250, 0.9, '0.05'),
  bundle('traffic', 'traffic', 'internet', 'TB', 10, 0.4, '12.50'),
  bundle('observe', 'observe_series', 'metrics', 'series', 20_000, 0.8, '0.01', { step: 1 }),
  bundle('observe', 'observe_bytes', 'logs', 'GiB', 100, 1.05, '0.20'),
];

/**
 * Usage (issue 12): every generated customer has 2 to 7 bundles over `usageMonths` months up to the
 * current one (the demo's rules: renewing bundles start full, prepaid ones carry over, some go over
 * quota), and an SLA and a usage report for every ended month, their figures made by the API's own
 * report generator from those rows (one to three applications a customer, no incidents). Relative to
 * today, like the demo, so the usage screen's default month holds data. A random stream of its own.
 */
async function buildUsage(options: GenerateOptions, customerIds: readonly number[], now: Date) {
  const random = seededRandom(options.seed + 2);
  const periods = recentPeriods(now, options.usageMonths);
  const usage = new Columns([
    'customerId',
    'period',
    'type',
    'subtype',
    'usageType',
    'unit',
    'start',
    'remaining',
    'used',
    'overusage',
    'renews',
    'rate',
  ] as const);
  const reports = new Columns(['customerId', 'kind', 'period', 'displayId', 'data', 'generatedAt'] as const);
  const byCustomer = new Map<number, ReturnType<typeof buildDemoUsage>>();
  const applications = new Map<
    number,
    { name: string; target: number; uptime: number | null; downtimeMinutes: number }[][]
  >();
  for (const customerId of customerIds) {
    const count = int(random, 2, 7);
    const deck = [...bundleCatalogue];
    for (let index = deck.length - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1));
      [deck[index], deck[other]] = [deck[other] as Bundle, deck[index] as Bundle];
    }
    const chosen = deck.slice(0, count);
    const scale = [0.5, 1, 1, 2, 4][int(random, 0, 4)] as number;
    const bundles = chosen.map((item) => ({
      ...item,
      amount: item.amount * scale,
      use: item.use * (0.4 + random()),
    }));
    const rows = buildDemoUsage(now, { [customerId]: bundles }, { partialCurrent: true }).filter((row) =>
      periods.includes(row.period),
    );
    byCustomer.set(customerId, rows);
    for (const row of rows) {
      usage.push({
        customerId,
        period: row.period,
        type: row.type,
        subtype: row.subtype,
        usageType: row.usageType,
        unit: row.unit,
        start: row.periodStartAmount,
        remaining: row.remainingAmount,
        used: row.usedAmount,
        overusage: row.overusageAmount ?? 0,
        renews: row.renews ?? false,
        rate: row.rate ?? '0.00',
      });
    }
    const names = ['Webshop', 'Portal', 'API', 'Intranet', 'Booking'];
    const apps = Array.from({ length: int(random, 1, 3) }, (_, index) => ({
      name: names[index] as string,
      target: random() < 0.5 ? 99.9 : 99.5,
    }));
    applications.set(
      customerId,
      periods.map(() =>
        apps.map((app) => {
          const uptime = random() < 0.9 ? 100 : Math.floor((99 + random()) * 100) / 100;
          return { ...app, uptime, downtimeMinutes: Math.round(((100 - uptime) / 100) * 43_200) };
        }),
      ),
    );
  }

  const generator = createReportGenerator({
    repo: {} as ReportsRepo,
    customerIds: async () => [],
    tickets: { incidents: async () => [] },
    usage: {
      entries: async (customerId, period) =>
        (byCustomer.get(customerId) ?? [])
          .filter((row) => row.period === period)
          .map((row) => ({
            type: row.type,
            usage_type: row.usageType,
            subtype: row.subtype,
            unit: row.unit,
            period_start_amount: row.periodStartAmount,
            used_amount: row.usedAmount,
            remaining_amount: row.remainingAmount,
            overusage_amount: row.overusageAmount ?? 0,
            rate: row.rate ?? '0.00',
          })),
    },
    availability: {
      month: async (customerId, from) =>
        applications.get(customerId)?.[periods.indexOf(periodOf(from))] ?? [],
    },
  });
  const ended = periods.slice(1);
  for (const customerId of customerIds) {
    for (const period of ended) {
      const [year, month] = period.split('-').map(Number) as [number, number];
      const generatedAt = new Date(Date.UTC(year, month, 1, 2)).toISOString();
      for (const kind of ['sla', 'usage'] as const) {
        reports.push({
          customerId,
          kind,
          period,
          displayId: displayIdOf(kind, period),
          data: JSON.stringify(await generator.compute(customerId, kind, period)),
          generatedAt,
        });
      }
    }
  }
  return { periods, usage, reports };
}

/** One unnest per table, in chunks that keep each statement's parameters to a few MB. */
async function insertUsage(
  client: pg.PoolClient,
  { usage, reports }: Awaited<ReturnType<typeof buildUsage>>,
) {
  const u = usage.data;
  const chunk = 100_000;
  for (let start = 0; start < usage.length; start += chunk) {
    const slice = (column: unknown[]) => column.slice(start, start + chunk);
    await client.query(
      `insert into usage_entries (customer_id, period, type, subtype, usage_type, unit, period_start_amount,
         remaining_amount, used_amount, overusage_amount, renews, rate)
       select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
         $7::float8[], $8::float8[], $9::float8[], $10::float8[], $11::bool[], $12::text[])`,
      [
        slice(u.customerId),
        slice(u.period),
        slice(u.type),
        slice(u.subtype),
        slice(u.usageType),
        slice(u.unit),
        slice(u.start),
        slice(u.remaining),
        slice(u.used),
        slice(u.overusage),
        slice(u.renews),
        slice(u.rate),
      ],
    );
  }
  const r = reports.data;
  const reportChunk = 20_000;
  for (let start = 0; start < reports.length; start += reportChunk) {
    const slice = (column: unknown[]) => column.slice(start, start + reportChunk);
    await client.query(
      `insert into reports (customer_id, kind, period, display_id, data, generated_at)
       select customer_id, kind, period, display_id, data::jsonb, generated_at
       from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
         as t(customer_id, kind, period, display_id, data, generated_at)`,
      [
        slice(r.customerId),
        slice(r.kind),
        slice(r.period),
        slice(r.displayId),
        slice(r.data),
        slice(r.generatedAt),
      ],
    );
  }
  return { usage_entries: usage.length, reports: reports.length };
}

const contactDomains = ['example.test', 'mail.example.test', 'bedrijf.example.test', 'company.example.test'];
const contactRoles = [
  ['viewer'],
  ['technical_viewer'],
  ['financial_viewer'],
  ['financial_moderator'],
  ['owner'],
];

/**
 * Contacts (issue 14): `bigCustomerContacts` for the first generated customer, the rest spread at
 * random over the others (about ten each, a few with twenty or more). A random stream of its own, so
 * the rows generated before stay what they were.
 */
function buildContacts(options: GenerateOptions, customerIds: readonly number[]) {
  const random = seededRandom(options.seed + 14);
  const rows = new Columns([
    'customerId',
    'first',
    'last',
    'email',
    'phone',
    'roles',
    'language',
    'notifications',
  ] as const);
  const [bigCustomerId, ...others] = customerIds;
  if (bigCustomerId === undefined) return rows;
  const spread = others.length ? options.contacts - options.bigCustomerContacts : 0;
  const perCustomer = new Map<number, number>([[bigCustomerId, options.bigCustomerContacts]]);
  for (let index = 0; index < spread; index++) {
    const customerId = pick(random, others);
    perCustomer.set(customerId, (perCustomer.get(customerId) ?? 0) + 1);
  }
  let serial = 0;
  for (const customerId of customerIds) {
    const count = perCustomer.get(customerId) ?? 0;
    for (let index = 0; index < count; index++) {
      serial += 1;
      const dutch = random() < 0.6;
      const first = pick(random, givenNames);
      const last = dutch ? pick(random, dutchFamilies) : pick(random, familyNames);
      const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]+/g, '');
      rows.push({
        customerId,
        first,
        last,
        email: `${local}.${serial}@${pick(random, contactDomains)}`,
        phone: random() < 0.7 ? `+31 20 ${digits(random, 3)} ${digits(random, 4)}` : null,
        roles: JSON.stringify(pick(random, contactRoles)),
        language: dutch ? 'nl' : 'en',
        notifications: JSON.stringify({ email: ['ticket_updates'], chat: [] }),
      });
    }
  }
  return rows;
}

/** Chunks keep each statement's parameters to a few MB. */
async function insertContacts(client: pg.PoolClient, rows: ReturnType<typeof buildContacts>) {
  const chunk = 50_000;
  const c = rows.data;
  for (let start = 0; start < rows.length; start += chunk) {
    const slice = (column: unknown[]) => column.slice(start, start + chunk);
    await client.query(
      `insert into contacts (customer_id, first_name, last_name, email, phone, roles, language, notifications)
       select customer_id, first_name, last_name, email, phone,
              array(select jsonb_array_elements_text(roles::jsonb)), language, notifications::jsonb
       from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
         as t(customer_id, first_name, last_name, email, phone, roles, language, notifications)`,
      [
        slice(c.customerId),
        slice(c.first),
        slice(c.last),
        slice(c.email),
        slice(c.phone),
        slice(c.roles),
        slice(c.language),
        slice(c.notifications),
      ],
    );
  }
  return rows.length;
}

export interface AdministrationBenchOptions {
  invoices: number;
  contracts: number;
  /** Invoices of the big customer: a 500th page of 25 and then some. */
  bigCustomerInvoices: number;
}

export const defaultAdministrationOptions: AdministrationBenchOptions = {
  invoices: 1_000_000,
  contracts: 100_000,
  bigCustomerInvoices: 15_000,
};

/** The big customer's invoice numbers: `BINV-0000001` … in creation order. */
export const benchInvoiceNumber = (n: number) => `BINV-${String(n).padStart(7, '0')}`;

/**
 * Issue 13's data set, added by the administration suite to the generated customers (other suites do
 * not pay for it): `invoices` invoices over the generated customers, the first `bigCustomerInvoices`
 * of them the big customer's, one line each, and `contracts` contracts with one rule each. Each table is
 * one INSERT … SELECT FROM generate_series inside PostgreSQL (deterministic: the row number decides
 * every value). The sweep of overdue and renewal notifications counts them as told already, so the
 * API's job does not write notifications while the suite measures.
 */
export async function generateAdministrationData(
  pool: pg.Pool,
  customerIds: readonly number[],
  bigCustomerId: number,
  options: AdministrationBenchOptions = defaultAdministrationOptions,
): Promise<{ rows: Record<string, number>; ms: number }> {
  const started = performance.now();
  const first = Math.min(...customerIds);
  const count = customerIds.length;
  const client = await pool.connect();
  try {
    await client.query('begin');
    // The big customer's invoices are downloaded as e-invoices, which need a Peppol identifier.
    await client.query(
      `update customers set coc_number = coalesce(coc_number, '99887766'),
         vat_number = coalesce(vat_number, 'NL998877665B01') where customer_id = $1`,
      [bigCustomerId],
    );
    // Invoice n: dated back from 30 November 2026 a day per 11 invoices of its customer, due 30 days
    // later; every 10th open (to pay or overdue), every 97th written off, the rest paid.
    const invoices = await client.query(
      `insert into invoices (number, customer_id, invoice_date, due_date, payment_date, currency, description,
         payment_reference, net_amount, vat_amount, amount, amount_due, written_off, source_hash, overdue_notified_at)
       select 'BINV-' || lpad(n::text, 7, '0'),
         case when n <= $2 then $3 else $4 + (n % $5) end,
         d, d + 30, case when n % 10 = 0 then null else d + 20 end, 'EUR', 'Diensten ' || to_char(d, 'YYYY-MM'),
         'BINV-' || lpad(n::text, 7, '0'), net, round(net * 0.21, 2), net + round(net * 0.21, 2),
         case when n % 10 = 0 then net + round(net * 0.21, 2) else 0 end, n % 97 = 0, 'bench', now()
       from generate_series(1, $1::int) as n,
         lateral (select date '2026-11-30' - ((n / 11) % 1095)::int as d,
                         (100 + (n * 37) % 4900)::numeric(14, 2) as net) v`,
      [options.invoices, options.bigCustomerInvoices, bigCustomerId, first, count],
    );
    const lines = await client.query(
      `insert into invoice_lines (invoice_id, position, description, quantity, unit, unit_price, vat_rate, amount,
         period_start, period_end)
       select id, 1, 'Beheerde server (4 vCPU, 16 GB)', 1, 'maand', net_amount, 21, net_amount,
         date_trunc('month', invoice_date)::date, (date_trunc('month', invoice_date) + interval '1 month - 1 day')::date
       from invoices where source_hash = 'bench'`,
    );
    const statuses = ['active', 'active', 'active', 'future', 'suspended', 'ended', 'cancelled'];
    const contracts = await client.query(
      `insert into contracts (id, customer_id, description, recurring, status, start_date, end_date, renewal_date,
         monthly_costs, one_off_costs, payment_method, payment_period, term_start_date, term_extension_months,
         term_payment_days, renewal_notified_for, source_hash)
       select 'BCT-' || lpad(n::text, 6, '0'), $2 + (n % $3), 'Beheerde hosting ' || n, true,
         ($4::text[])[1 + n % 7], s, case when n % 7 >= 5 then s + 365 else null end, r,
         (50 + n % 950)::numeric(14, 2), 0, 'invoice', 'monthly', s, 12, 30, r, 'bench'
       from generate_series(1, $1::int) as n,
         lateral (select date '2026-11-30' - (n % 1500)::int as s,
                         date '2026-11-30' + (n % 365)::int as r) v`,
      [options.contracts, first, count, statuses],
    );
    const rules = await client.query(
      `insert into contract_rules (contract_id, position, product, quantity, unit, unit_price, recurring, amount)
       select id, 1, 'Beheerde server', 1, 'maand', monthly_costs, true, monthly_costs
       from contracts where source_hash = 'bench'`,
    );
    await client.query('commit');
    await client.query('analyze invoices, invoice_lines, contracts, contract_rules');
    return {
      rows: {
        invoices: invoices.rowCount ?? 0,
        invoice_lines: lines.rowCount ?? 0,
        contracts: contracts.rowCount ?? 0,
        contract_rules: rules.rowCount ?? 0,
      },
      ms: performance.now() - started,
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
