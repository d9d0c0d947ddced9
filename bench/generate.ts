import type pg from 'pg';
import { features as demoFeatures, iban } from '../apps/api/src/db/seed/demo-data.ts';

export interface GenerateOptions {
  customers: number;
  users: number;
  /** Generated customer ids start here, far above the demo ids (1, 1001–1006). */
  firstCustomerId: number;
  seed: number;
}

export interface GeneratedData {
  customerIds: number[];
  rows: Record<string, number>;
  ms: number;
}

export const defaultGenerateOptions: GenerateOptions = {
  customers: 10_000,
  users: 2_000,
  firstCustomerId: 100_001,
  seed: 20_260_101,
};

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
  const client = await pool.connect();
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
    await client.query('commit');
    // Fresh statistics, so the planner sees 10,000 customers and not the handful of the demo seed.
    await client.query('analyze');
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
      users: data.users.length,
      memberships: data.memberships.length,
    },
    ms: performance.now() - started,
  };
}
