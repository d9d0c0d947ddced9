import type { RequestTypes, Ticket, TicketCategory, TicketSummary } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTickets } from '../src/db/seed/demo-tickets.ts';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { ensureLoner, LONER, tokenSource } from './tokens.ts';

/**
 * The authorization matrix of every ticket route (DESIGN.md §7): every demo user, the loner (no
 * membership) and anonymous, against their own customer, another customer and an unknown one, with
 * exact status codes and, for the list, exact counts. The counts are literals checked against the
 * demo seed (apps/api/src/db/seed/demo-tickets.ts) in the first test, so a change to the seed shows up
 * here as one clear failure. This file has a database of its own (see tickets-support.ts).
 */
const OTHER = 1004;
const UNKNOWN = 999_999;
const ALL: TicketCategory[] = ['technical_request', 'administrative_request', 'incident_request'];

interface Subject {
  username: string | null;
  /** The customer the subject acts in ("own"); staff and outsiders are tried on 1001. */
  target: number;
  member: boolean;
  staff: 'viewer' | 'moderator' | null;
  /** Tickets the list answers in the target customer. */
  listed: number;
  /** Request types in the target customer; null when the route refuses (no ticket-edit). */
  categories: TicketCategory[] | null;
  readAll: boolean;
  billing: boolean;
  subscription: boolean;
  language: 'en' | 'nl';
}

const subjects: Subject[] = [
  {
    username: 'owner',
    target: 1001,
    member: true,
    staff: null,
    listed: 26,
    categories: ALL,
    readAll: true,
    billing: true,
    subscription: true,
    language: 'nl',
  },
  {
    username: 'financial-moderator',
    target: 1001,
    member: true,
    staff: null,
    listed: 6,
    categories: ['administrative_request'],
    readAll: false,
    billing: true,
    subscription: true,
    language: 'nl',
  },
  {
    username: 'financial-viewer',
    target: 1001,
    member: true,
    staff: null,
    listed: 5,
    categories: ['administrative_request'],
    readAll: false,
    billing: false,
    subscription: false,
    language: 'en',
  },
  {
    username: 'technical-viewer',
    target: 1001,
    member: true,
    staff: null,
    listed: 8,
    categories: ['technical_request', 'incident_request'],
    readAll: false,
    billing: false,
    subscription: false,
    language: 'nl',
  },
  {
    username: 'viewer',
    target: 1001,
    member: true,
    staff: null,
    listed: 26,
    categories: ['technical_request'],
    readAll: true,
    billing: false,
    subscription: false,
    language: 'nl',
  },
  {
    username: 'multi',
    target: 1002,
    member: true,
    staff: null,
    listed: 10,
    categories: ALL,
    readAll: true,
    billing: true,
    subscription: true,
    language: 'en',
  },
  {
    username: 'staff-viewer',
    target: 1001,
    member: false,
    staff: 'viewer',
    listed: 26,
    categories: null,
    readAll: true,
    billing: false,
    subscription: false,
    language: 'nl',
  },
  {
    username: 'staff-moderator',
    target: 1001,
    member: false,
    staff: 'moderator',
    listed: 26,
    categories: ALL,
    readAll: true,
    billing: true,
    subscription: true,
    language: 'nl',
  },
  {
    username: LONER.username,
    target: 1001,
    member: false,
    staff: null,
    listed: 0,
    categories: null,
    readAll: false,
    billing: false,
    subscription: false,
    language: 'en',
  },
  {
    username: null,
    target: 1001,
    member: false,
    staff: null,
    listed: 0,
    categories: null,
    readAll: false,
    billing: false,
    subscription: false,
    language: 'en',
  },
];

const userIds: Record<string, string> = {
  owner: '6f1c2a10-0001-4a1e-9c01-000000000001',
  'financial-moderator': '6f1c2a10-0002-4a1e-9c01-000000000002',
  'financial-viewer': '6f1c2a10-0003-4a1e-9c01-000000000003',
  'technical-viewer': '6f1c2a10-0004-4a1e-9c01-000000000004',
  viewer: '6f1c2a10-0005-4a1e-9c01-000000000005',
  multi: '6f1c2a10-0006-4a1e-9c01-000000000006',
  'staff-viewer': '6f1c2a10-0007-4a1e-9c01-000000000007',
  'staff-moderator': '6f1c2a10-0008-4a1e-9c01-000000000008',
};

/** Ticket number of a demo ticket, by its seed key (numbers follow the seed order in a fresh database). */
function idOf(key: string): number {
  const found = demoTickets.find((ticket) => ticket.key === key);
  if (!found) throw new Error(`no demo ticket ${key}`);
  return found.number;
}

/** A ticket of the target customer the subject can see: one they wrote, or any for staff. */
function visibleTicket(subject: Subject): number {
  const mine = demoTickets.find(
    (ticket) => ticket.customerId === subject.target && ticket.author === subject.username,
  );
  return mine?.number ?? idOf('gk-ssl-webshop');
}

/** A ticket of the target customer the subject neither wrote nor watches (hidden without read-all). */
function strangerTicket(subject: Subject): number {
  const found = demoTickets.find(
    (ticket) =>
      ticket.customerId === subject.target &&
      ticket.author !== subject.username &&
      !ticket.watchers.some((watcher) => watcher === subject.username),
  );
  if (!found) throw new Error(`no stranger ticket for ${subject.username}`);
  return found.number;
}

let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;

beforeAll(async () => {
  server = await startTicketsServer('matrix');
  await ensureLoner(server.databaseUrl);
  token = tokenSource(server);
});
afterAll(async () => server?.close());

const auth = async (subject: Subject) => (subject.username ? { token: await token(subject.username) } : {});
const code = (response: { json: unknown }) => (response.json as Problem | undefined)?.code;

describe('the literal counts match the demo seed', () => {
  it('per customer, per caller, own or watched', () => {
    const inCustomer = (id: number) => demoTickets.filter((ticket) => ticket.customerId === id);
    expect([1001, 1002, 1003, 1004, 1005, 1006].map((id) => inCustomer(id).length)).toEqual([
      26, 10, 6, 5, 0, 0,
    ]);
    const ownOrWatched = (customer: number, username: string) =>
      inCustomer(customer).filter(
        (ticket) => ticket.author === username || ticket.watchers.some((watcher) => watcher === username),
      ).length;
    for (const subject of subjects.filter((s) => s.member && !s.readAll && s.username)) {
      expect(ownOrWatched(subject.target, subject.username as string), subject.username ?? '').toBe(
        subject.listed,
      );
    }
    expect(ownOrWatched(1001, 'financial-moderator')).toBe(6);
    expect(ownOrWatched(1001, 'financial-viewer')).toBe(5);
    expect(ownOrWatched(1001, 'technical-viewer')).toBe(8);
  });
});

/** Attachment ids of the seed, read through the API as staff. */
const attachments = { publicLog: 0, internalNote: 0, otherTicket: 0 };

beforeAll(async () => {
  const staff = await token('staff-viewer');
  const detail = async (key: string) =>
    (await send(server, 'GET', `/api/v2/customer/1001/tickets/${idOf(key)}`, { token: staff }))
      .json as Ticket;
  const db01 = await detail('gk-db01-schijf');
  const files = db01.messages.flatMap((message) =>
    message.attachments.map((file) => ({ ...file, internal: message.internal })),
  );
  attachments.publicLog = files.find((file) => file.file_name === 'db01-disk.log')?.attachment_id ?? 0;
  attachments.internalNote = files.find((file) => file.internal)?.attachment_id ?? 0;
  const webshop = await detail('gk-webshop-502');
  attachments.otherTicket = webshop.messages[0]?.attachments[0]?.attachment_id ?? 0;
  expect(Object.values(attachments).every((id) => id > 0)).toBe(true);
});

// ——— Reads first: the writes further down change the counts. ———

describe.each(subjects)('reads: $username', (subject) => {
  const anonymous = subject.username === null;
  const own = subject.target;
  const canRead = subject.member || subject.staff !== null;

  it('GET request-types in own, other and unknown customer', async () => {
    const options = await auth(subject);
    const types = (id: number) => send(server, 'GET', `/api/v2/customer/${id}/request-types`, options);
    const [mine, other, unknown] = await Promise.all([types(own), types(OTHER), types(UNKNOWN)]);
    if (anonymous) return expect([mine.status, other.status, unknown.status]).toEqual([401, 401, 401]);
    expect(unknown.status).toBe(404);
    expect(code(unknown)).toBe('CUSTOMER_NOT_FOUND');
    if (subject.categories === null) {
      expect([mine.status, other.status]).toEqual([403, 403]);
      return;
    }
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual({
      categories: subject.categories,
      service_desk_phone: '+31 20 123 4567',
      attachments: {
        extensions: ['pdf', 'png', 'jpg', 'jpeg', 'txt', 'log', 'csv', 'zip'],
        max_files: 5,
        max_total_bytes: 20 * 1024 * 1024,
      },
    } satisfies RequestTypes);
    expect(other.status).toBe(subject.staff === 'moderator' ? 200 : 403);
  });

  it('GET tickets lists exactly what the caller may read', async () => {
    const options = await auth(subject);
    const mine = await send(server, 'GET', `/api/v2/customer/${own}/tickets?limit=100`, options);
    const other = await send(server, 'GET', `/api/v2/customer/${OTHER}/tickets?limit=100`, options);
    const unknown = await send(server, 'GET', `/api/v2/customer/${UNKNOWN}/tickets`, options);
    if (anonymous) return expect([mine.status, other.status, unknown.status]).toEqual([401, 401, 401]);
    expect(unknown.status).toBe(404);
    if (!canRead) return expect([mine.status, other.status]).toEqual([403, 403]);
    expect(mine.status).toBe(200);
    const listed = mine.json as TicketSummary[];
    expect(listed).toHaveLength(subject.listed);
    expect(new Set(listed.map((ticket) => ticket.customer_id))).toEqual(new Set([own]));
    expect(mine.headers.get('x-total-count')).toBeNull();
    expect(mine.headers.get('link')).toBeNull();
    if (!subject.readAll && subject.username) {
      const username = subject.username;
      const expected = demoTickets
        .filter(
          (ticket) =>
            ticket.customerId === own &&
            (ticket.author === username || ticket.watchers.some((watcher) => watcher === username)),
        )
        .map((ticket) => ticket.number)
        .sort();
      expect(listed.map((ticket) => ticket.ticket_id).sort()).toEqual(expected);
    }
    if (subject.staff) {
      expect(other.status).toBe(200);
      expect(other.json).toHaveLength(5);
    } else {
      expect(other.status).toBe(403);
    }
  });

  it('GET tickets/{id}: own, a stranger’s, another customer’s id under own path, other and unknown customer', async () => {
    const options = await auth(subject);
    const base = `/api/v2/customer/${own}/tickets`;
    const [visible, stranger, foreign, other, unknown] = await Promise.all([
      send(server, 'GET', `${base}/${visibleTicket(subject)}`, options),
      send(server, 'GET', `${base}/${strangerTicket(subject)}`, options),
      send(server, 'GET', `${base}/${idOf('gf-node-pressure')}`, options),
      send(server, 'GET', `/api/v2/customer/${OTHER}/tickets/${idOf('gf-node-pressure')}`, options),
      send(server, 'GET', `/api/v2/customer/${UNKNOWN}/tickets/${visibleTicket(subject)}`, options),
    ]);
    const statuses = [visible, stranger, foreign, other, unknown].map((response) => response.status);
    if (anonymous) return expect(statuses).toEqual([401, 401, 401, 401, 401]);
    if (!canRead) return expect(statuses).toEqual([403, 403, 403, 403, 404]);
    expect(statuses).toEqual([200, subject.readAll ? 200 : 404, 404, subject.staff ? 200 : 403, 404]);
    expect((visible.json as Ticket).ticket_id).toBe(visibleTicket(subject));
    if (!subject.readAll) expect(code(stranger)).toBe('TICKET_NOT_FOUND');
    expect(code(foreign)).toBe('TICKET_NOT_FOUND');
    expect(code(unknown)).toBe('CUSTOMER_NOT_FOUND');
  });

  it('GET attachments: visible, on an internal note, of another ticket, of a hidden ticket', async () => {
    const options = await auth(subject);
    const ticket = idOf('gk-db01-schijf');
    const base = `/api/v2/customer/1001/tickets/${ticket}/attachments`;
    const [publicFile, internalFile, elsewhere] = await Promise.all([
      send(server, 'GET', `${base}/${attachments.publicLog}`, options),
      send(server, 'GET', `${base}/${attachments.internalNote}`, options),
      send(server, 'GET', `${base}/${attachments.otherTicket}`, options),
    ]);
    const statuses = [publicFile.status, internalFile.status, elsewhere.status];
    if (anonymous) return expect(statuses).toEqual([401, 401, 401]);
    const inCustomer = subject.target === 1001 || subject.staff !== null;
    if (!inCustomer || !canRead) return expect(statuses).toEqual([403, 403, 403]);
    // gk-db01-schijf is technical-viewer's ticket, watched by owner.
    const sees = subject.readAll || subject.username === 'technical-viewer';
    if (!sees) {
      expect(statuses).toEqual([404, 404, 404]);
      return expect(code(publicFile)).toBe('TICKET_NOT_FOUND');
    }
    expect(statuses).toEqual([200, subject.staff ? 200 : 404, 404]);
    expect(publicFile.headers.get('content-type')).toBe('text/plain');
    expect(publicFile.bytes.toString('utf8')).toContain('DiskSpaceLow');
    if (!subject.staff) expect(code(internalFile)).toBe('ATTACHMENT_NOT_FOUND');
    expect(code(elsewhere)).toBe('ATTACHMENT_NOT_FOUND');
  });
});

describe('internal notes', () => {
  it('are returned to staff only', async () => {
    const ticket = demoTickets.find((entry) => entry.key === 'gk-db01-schijf');
    const all = ticket?.messages.length ?? 0;
    const internal = ticket?.messages.filter((message) => message.internal).length ?? 0;
    expect([all, internal]).toEqual([4, 1]);
    for (const [username, expected] of [
      ['technical-viewer', 3],
      ['owner', 3],
      ['viewer', 3],
      ['staff-viewer', 4],
      ['staff-moderator', 4],
    ] as const) {
      const response = await send(server, 'GET', `/api/v2/customer/1001/tickets/${idOf('gk-db01-schijf')}`, {
        token: await token(username),
      });
      const messages = (response.json as Ticket).messages;
      expect(messages, username).toHaveLength(expected);
      expect(messages.filter((message) => message.internal)).toHaveLength(expected === 4 ? 1 : 0);
    }
  });

  it('are not counted in the list, nor do they move its last update', async () => {
    const ticket = demoTickets.find((entry) => entry.key === 'gk-db01-schijf');
    const lastPublic = ticket?.messages.filter((message) => !message.internal).at(-1);
    const response = await send(
      server,
      'GET',
      `/api/v2/customer/1001/tickets?search=${idOf('gk-db01-schijf')}`,
      {
        token: await token('technical-viewer'),
      },
    );
    // Three replies the customer sees; of the two files, the one on the internal note is left out.
    expect(response.json as TicketSummary[]).toEqual([
      expect.objectContaining({ message_count: 3, attachment_count: 1, updated_at: lastPublic?.createdAt }),
    ]);
  });
});

describe('list filters, search and keyset paging (viewer, ticket-read-all in 1001)', () => {
  const list = async (query: string) => {
    const response = await send(server, 'GET', `/api/v2/customer/1001/tickets?${query}`, {
      token: await token('viewer'),
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return { tickets: response.json as TicketSummary[], link: response.headers.get('link') };
  };

  it('filters by status, priority and category with exact counts', async () => {
    expect((await list('status=closed&limit=100')).tickets).toHaveLength(9);
    expect((await list('status=new,open&limit=100')).tickets).toHaveLength(8);
    expect((await list('status=awaiting_reply&limit=100')).tickets).toHaveLength(5);
    const expectedHigh = demoTickets.filter((t) => t.customerId === 1001 && t.priority === 1).length;
    expect((await list('priority=1&limit=100')).tickets).toHaveLength(expectedHigh);
    const incidents = demoTickets.filter(
      (t) => t.customerId === 1001 && t.category === 'incident_request',
    ).length;
    expect((await list('category=incident_request&limit=100')).tickets).toHaveLength(incidents);
  });

  it('searches by number (with or without #) and by subject, case-insensitively, with wildcards literal', async () => {
    const id = idOf('gk-ssl-webshop');
    expect((await list(`search=${id}`)).tickets.map((t) => t.ticket_id)).toEqual([id]);
    expect((await list(`search=%23${id}`)).tickets.map((t) => t.ticket_id)).toEqual([id]);
    expect((await list('search=ssl-CERTIFICAAT')).tickets.map((t) => t.ticket_id)).toEqual([id]);
    expect((await list('search=%25%25%25')).tickets).toEqual([]);
    expect((await list('search=___')).tickets).toEqual([]);
  });

  it('refuses a search under 3 characters unless it is a ticket number', async () => {
    for (const search of ['ab', '%25', '%23a', '%20x%20']) {
      const response = await send(server, 'GET', `/api/v2/customer/1001/tickets?search=${search}`, {
        token: await token('viewer'),
      });
      expect(response.status, search).toBe(400);
      expect((response.json as Problem).errors).toEqual([
        { field: 'search', message: 'must be at least 3 characters, or a ticket number' },
      ]);
    }
    expect((await list('search=7')).tickets).toEqual(expect.any(Array));
    expect((await list('search=%2342')).tickets).toEqual([]);
    expect((await list('search=%20%20')).tickets.length).toBeGreaterThan(0);
  });

  it('pages by the Link header, newest update first, without gaps or repeats', async () => {
    const seen: TicketSummary[] = [];
    let query = 'limit=10';
    for (let page = 0; page < 5; page++) {
      const { tickets, link } = await list(query);
      seen.push(...tickets);
      if (!link) break;
      const match = /^<(\/api\/v2\/customer\/1001\/tickets\?[^>]+)>; rel="next"$/.exec(link);
      expect(match).not.toBeNull();
      query = (match?.[1] ?? '').split('?')[1] ?? '';
      expect(query).toContain('limit=10');
    }
    expect(seen.map((ticket) => ticket.ticket_id)).toHaveLength(26);
    expect(new Set(seen.map((ticket) => ticket.ticket_id)).size).toBe(26);
    const order = seen.map((ticket) => [ticket.updated_at, ticket.ticket_id] as const);
    const sorted = [...order].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1));
    expect(order).toEqual(sorted);
  });

  it('refuses a cursor it did not hand out', async () => {
    for (const cursor of ['nonsense', Buffer.from('["2026-02-31T00:00:00Z",5]').toString('base64url')]) {
      const response = await send(server, 'GET', `/api/v2/customer/1001/tickets?cursor=${cursor}`, {
        token: await token('viewer'),
      });
      expect(response.status).toBe(400);
      expect((response.json as Problem).errors?.[0]?.field).toBe('cursor');
    }
  });
});

// ——— Writes ———

/**
 * Tickets about a landscape object (issue 11): the objects each subject names in its target customer,
 * distinct per subject so the list filter's counts are exact. `slashed` is an id with slashes (a
 * prefix, or an address without its length) and `canonical` the id the ticket stores for it; `foreign`
 * are ids of another customer's objects under the subject's own path. Only callers with ticket-edit
 * and infra-read in the customer may name an object.
 */
interface About {
  infra: boolean;
  object: string;
  slashed: string;
  canonical: string;
  foreign: string[];
}
const FOREIGN_OF_1001 = ['devices/20', 'prefixes/10.30.0.0/24', 'ip-addresses/10.30.0.50/24'];
const refusedAbout = (object: string): About => ({
  infra: false,
  object,
  slashed: 'prefixes/10.20.1.0/24',
  canonical: 'prefixes/10.20.1.0/24',
  foreign: FOREIGN_OF_1001,
});
const about: Record<string, About> = {
  owner: {
    infra: true,
    object: 'devices/1',
    slashed: 'prefixes/10.20.0.0/24',
    canonical: 'prefixes/10.20.0.0/24',
    foreign: FOREIGN_OF_1001,
  },
  'technical-viewer': {
    infra: true,
    object: 'virtual-machines/2',
    slashed: 'ip-addresses/10.20.0.50',
    canonical: 'ip-addresses/10.20.0.50/24',
    foreign: FOREIGN_OF_1001,
  },
  'staff-moderator': {
    infra: true,
    object: 'racks/1',
    slashed: 'prefixes/2001:db8:20:100::/64',
    canonical: 'prefixes/2001:db8:20:100::/64',
    foreign: FOREIGN_OF_1001,
  },
  multi: {
    infra: true,
    object: 'devices/17',
    slashed: 'prefixes/10.30.0.0/24',
    canonical: 'prefixes/10.30.0.0/24',
    foreign: ['devices/5', 'prefixes/10.20.0.0/24', 'ip-addresses/10.20.0.50/24'],
  },
  'financial-moderator': refusedAbout('devices/3'),
  'financial-viewer': refusedAbout('devices/3'),
  viewer: refusedAbout('devices/3'),
  'staff-viewer': refusedAbout('devices/3'),
  [LONER.username]: refusedAbout('devices/3'),
  anonymous: refusedAbout('devices/3'),
};

describe.each(subjects)('writes: $username', (subject) => {
  const anonymous = subject.username === null;
  const own = subject.target;
  const mayEdit = subject.member || subject.staff === 'moderator';

  it('POST tickets: allowed and refused request types, other and unknown customer', async () => {
    const options = await auth(subject);
    const body = (category: TicketCategory) => ({
      category,
      subject: `Matrix ${subject.username ?? 'anonymous'} ${category}`,
      description: 'Created by the authorization matrix.',
    });
    const allowed = subject.categories?.[0] ?? 'technical_request';
    const refused = ALL.find((category) => !(subject.categories ?? []).includes(category));
    const post = (customer: number, category: TicketCategory) =>
      send(server, 'POST', `/api/v2/customer/${customer}/tickets`, { ...options, json: body(category) });
    const [mine, other, unknown] = await Promise.all([
      post(own, allowed),
      post(OTHER, allowed),
      post(UNKNOWN, allowed),
    ]);
    if (anonymous) return expect([mine.status, other.status, unknown.status]).toEqual([401, 401, 401]);
    expect(unknown.status).toBe(404);
    if (!mayEdit) return expect([mine.status, other.status]).toEqual([403, 403]);
    expect(mine.status, JSON.stringify(mine.json)).toBe(201);
    const created = mine.json as Ticket;
    expect(created).toMatchObject({ customer_id: own, category: allowed, status: 'new', priority: 2 });
    expect(created.author.user_id).toBe(userIds[subject.username ?? '']);
    expect(other.status).toBe(subject.staff === 'moderator' ? 201 : 403);
    if (refused) {
      const refusal = await post(own, refused);
      expect(refusal.status).toBe(403);
      expect(code(refusal)).toBe('REQUEST_TYPE_NOT_ALLOWED');
    }
    // The new ticket is listed for its author, whatever their read rights.
    const listed = await send(server, 'GET', `/api/v2/customer/${own}/tickets?limit=100`, options);
    expect((listed.json as TicketSummary[]).map((ticket) => ticket.ticket_id)).toContain(created.ticket_id);
  });

  it('POST tickets about a landscape object: own (ids with slashes), another customer’s, unknown; the list filter', async () => {
    const options = await auth(subject);
    const plan = about[subject.username ?? 'anonymous'] as About;
    const category = subject.categories?.[0] ?? 'technical_request';
    const marker = `About ${subject.username ?? 'anonymous'}`;
    const post = (id: string) =>
      send(server, 'POST', `/api/v2/customer/${own}/tickets`, {
        ...options,
        json: { category, subject: `${marker} ${id}`, description: 'Matrix.', landscape_object_id: id },
      });
    const named = [plan.object, plan.slashed, ...plan.foreign, 'devices/999999', 'racks/1/../2'];
    const answers = await Promise.all(named.map(post));
    const statuses = answers.map((response) => response.status);
    const stored = () =>
      server.count('select count(*) from tickets where customer_id = $1 and subject like $2', [
        own,
        `${marker} %`,
      ]);
    if (anonymous) return expect(statuses).toEqual(named.map(() => 401));
    if (!mayEdit) {
      expect(statuses).toEqual(named.map(() => 403));
      return expect(await stored()).toBe(0);
    }
    const refused = (response: (typeof answers)[number]) => {
      expect(code(response)).toBe('VALIDATION_FAILED');
      expect((response.json as Problem).errors).toEqual([
        {
          field: 'landscape_object_id',
          message: 'must be a server or landscape object of this customer that you may read',
        },
      ]);
    };
    const malformed = answers.at(-1)?.json as Problem | undefined;
    expect(malformed?.status).toBe(400);
    expect(malformed?.errors?.map((error) => error.field)).toEqual(['landscape_object_id']);
    if (!plan.infra) {
      expect(statuses).toEqual(named.map(() => 400));
      for (const response of answers.slice(0, -1)) refused(response);
      return expect(await stored()).toBe(0);
    }
    expect(statuses).toEqual([201, 201, ...plan.foreign.map(() => 400), 400, 400]);
    for (const response of answers.slice(2, -1)) refused(response);
    const [first, second] = answers.map((response) => response.json as Ticket);
    expect(first?.landscape_object).toMatchObject({ id: plan.object, kind: plan.object.split('/')[0] });
    expect(first?.landscape_object?.name).toEqual(expect.any(String));
    expect(second?.landscape_object?.id).toBe(plan.canonical);
    expect(await stored()).toBe(2);
    // The detail says it again; the list filter finds exactly the one ticket about each object.
    const detail = await send(server, 'GET', `/api/v2/customer/${own}/tickets/${first?.ticket_id}`, options);
    expect((detail.json as Ticket).landscape_object).toEqual(first?.landscape_object);
    const filtered = async (id: string) => {
      const response = await send(
        server,
        'GET',
        `/api/v2/customer/${own}/tickets?${new URLSearchParams({ landscape_object_id: id, limit: '100' })}`,
        options,
      );
      expect(response.status).toBe(200);
      return (response.json as TicketSummary[]).map((ticket) => ticket.ticket_id);
    };
    expect(await filtered(plan.object)).toEqual([first?.ticket_id]);
    expect(await filtered(plan.canonical)).toEqual([second?.ticket_id]);
    expect(await filtered(plan.foreign[0] as string)).toEqual([]);
  });

  it('POST messages: own ticket, a stranger’s, internal notes, other and unknown customer', async () => {
    const options = await auth(subject);
    const reply = (customer: number, ticket: number, json: Record<string, unknown>) =>
      send(server, 'POST', `/api/v2/customer/${customer}/tickets/${ticket}/messages`, { ...options, json });
    const [mine, stranger, internal, other, unknown] = await Promise.all([
      reply(own, visibleTicket(subject), { body: 'Matrix reply' }),
      reply(own, strangerTicket(subject), { body: 'Matrix reply to a stranger' }),
      reply(own, visibleTicket(subject), { body: 'Matrix internal note', internal: true }),
      reply(OTHER, idOf('gf-onboarding'), { body: 'Matrix reply elsewhere' }),
      reply(UNKNOWN, visibleTicket(subject), { body: 'Matrix reply nowhere' }),
    ]);
    const statuses = [mine, stranger, internal, other, unknown].map((response) => response.status);
    if (anonymous) return expect(statuses).toEqual([401, 401, 401, 401, 401]);
    if (!mayEdit) return expect(statuses).toEqual([403, 403, 403, 403, 404]);
    const staff = subject.staff === 'moderator';
    expect(statuses).toEqual([201, subject.readAll ? 201 : 404, staff ? 201 : 403, staff ? 201 : 403, 404]);
    if (!staff) expect(code(internal)).toBe('INTERNAL_NOT_ALLOWED');
    if (!subject.readAll) expect(code(stranger)).toBe('TICKET_NOT_FOUND');
    if (subject.readAll && !staff && subject.username) {
      // A customer who replies on a ticket they did not write becomes a watcher of it.
      const watchers = (stranger.json as Ticket).watchers.map((watcher) => watcher.user_id);
      expect(watchers).toContain(userIds[subject.username]);
    }
  });

  it('PATCH tickets/{id}: customers close and reopen only, staff set any status', async () => {
    const options = await auth(subject);
    const patch = (customer: number, ticket: number, status: string) =>
      send(server, 'PATCH', `/api/v2/customer/${customer}/tickets/${ticket}`, {
        ...options,
        json: { status },
      });
    const ticket = visibleTicket(subject);
    const progress = await patch(own, ticket, 'in_progress');
    const stranger = await patch(own, strangerTicket(subject), 'closed');
    const other = await patch(OTHER, idOf('gf-api-certificate'), 'awaiting_reply');
    const unknown = await patch(UNKNOWN, ticket, 'closed');
    const statuses = [progress, stranger, other, unknown].map((response) => response.status);
    if (anonymous) return expect(statuses).toEqual([401, 401, 401, 401]);
    if (!mayEdit) return expect(statuses).toEqual([403, 403, 403, 404]);
    const staff = subject.staff === 'moderator';
    // Customers may only close or reopen; the tickets tried here are not in progress already.
    expect(progress.status).toBe(staff ? 200 : 403);
    if (!staff) expect(code(progress)).toBe('STATUS_CHANGE_NOT_ALLOWED');
    expect(stranger.status).toBe(subject.readAll ? 200 : 404);
    expect(other.status).toBe(staff ? 200 : 403);
    expect(unknown.status).toBe(404);
    const closed = await patch(own, ticket, 'closed');
    expect(closed.status).toBe(200);
    expect((closed.json as Ticket).status).toBe('closed');
    const reopened = await patch(own, ticket, 'open');
    expect(reopened.status).toBe(200);
    expect((reopened.json as Ticket).messages.at(-1)).toMatchObject({ body: '', status_change: 'open' });
  });

  // The end request's own matrix, on real contracts, is in administration-matrix.test.ts: here the
  // contract does not exist, so callers with subscription-edit get 404.
  it('POST change-requests (billing-edit: address, bank account) and contracts/{id}/end-request (subscription-edit)', async () => {
    const options = await auth(subject);
    const request = (customer: number, kind: string, json: unknown) =>
      send(
        server,
        'POST',
        kind === 'end-contract'
          ? `/api/v2/customer/${customer}/contracts/CT-2024-0042/end-request`
          : `/api/v2/customer/${customer}/change-requests`,
        { ...options, json },
      );
    const address = {
      type: 'address',
      action: 'change',
      address_type: 'invoice',
      street: 'Keizersgracht',
      house_number: '12a',
      postal_code: '1015 CX',
      town: 'Amsterdam',
      country: 'nl',
    };
    const bank = {
      type: 'bank_account',
      action: 'add',
      iban: 'NL91 ABNA 0417 1643 00',
      bic: 'ABNANL2A',
      account_holder: 'Matrix B.V.',
    };
    const end = {
      end_date: '2099-03-31',
      reason: 'Moving to own hardware',
    };
    const [addr, account, ending, other, unknown] = await Promise.all([
      request(own, 'address', address),
      request(own, 'bank-account', bank),
      request(own, 'end-contract', end),
      request(OTHER, 'address', address),
      request(UNKNOWN, 'end-contract', end),
    ]);
    const statuses = [addr, account, ending, other, unknown].map((response) => response.status);
    if (anonymous) return expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const billing = subject.billing ? 201 : 403;
    const subscription = subject.subscription ? 404 : 403;
    expect(statuses).toEqual([
      billing,
      billing,
      subscription,
      subject.staff === 'moderator' ? 201 : 403,
      404,
    ]);
    if (addr.status !== 201) return;
    const ticket = addr.json as Ticket;
    expect(ticket).toMatchObject({
      category: 'administrative_request',
      department: 'administration',
      priority: 2,
      status: 'new',
    });
    const description = ticket.messages[0]?.body ?? '';
    if (subject.language === 'nl') {
      expect(ticket.subject).toBe('Wijziging factuuradres');
      expect(description).toContain('Verzoek: het factuuradres wijzigen in:');
      expect(description).toContain('Keizersgracht 12a');
      expect((account.json as Ticket).subject).toBe('Nieuwe bankrekening');
      expect((account.json as Ticket).messages[0]?.body).toContain('Verzoek: een bankrekening toevoegen:');
    } else {
      expect(ticket.subject).toBe('Change of invoice address');
      expect(description).toContain('Request: change the invoice address to:');
      expect((account.json as Ticket).messages[0]?.body).toContain('IBAN: NL91 ABNA 0417 1643 00');
    }
  });
});

describe('a change request stores a Dutch postcode in its one form', () => {
  it("accepts 1012js for NL as 1012 JS, and leaves another country's postcode alone", async () => {
    const owner = await token('owner');
    const post = (json: unknown) =>
      send(server, 'POST', '/api/v2/customer/1001/change-requests', { token: owner, json });
    const base = {
      type: 'address',
      action: 'add',
      address_type: 'postal',
      street: 'Dam',
      house_number: '1',
      town: 'Amsterdam',
    };
    const dutch = await post({ ...base, postal_code: '1012js', country: 'NL' });
    expect(dutch.status, JSON.stringify(dutch.json)).toBe(201);
    expect((dutch.json as Ticket).messages[0]?.body).toContain('1012 JS');
    const british = await post({ ...base, postal_code: 'sw1a 1aa', town: 'London', country: 'GB' });
    expect(british.status, JSON.stringify(british.json)).toBe(201);
    expect((british.json as Ticket).messages[0]?.body).toContain('sw1a 1aa');
  });
});

describe('change requests refuse bad input with the field at fault, and store nothing', () => {
  const visitAddress = {
    type: 'address',
    action: 'add',
    address_type: 'visit',
    street: 'Dam',
    house_number: '1',
    postal_code: '1012 JS',
    town: 'Amsterdam',
    country: 'NL',
  };
  it.each([
    ['no type', 'change-requests', {}, 'type'],
    ['an unknown type', 'change-requests', { type: 'phone', action: 'add' }, 'type'],
    ['an address without a town', 'change-requests', { ...visitAddress, town: undefined }, 'town'],
    [
      'a bank account with a wrong IBAN',
      'change-requests',
      { type: 'bank_account', action: 'change', iban: 'NL00 ABNA 0000 0000 00', account_holder: 'X' },
      'iban',
    ],
    [
      'an unknown field',
      'change-requests',
      { type: 'bank_account', action: 'change', iban: 'NL91ABNA0417164300', account_holder: 'X', amount: 5 },
      '',
    ],
    ['an end date that is no date', 'contracts/CT-1/end-request', { end_date: '31-03-2099' }, 'end_date'],
    [
      'an address in a country that does not exist',
      'change-requests',
      { ...visitAddress, country: 'ZZ' },
      'country',
    ],
    [
      'a Dutch address whose postcode is no Dutch postcode',
      'change-requests',
      { ...visitAddress, postal_code: 'zzz' },
      'postal_code',
    ],
    [
      'a Dutch address whose postcode has 3 digits',
      'change-requests',
      { ...visitAddress, postal_code: '101 JS', country: 'nl' },
      'postal_code',
    ],
    ['an end date in the past', 'contracts/CT-1/end-request', { end_date: '2020-01-31' }, 'end_date'],
    [
      'a contract reference of 61 characters',
      `contracts/${'C'.repeat(61)}/end-request`,
      { end_date: '2099-03-31' },
      'contract_id',
    ],
  ])('%s', async (_label, path, json, field) => {
    const before = await server.count('select count(*) from tickets');
    const response = await send(server, 'POST', `/api/v2/customer/1001/${path}`, {
      token: await token('owner'),
      json,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(400);
    const problem = response.json as Problem;
    expect(problem.code).toBe('VALIDATION_FAILED');
    if (field) expect(problem.errors?.map((error) => error.field)).toContain(field);
    expect(await server.count('select count(*) from tickets')).toBe(before);
  });
});
