import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { groupUsage, periodOf, USAGE_PERIOD_PATTERN } from '@portaal/contracts';
import {
  COARSE_ROLLUP_SECONDS,
  graphMetrics,
  graphUnits,
  ROLLUP_FROM_BUCKET_SECONDS,
  ROLLUP_SECONDS,
  TRENDS_DEFAULT_WIDTH,
} from '@portaal/contracts/trend-rules';
import pg from 'pg';
import { z } from 'zod';
import type { ReusablePlans } from '../apps/api/src/db/client.ts';
import { type Cursors, cursorValue } from '../apps/api/src/lib/cursor.ts';
import { invoiceNumberSearch } from '../apps/api/src/modules/invoices/invoices.repo.ts';
import {
  keysOf,
  LANDSCAPE_SEARCH_SQL,
  searchValues,
  toFinds,
} from '../apps/api/src/modules/landscape/landscape.repo.ts';
import { objectHits, serverHits } from '../apps/api/src/modules/landscape/landscape.search.ts';

const ticketCursor = z.tuple([cursorValue.time, cursorValue.bigId]);
const contactCursor = z.tuple([z.string(), z.string(), cursorValue.id]);
const invoiceCursor = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), cursorValue.bigId]);

/**
 * The baseline of DESIGN.md §7: plain node:http and pg running, for the same calls, the same SQL as
 * customers.repo.ts (texts copied from what Drizzle sends) and writing the same JSON as the API, with
 * no framework, no validation and no auth. API req/s ÷ bare req/s is the price of everything else.
 */

// Drizzle hands dates to the app as the server's text ('2016-05-17'); pg would make JS Dates of them.
const DATE_OID = 1082;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === DATE_OID
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const customerColumns =
  '"customer_id", "display_name", "language", "status", "phone", "coc_number", "vat_number", "usage_po_number", "created_at"';

const sql = {
  exists: 'select "customer_id" from "customers" where "customers"."customer_id" = $1 limit $2',
  customer: `select ${customerColumns} from "customers" where "customers"."customer_id" = $1 limit $2`,
  linksOf:
    'select "customer_id", "type", "identifier" from "customer_links" where "customer_links"."customer_id" = $1 order by "customer_links"."type" asc',
  addressesOf:
    'select "id", "customer_id", "type", "main", "lines", "postcode", "city", "country" from "addresses" where "addresses"."customer_id" = $1 order by "addresses"."type" asc, "addresses"."id" asc',
  links: (count: number) =>
    `select "customer_id", "type", "identifier" from "customer_links" where "customer_links"."customer_id" in (${placeholders(count)}) order by "customer_links"."type" asc`,
  addresses: (count: number) =>
    `select "id", "customer_id", "type", "main", "lines", "postcode", "city", "country" from "addresses" where "addresses"."customer_id" in (${placeholders(count)}) order by "addresses"."type" asc, "addresses"."id" asc`,
  // The API's filter, a link's identifier (the accounting id) included, so that both answer alike.
  searchFilter: (withId: boolean) =>
    `("customers"."display_name" ilike $1 or "customers"."coc_number" ilike $2${withId ? ' or "customers"."customer_id" = $3' : ''} or exists (select 1 from "customer_links" where "customer_links"."customer_id" = "customers"."customer_id" and "customer_links"."identifier" ilike $1))`,
  page: (withId: boolean) =>
    `select ${customerColumns} from "customers" where ${sql.searchFilter(withId)} order by lower("customers"."display_name") asc, "customers"."customer_id" asc limit $${withId ? 4 : 3}`,
  count: (withId: boolean) => `select count(*)::int from "customers" where ${sql.searchFilter(withId)}`,
  pageAll: `select ${customerColumns} from "customers" order by lower("customers"."display_name") asc, "customers"."customer_id" asc limit $1`,
  countAll: 'select count(*)::int from "customers"',
};

// The ticket list: TICKET_LIST_SQL.all of apps/api/src/modules/tickets/tickets.repo.ts, copied (the
// tickets suite checks that the two texts are still equal), run as the same named statement.

const ticketListColumns = `t.id, t.customer_id, t.subject, t.department, t.category, t.priority, t.status,
  t.author_id, u.username as author_username, u.given_name as author_given_name,
  u.family_name as author_family_name, u.global_roles as author_roles,
  to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(t.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
  t.message_count, t.attachment_count, t.last_reply_staff,
  to_char(t.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at`;

export const TICKET_LIST_ALL_SQL = `select ${ticketListColumns}
from tickets t
join users u on u.id = t.author_id
where t.customer_id = $1::int
  and (t.updated_at, t.id) < ($2::timestamptz, $3::bigint)
  and ($4::text[] is null or t.status = any($4::text[]))
  and ($5::smallint[] is null or t.priority = any($5::smallint[]))
  and ($6::text[] is null or t.category = any($6::text[]))
  and ($7::text is null or t.subject ilike $7::text or t.id = $8::bigint)
order by t.updated_at desc nulls last, t.id desc nulls last
limit $9::int`;

// The usage screen and the report list: USAGE_SQL of apps/api/src/modules/usage/usage.repo.ts and
// REPORT_LIST_SQL of reports.repo.ts, copied (the sla suite checks that the texts are still equal),
// run as the same named statements.

export const USAGE_ENTRIES_SQL = `select id, type, subtype, unit, usage_type, period_start_amount, remaining_amount, used_amount,
  overusage_amount, renews, rate
from usage_entries
where customer_id = $1::int and period = $2::text
order by usage_type, subtype, id`;

export const USAGE_PERIODS_SQL = `select distinct period from usage_entries where customer_id = $1::int order by period desc`;

export const REPORT_LIST_BARE_SQL = `select display_id, kind, period,
  to_char(generated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as generated_at
from reports
where customer_id = $1::int and ($2::text is null or kind = $2::text) and ($3::text is null or period = $3::text)
order by period desc, kind`;

interface UsageRow {
  id: number;
  type: 'hours' | 'storage' | 'traffic' | 'observe';
  subtype: string;
  unit: string;
  usage_type: string;
  period_start_amount: number;
  remaining_amount: number;
  used_amount: number;
  overusage_amount: number;
  renews: boolean;
  rate: string;
}

// The landscape lists (devices and VMs sorted by name, first and later pages) and the trends call: texts
// of apps/api/src/modules/landscape/landscape.repo.ts (landscapeListSql, LANDSCAPE_SERVERS_BY_ID_SQL) and
// trends.repo.ts (TRENDS_BUCKETS_SQL, TRENDS_ROLLUP_BUCKETS_SQL), copied; bench/landscape-suite.ts and bench/trends-suite.ts check
// that they are still equal.

export const LANDSCAPE_LIST_SQL = {
  devices: {
    first: `select o.id, o.name, o.status, o.role, o.position_u, o.height_u, o.platform, o.serial,
  l.name as location, s.name as datacenter, r.id as rack_id, r.name as rack_name,
  c.id as cluster_id, c.name as cluster_name, c.type as cluster_type, (select c.display_name from customers c where c.customer_id = $1::int) as tenant
from landscape_devices o
left join landscape_sites s on s.id = o.site_id
left join landscape_locations l on l.id = o.location_id
left join landscape_racks r on r.id = o.rack_id
left join landscape_clusters c on c.id = o.cluster_id
where o.customer_id = $1::int
order by o.name asc, o.id asc
limit $2::int`,
    next: `select o.id, o.name, o.status, o.role, o.position_u, o.height_u, o.platform, o.serial,
  l.name as location, s.name as datacenter, r.id as rack_id, r.name as rack_name,
  c.id as cluster_id, c.name as cluster_name, c.type as cluster_type, (select c.display_name from customers c where c.customer_id = $1::int) as tenant
from landscape_devices o
left join landscape_sites s on s.id = o.site_id
left join landscape_locations l on l.id = o.location_id
left join landscape_racks r on r.id = o.rack_id
left join landscape_clusters c on c.id = o.cluster_id
where o.customer_id = $1::int
  and (o.name, o.id) > (($2::text[])[1]::text, ($2::text[])[2]::int)
order by o.name asc, o.id asc
limit $3::int`,
  },
  'virtual-machines': {
    first: `select o.id, o.name, o.status, o.role, o.dns_name, o.platform, o.vcpus, o.memory_mb, o.disk_gb,
  s.name as datacenter, c.id as cluster_id, c.name as cluster_name, c.type as cluster_type, (select c.display_name from customers c where c.customer_id = $1::int) as tenant
from landscape_virtual_machines o
left join landscape_sites s on s.id = o.site_id
left join landscape_clusters c on c.id = o.cluster_id
where o.customer_id = $1::int
order by o.name asc, o.id asc
limit $2::int`,
    next: `select o.id, o.name, o.status, o.role, o.dns_name, o.platform, o.vcpus, o.memory_mb, o.disk_gb,
  s.name as datacenter, c.id as cluster_id, c.name as cluster_name, c.type as cluster_type, (select c.display_name from customers c where c.customer_id = $1::int) as tenant
from landscape_virtual_machines o
left join landscape_sites s on s.id = o.site_id
left join landscape_clusters c on c.id = o.cluster_id
where o.customer_id = $1::int
  and (o.name, o.id) > (($2::text[])[1]::text, ($2::text[])[2]::int)
order by o.name asc, o.id asc
limit $3::int`,
  },
} as const;

export const LANDSCAPE_SERVERS_BY_ID_SQL_COPY = `select * from (
  select 'devices' as kind, d.id, d.name, d.status,
    concat_ws(' · ', s.name, r.name) as location
  from landscape_devices d
  left join landscape_sites s on s.id = d.site_id
  left join landscape_racks r on r.id = d.rack_id
  where d.customer_id = $1 and d.role = 'server' and d.id = any($2::int[])
  union all
  select 'virtual-machines', m.id, m.name, m.status, c.name
  from landscape_virtual_machines m
  left join landscape_clusters c on c.id = m.cluster_id
  where m.customer_id = $1 and m.id = any($3::int[])
) servers order by name, kind, id`;

export const TRENDS_BUCKETS_SQL_COPY = `
  select server_id, metric, extract(epoch from bucket)::bigint::text as t, min, max, mean
  from (
    select server_id, metric, date_bin(make_interval(secs => $1::int), at, to_timestamp($2::bigint)) as bucket,
      min(value)::float8 as min, max(value)::float8 as max, avg(value) as mean
    from metric_samples
    where server_id = any($3::text[]) and metric = any($4::text[])
      and at >= to_timestamp($2::bigint) and at < $5::timestamptz
    group by 1, 2, 3
  ) buckets`;

export const TRENDS_ROLLUP_BUCKETS_SQL_COPY = `
  select server_id, metric, extract(epoch from bucket)::bigint::text as t,
    min(min)::float8 as min, max(max)::float8 as max, sum(sum) / sum(count)::float8 as mean
  from (
    select server_id, metric, date_bin(make_interval(secs => $1::int), bucket, to_timestamp($2::bigint)) as bucket,
      min, max, sum, count
    from metric_rollups
    where server_id = any($3::text[]) and metric = any($4::text[]) and seconds = $6::int
      and bucket >= to_timestamp($2::bigint) and bucket < $5::timestamptz
      and (bucket <= $5::timestamptz - make_interval(secs => $6::int) or newest < $5::timestamptz)
    union all
    select s.server_id, s.metric, date_bin(make_interval(secs => $1::int), s.at, to_timestamp($2::bigint)),
      s.value, s.value, s.value, 1
    from metric_rollups r
    join metric_samples s on s.server_id = r.server_id and s.metric = r.metric
      and s.at >= r.bucket and s.at < $5::timestamptz
    where r.server_id = any($3::text[]) and r.metric = any($4::text[]) and r.seconds = $6::int
      and r.bucket >= to_timestamp($2::bigint) and r.bucket < $5::timestamptz
      and r.bucket > $5::timestamptz - make_interval(secs => $6::int) and r.newest >= $5::timestamptz
  ) parts
  group by server_id, metric, bucket`;

type BareLandscapeKind = keyof typeof LANDSCAPE_LIST_SQL;
const landscapeCursor = z.tuple([cursorValue.text, z.string().regex(/^[1-9]\d{0,9}$/)]);

type Row = Record<string, unknown>;
const str = (value: unknown) => (value === null || value === undefined ? null : String(value));
const num = (value: unknown) => Number(value ?? 0);
const ref = (kind: string | null, key: unknown, name: unknown) =>
  name === null || name === undefined
    ? null
    : { id: kind && key !== null && key !== undefined ? `${kind}/${key}` : null, kind, name: String(name) };
const clusterRef = (row: Row) =>
  ref(row.cluster_type === 'vmware' ? 'vmware-clusters' : null, row.cluster_id, row.cluster_name);

/** A list row as the API writes it (landscape.repo.ts toObject, devices and VMs). */
function toLandscapeObject(kind: BareLandscapeKind, row: Row) {
  const common = {
    kind,
    id: `${kind}/${row.id}`,
    name: String(row.name),
    status: row.status,
    tenant: String(row.tenant ?? ''),
  };
  if (kind === 'devices') {
    return {
      ...common,
      role: row.role,
      rack: ref('racks', row.rack_id, row.rack_name),
      position_u: row.position_u === null ? null : num(row.position_u),
      height_u: num(row.height_u),
      location: str(row.location),
      datacenter: str(row.datacenter),
      platform: str(row.platform),
      serial: str(row.serial),
      cluster: clusterRef(row),
    };
  }
  return {
    ...common,
    cluster: clusterRef(row),
    cluster_type: str(row.cluster_type),
    role: str(row.role),
    dns_name: str(row.dns_name),
    family: str(row.platform),
    vcpus: num(row.vcpus),
    memory_mb: num(row.memory_mb),
    disk_gb: num(row.disk_gb),
    datacenter: str(row.datacenter),
  };
}

interface BucketRow {
  server_id: string;
  metric: string;
  t: string;
  min: number;
  max: number;
  mean: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

// The invoice list: INVOICE_LIST_SQL of apps/api/src/modules/invoices/invoices.repo.ts, copied (the
// administration suite checks that the two texts are still equal), run as the same named statement.

const INVOICE_STATUS_SQL = `case when i.written_off then 'written_off'
    when i.amount_due <= 0 then 'paid'
    when i.due_date < $4::date then 'overdue'
    else 'to_pay' end`;

export const INVOICE_LIST_BARE_SQL = `select i.id, i.number, i.customer_id, i.invoice_date::text as invoice_date,
  i.due_date::text as due_date, i.payment_date::text as payment_date, i.currency, i.description,
  i.net_amount, i.vat_amount, i.amount, i.amount_due, i.written_off
from invoices i
where i.customer_id = $1::int
  and (i.invoice_date, i.id) < ($2::date, $3::bigint)
  and ($5::text[] is null or (${INVOICE_STATUS_SQL}) = any($5::text[]))
  and ($6::text is null or i.number ilike $6::text)
  and ($10::text is null or i.number_digits like $10::text)
  and ($7::date is null or i.invoice_date >= $7::date)
  and ($8::date is null or i.invoice_date <= $8::date)
order by i.invoice_date desc nulls last, i.id desc nulls last
limit $9::int`;

interface InvoiceRow {
  id: string;
  number: string;
  customer_id: number;
  invoice_date: string;
  due_date: string;
  payment_date: string | null;
  currency: string;
  description: string;
  net_amount: string;
  vat_amount: string;
  amount: string;
  amount_due: string;
  written_off: boolean;
}

const DAY_MS = 86_400_000;
/** packages/contracts invoiceStatus, as the API computes it for each row. */
function toInvoiceSummary(row: InvoiceRow, today: string) {
  const late = Math.round(
    (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${row.due_date}T00:00:00Z`)) / DAY_MS,
  );
  const status = row.written_off
    ? 'written_off'
    : Number(row.amount_due) <= 0
      ? 'paid'
      : late > 0
        ? 'overdue'
        : 'to_pay';
  return {
    number: row.number,
    customer_id: row.customer_id,
    invoice_date: row.invoice_date,
    due_date: row.due_date,
    payment_date: row.payment_date,
    currency: row.currency,
    net_amount: row.net_amount,
    vat_amount: row.vat_amount,
    amount: row.amount,
    amount_due: row.amount_due,
    status,
    overdue_days: status === 'overdue' ? late : null,
    description: row.description,
  };
}

/** The invoice list query as far as the bench sends it (q as a number, cursor, limit); else undefined. */
function invoiceListQuery(query: URLSearchParams, cursors: Cursors) {
  const limit = Number(query.get('limit') ?? 25);
  const q = (query.get('q') ?? '').trim();
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return undefined;
  if (q !== '' && (q.length < 3 || !/^[A-Za-z0-9._-]+$/.test(q))) return undefined;
  let after = { date: 'infinity', id: '9223372036854775807' };
  const cursor = query.get('cursor');
  if (cursor) {
    try {
      const [date, id] = cursors.decode('invoices', cursor, invoiceCursor);
      after = { date, id: String(id) };
    } catch {
      return undefined;
    }
  }
  return { after, number: q === '' ? undefined : invoiceNumberSearch(q), limit };
}

interface TicketRow {
  id: string;
  customer_id: number;
  subject: string;
  department: string;
  category: string;
  priority: number;
  status: string;
  author_id: string;
  author_username: string;
  author_given_name: string;
  author_family_name: string;
  author_roles: string[];
  created_at: string;
  updated_at: string;
  message_count: number;
  attachment_count: number;
  last_reply_staff: boolean;
  cursor_at: string;
}

/** The API's default PROVIDER_ROLE_PREFIX, which the bench's API runs with. */
const staffRoles = ['provider_viewer', 'provider_moderator'];
const ticketStatuses = ['new', 'open', 'in_progress', 'awaiting_reply', 'closed'];
const ticketCategories = ['technical_request', 'administrative_request', 'incident_request'];

function toTicketSummary(row: TicketRow) {
  return {
    ticket_id: Number(row.id),
    customer_id: row.customer_id,
    subject: row.subject,
    department: row.department,
    category: row.category,
    priority: row.priority,
    status: row.status,
    author: {
      user_id: row.author_id,
      name: `${row.author_given_name} ${row.author_family_name}`.trim() || row.author_username,
      staff: row.author_roles.some((role) => staffRoles.includes(role)),
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
    message_count: row.message_count,
    attachment_count: row.attachment_count,
    last_reply_by: row.last_reply_staff ? 'staff' : 'customer',
  };
}

/** The query the API accepts, as far as the bench sends it; undefined for anything it would refuse. */
function ticketListQuery(query: URLSearchParams, cursors: Cursors) {
  const list = (name: string, allowed: readonly string[]) => {
    const values = (query.get(name) ?? '').split(',').filter((value) => value !== '');
    return values.every((value) => allowed.includes(value)) ? values : undefined;
  };
  const statuses = list('status', ticketStatuses);
  const priorities = list('priority', ['1', '2', '3'])?.map(Number);
  const categories = list('category', ticketCategories);
  const limit = Number(query.get('limit') ?? 25);
  const search = (query.get('search') ?? '').trim();
  if (!statuses || !priorities || !categories || !Number.isInteger(limit) || limit < 1 || limit > 100) {
    return undefined;
  }
  let after = { at: 'infinity', id: '9223372036854775807' };
  const cursor = query.get('cursor');
  if (cursor) {
    try {
      const [at, id] = cursors.decode('tickets', cursor, ticketCursor);
      after = { at, id: String(id) };
    } catch {
      return undefined;
    }
  }
  // The API's parseSearch: digits look for a ticket number as well as in subjects.
  const number = /^#?(\d{1,15})$/.exec(search)?.[1];
  const pattern = search === '' ? null : `%${number ?? search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return {
    values: [
      after.at,
      after.id,
      statuses.length ? statuses : null,
      priorities.length ? priorities : null,
      categories.length ? categories : null,
      pattern,
      number === undefined ? null : Number(number),
      limit + 1,
    ],
    limit,
  };
}

// The service desk's queue: the statements of deskQueueStatement in
// apps/api/src/modules/tickets/desk.repo.ts, rebuilt here from a copy (the desk suite checks, for every
// shape it measures, that both build the same name, text and values), each shape a named statement.

const deskIso = (column: string, precision: 'MS' | 'US' = 'MS') =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.${precision}"Z"')`;

const DESK_QUEUE_COLUMNS = `t.id, t.customer_id, c.display_name as customer_name, t.subject, t.department,
  t.category, t.priority, t.status,
  t.author_id, u.username as author_username, u.given_name as author_given_name,
  u.family_name as author_family_name, u.global_roles as author_roles,
  a.id as assignee_id, a.username as assignee_username, a.given_name as assignee_given_name,
  a.family_name as assignee_family_name,
  ${deskIso('t.created_at')} as created_at, ${deskIso('t.updated_at')} as updated_at,
  t.message_count, t.attachment_count, t.last_reply_staff,
  case when t.desk_due_at = 'infinity' then null else ${deskIso('t.desk_due_at')} end as desk_due_at,
  t.desk_due_at < now() as overdue,
  case when t.desk_due_at = 'infinity' then 'infinity' else ${deskIso('t.desk_due_at', 'US')} end as cursor_at`;

export interface BareDeskFilters {
  view?: string;
  customerId?: number;
  statuses?: readonly string[];
  priorities?: readonly number[];
  categories?: readonly string[];
  assigneeId?: string | null;
  me: string;
}

function bareDeskWhere(filters: BareDeskFilters, first: number) {
  const conditions = [`t.status <> 'closed'`];
  const values: unknown[] = [];
  const param = (value: unknown, cast: string) => {
    values.push(value);
    return `$${first + values.length - 1}::${cast}`;
  };
  if (filters.customerId !== undefined)
    conditions.push(`t.customer_id = ${param(filters.customerId, 'int')}`);
  if (filters.statuses?.length) conditions.push(`t.status = any(${param(filters.statuses, 'text[]')})`);
  if (filters.priorities?.length)
    conditions.push(`t.priority = any(${param(filters.priorities, 'smallint[]')})`);
  if (filters.categories?.length) conditions.push(`t.category = any(${param(filters.categories, 'text[]')})`);
  if (filters.assigneeId === null) conditions.push('t.assignee_id is null');
  else if (filters.assigneeId !== undefined)
    conditions.push(`t.assignee_id = ${param(filters.assigneeId, 'text')}`);
  if (filters.view === 'new') conditions.push(`t.status = 'new'`);
  else if (filters.view === 'awaiting_desk') conditions.push(`t.desk_due_at < 'infinity'`);
  else if (filters.view === 'overdue') conditions.push('t.desk_due_at < now()');
  else if (filters.view === 'mine') conditions.push(`t.assignee_id = ${param(filters.me, 'text')}`);
  else if (filters.view === 'unassigned') conditions.push('t.assignee_id is null');
  return { where: conditions.join('\n  and '), values };
}

function bareShapeKey(text: string): string {
  let hash = 0;
  for (let index = 0; index < text.length; index++) hash = (hash * 31 + text.charCodeAt(index)) | 0;
  return (hash >>> 0).toString(36);
}

/** The queue page's statement as the bare server runs it (name, text, values). */
export function bareDeskStatement(
  filters: BareDeskFilters,
  after: { at: string; id: number } | undefined,
  limit: number,
) {
  const { where, values } = bareDeskWhere(filters, 4);
  const text = `select ${DESK_QUEUE_COLUMNS}
from (
  select * from tickets t
  where (t.desk_due_at, t.id) > ($1::timestamptz, $2::bigint)
    and ${where}
  order by t.desk_due_at, t.id
  limit $3::int
) t
join customers c on c.customer_id = t.customer_id
join lateral (
  select username, given_name, family_name, global_roles from users where id = t.author_id limit 1
) u on true
left join lateral (
  select id, username, given_name, family_name from users where id = t.assignee_id limit 1
) a on true
order by t.desk_due_at, t.id`;
  return {
    name: `desk_queue_${bareShapeKey(text)}`,
    text,
    values: [after?.at ?? '-infinity', String(after?.id ?? 0), limit, ...values],
  };
}

interface DeskRow {
  id: string;
  customer_id: number;
  customer_name: string;
  subject: string;
  department: string;
  category: string;
  priority: number;
  status: string;
  author_id: string;
  author_username: string;
  author_given_name: string;
  author_family_name: string;
  author_roles: string[];
  assignee_id: string | null;
  assignee_username: string | null;
  assignee_given_name: string | null;
  assignee_family_name: string | null;
  created_at: string;
  updated_at: string;
  message_count: number;
  attachment_count: number;
  last_reply_staff: boolean;
  desk_due_at: string | null;
  overdue: boolean;
  cursor_at: string;
}

function toDeskTicket(row: DeskRow) {
  return {
    ticket_id: Number(row.id),
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    subject: row.subject,
    department: row.department,
    category: row.category,
    priority: row.priority,
    status: row.status,
    author: {
      user_id: row.author_id,
      name: `${row.author_given_name} ${row.author_family_name}`.trim() || row.author_username,
      staff: row.author_roles.some((role) => staffRoles.includes(role)),
    },
    assignee:
      row.assignee_id === null
        ? null
        : {
            user_id: row.assignee_id,
            name:
              `${row.assignee_given_name ?? ''} ${row.assignee_family_name ?? ''}`.trim() ||
              (row.assignee_username ?? ''),
            staff: true,
          },
    created_at: row.created_at,
    updated_at: row.updated_at,
    message_count: row.message_count,
    attachment_count: row.attachment_count,
    last_reply_by: row.last_reply_staff ? 'staff' : 'customer',
    desk_due_at: row.desk_due_at,
    overdue: row.overdue,
  };
}

const deskViewNames = ['new', 'awaiting_desk', 'overdue', 'mine', 'unassigned'];
const openStatuses = ['new', 'open', 'in_progress', 'awaiting_reply'];
const deskCursor = z.tuple([z.union([cursorValue.time, z.literal('infinity')]), cursorValue.bigId]);

/** The queue's query as far as the bench sends it; undefined for anything the API would refuse. */
function deskQuery(query: URLSearchParams, me: string, cursors: Cursors) {
  const list = (name: string, allowed: readonly string[]) => {
    const values = (query.get(name) ?? '').split(',').filter((value) => value !== '');
    return values.every((value) => allowed.includes(value)) ? values : undefined;
  };
  const view = query.get('view') ?? undefined;
  const statuses = list('status', openStatuses);
  const priorities = list('priority', ['1', '2', '3'])?.map(Number);
  const categories = list('category', ticketCategories);
  const limit = Number(query.get('limit') ?? 25);
  const customer = query.get('customer_id');
  const assignee = query.get('assignee') ?? undefined;
  if (
    (view !== undefined && !deskViewNames.includes(view)) ||
    !statuses ||
    !priorities ||
    !categories ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > 100 ||
    (customer !== null && !/^\d{1,9}$/.test(customer))
  ) {
    return undefined;
  }
  let after: { at: string; id: number } | undefined;
  const cursor = query.get('cursor');
  if (cursor) {
    try {
      const [at, id] = cursors.decode('desk-queue', cursor, deskCursor);
      after = { at, id };
    } catch {
      return undefined;
    }
  }
  const filters: BareDeskFilters = {
    view,
    customerId: customer === null ? undefined : Number(customer),
    statuses,
    priorities,
    categories,
    assigneeId: assignee === undefined ? undefined : assignee === 'none' ? null : assignee,
    me,
  };
  return { filters, after, limit };
}

function placeholders(count: number, from = 1): string {
  return Array.from({ length: count }, (_, index) => `$${index + from}`).join(', ');
}

interface CustomerRow {
  customer_id: number;
  display_name: string;
  language: string;
  status: string;
  phone: string | null;
  coc_number: string | null;
  vat_number: string | null;
  usage_po_number: string | null;
  created_at: string;
}
interface LinkRow {
  customer_id: number;
  type: string;
  identifier: string;
}
interface AddressRow {
  id: number;
  customer_id: number;
  type: string;
  main: boolean;
  lines: string[];
  postcode: string;
  city: string;
  country: string;
}

function toCustomer(row: CustomerRow, links: LinkRow[], addresses: AddressRow[]) {
  return {
    customer_id: row.customer_id,
    display_name: row.display_name,
    language: row.language,
    status: row.status,
    phone: row.phone,
    coc_number: row.coc_number,
    vat_number: row.vat_number,
    usage_po_number: row.usage_po_number,
    links: links
      .filter((link) => link.customer_id === row.customer_id)
      .map((link) => ({ customer_id: link.customer_id, type: link.type, identifier: link.identifier })),
    addresses: addresses
      .filter((address) => address.customer_id === row.customer_id)
      .map((address) => ({
        customer_id: address.customer_id,
        type: address.type,
        main: address.main,
        lines: address.lines,
        postcode: address.postcode,
        city: address.city,
        country: address.country,
      })),
    created_at: row.created_at,
  };
}

// Contacts and the global search (issue 14): Drizzle's texts of contacts.repo.ts's list, the search
// registrations' queries and users.repo.ts's memberships statement, copied; the people suite checks
// that they are still equal to what the API's query builders produce.
const contactColumns =
  '"id", "customer_id", "first_name", "last_name", "email", "phone", "cellular", "roles", "language", "notifications", "sync", ("user_id" is not null and exists (select 1 from "users" u where u.id = "user_id" and u.signed_in_at is null)), "call_position"';
export const PEOPLE_SQL = {
  contactList: `select ${contactColumns} from "contacts" where "contacts"."customer_id" = $1 order by lower("contacts"."last_name") asc, lower("contacts"."first_name") asc, "contacts"."id" asc limit $2`,
  contactListAfter: `select ${contactColumns} from "contacts" where ("contacts"."customer_id" = $1 and (lower("contacts"."last_name"), lower("contacts"."first_name"), "contacts"."id") > (lower($2), lower($3), $4)) order by lower("contacts"."last_name") asc, lower("contacts"."first_name") asc, "contacts"."id" asc limit $5`,
  memberships: 'select "customer_id", "role" from "memberships" where "memberships"."user_id" = $1',
  searchTickets:
    'select "id", "subject", "status" from "tickets" where ("tickets"."customer_id" = $1 and "tickets"."subject" ilike $2) order by "tickets"."updated_at" desc nulls last, "tickets"."id" desc nulls last limit $3',
  searchContacts: `select "id", "first_name", "last_name", "email" from "contacts" where ("contacts"."customer_id"::bigint = $1::bigint and ("contacts"."first_name" || ' ' || "contacts"."last_name" || ' ' || "contacts"."email") ilike $2) order by "contacts"."last_name" || '', "contacts"."id" asc limit $3`,
  searchCustomers:
    'select "customer_id", "display_name" from "customers" where ("customers"."display_name" ilike $1) and "customers"."customer_id" = any($2::int[]) order by "customers"."display_name" asc limit $3',
  searchCustomersOne:
    'select "customer_id", "display_name" from "customers" where ("customers"."display_name" ilike $1) and "customers"."customer_id" = $2 order by "customers"."display_name" asc limit $3',
  searchInvoices:
    'select "number", "description", "invoice_date" from "invoices" where ("invoices"."customer_id"::bigint = $1::bigint and "invoices"."number_digits" like $2 and "invoices"."number" ilike $3) order by "invoices"."invoice_date" desc nulls last, "invoices"."id" desc nulls last limit $4',
  searchContracts:
    'select "id", "description" from "contracts" where ("contracts"."customer_id" = $1 and ("contracts"."id" ilike $2 or "contracts"."description" ilike $3)) order by "contracts"."id" asc limit $4',
};

interface ContactRow {
  id: number;
  customer_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  cellular: string | null;
  roles: string[];
  language: string;
  notifications: unknown;
  sync: string | null;
  /** invitation_pending: the API's column is an unnamed expression, which PostgreSQL names so. */
  '?column?': boolean;
  call_position: number | null;
}

const toContactSummary = (row: ContactRow) => ({
  contact_id: row.id,
  customer_id: row.customer_id,
  first_name: row.first_name,
  last_name: row.last_name,
  name: `${row.first_name} ${row.last_name}`.trim(),
  email: row.email,
  phone: row.phone,
  cellular: row.cellular,
  roles: row.roles,
  language: row.language,
  notifications: row.notifications,
  sync: row.sync,
  invitation_pending: row['?column?'],
  call_position: row.call_position,
});

/** The roles that hold each right the search asks for (DESIGN.md §2), as the API's rights table says. */
const searchRoles = {
  tickets: ['owner', 'financial_moderator', 'financial_viewer', 'technical_viewer', 'viewer'],
  ticketsAll: ['owner', 'viewer'],
  contacts: ['owner', 'financial_moderator', 'financial_viewer', 'technical_viewer', 'viewer'],
  invoices: ['owner', 'financial_moderator', 'financial_viewer'],
  contracts: ['owner', 'financial_moderator', 'financial_viewer'],
  infra: ['owner', 'technical_viewer'],
};

/** The token's subject, read without checking the signature (the baseline verifies no token). */
function subjectOf(authorization: string | undefined): string | undefined {
  const payload = authorization?.split('.')[1];
  if (!payload) return undefined;
  try {
    return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: string }).sub;
  } catch {
    return undefined;
  }
}

export function createBareHandler(pool: pg.Pool, cursors: Cursors, reusablePlans: ReusablePlans) {
  const run = async <T extends pg.QueryResultRow>(text: string, values: unknown[]) =>
    (await pool.query<T>({ text, values, types })).rows;

  async function details(ids: number[]) {
    if (ids.length === 0) return { links: [], addresses: [] };
    const [links, addresses] = await Promise.all([
      run<LinkRow>(sql.links(ids.length), ids),
      run<AddressRow>(sql.addresses(ids.length), ids),
    ]);
    return { links, addresses };
  }

  // The API prepares its single-customer statements (named, parsed once per connection) and checks
  // that the customer exists before its rights check; the baseline does the same work.
  const named = async <T extends pg.QueryResultRow>(name: string, text: string, values: unknown[]) =>
    (await pool.query<T>({ name, text, values, types })).rows;
  /** As the API runs the statements whose generic plan it reuses (db.$reusablePlans). */
  const reused = async <T extends pg.QueryResultRow>(name: string, text: string, values: unknown[]) =>
    (await reusablePlans.query<T>({ name, text, values, types })).rows;

  async function getCustomer(id: number) {
    const [exists] = await named<{ customer_id: number }>('customer_exists', sql.exists, [id, 1]);
    if (!exists) return undefined;
    const [row] = await named<CustomerRow>('customer_by_id', sql.customer, [id, 1]);
    if (!row) return undefined;
    const [links, addresses] = await Promise.all([
      named<LinkRow>('customer_links_by_id', sql.linksOf, [id]),
      named<AddressRow>('customer_addresses_by_id', sql.addressesOf, [id]),
    ]);
    return toCustomer(row, links, addresses);
  }

  async function listCustomers(search: string, limit: number) {
    let pageQuery: Promise<CustomerRow[]>;
    let countQuery: Promise<{ count: number }[]>;
    if (search === '') {
      pageQuery = run<CustomerRow>(sql.pageAll, [limit + 1]);
      countQuery = run<{ count: number }>(sql.countAll, []);
    } else {
      const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const asNumber = /^\d{1,9}$/.test(search) ? Number(search) : undefined;
      const withId = asNumber !== undefined;
      const filter = withId ? [pattern, pattern, asNumber] : [pattern, pattern];
      pageQuery = run<CustomerRow>(sql.page(withId), [...filter, limit + 1]);
      countQuery = run<{ count: number }>(sql.count(withId), filter);
    }
    const [rows, [count]] = await Promise.all([pageQuery, countQuery]);
    const page = rows.slice(0, limit);
    const { links, addresses } = await details(page.map((row) => row.customer_id));
    return {
      items: page.map((row) => toCustomer(row, links, addresses)),
      total: count?.count ?? 0,
      last: rows.length > limit ? page.at(-1) : undefined,
    };
  }

  // The API's access check asks whether the customer exists and remembers a yes for 30 s; the list
  // pays that query only for customers it has not seen lately, and so does the baseline.
  const known = new Map<number, number>();
  async function customerKnown(customerId: number) {
    const seen = known.get(customerId);
    if (seen !== undefined && Date.now() - seen < 30_000) return true;
    const [exists] = await named<{ customer_id: number }>('customer_exists', sql.exists, [customerId, 1]);
    if (exists) known.set(customerId, Date.now());
    return exists !== undefined;
  }

  async function listTickets(customerId: number, values: unknown[], limit: number) {
    const rows = await named<TicketRow>('ticket_list_all', TICKET_LIST_ALL_SQL, [customerId, ...values]);
    const page = rows.slice(0, limit);
    return { items: page.map(toTicketSummary), last: rows.length > limit ? page.at(-1) : undefined };
  }

  async function listLandscape(customerId: number, kind: BareLandscapeKind, query: URLSearchParams) {
    const limit = Number(query.get('limit') ?? 25);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return undefined;
    // The bench pages by name without filters; anything else is not the baseline's business.
    if ([...query.keys()].some((key) => key !== 'limit' && key !== 'cursor')) return undefined;
    const list = `landscape:${kind}:name`;
    let after: string[] | null = null;
    const cursor = query.get('cursor');
    if (cursor) {
      try {
        after = cursors.decode(list, cursor, landscapeCursor);
      } catch {
        return undefined;
      }
    }
    const later = after !== null;
    const rows = await reused<Row>(
      `landscape_${kind.replaceAll('-', '_')}_name_${later ? 'next' : 'first'}`,
      LANDSCAPE_LIST_SQL[kind][later ? 'next' : 'first'],
      later ? [customerId, after, limit + 1] : [customerId, limit + 1],
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    let link: string | undefined;
    if (rows.length > limit && last) {
      query.set('cursor', cursors.encode(list, [String(last.name), String(last.id)]));
      link = `</api/v2/customer/${customerId}/landscape/${kind}?${query.toString()}>; rel="next"`;
    }
    return { items: page.map((row) => toLandscapeObject(kind, row)), link };
  }

  /** The trends call as trends.service.ts and trends.repo.ts make it, for servers with stored samples. */
  async function trends(customerId: number, query: URLSearchParams) {
    const ids = (query.get('server_ids') ?? '').split(',').filter((id) => id !== '');
    const graph = query.get('graph') ?? '';
    const from = new Date(query.get('from') ?? '');
    const to = new Date(query.get('to') ?? '');
    const width = Number(query.get('width') ?? TRENDS_DEFAULT_WIDTH);
    const metrics = (graphMetrics as Record<string, readonly string[]>)[graph];
    if (
      ids.length === 0 ||
      ids.length > 20 ||
      new Set(ids).size !== ids.length ||
      !metrics ||
      Number.isNaN(from.getTime()) ||
      Number.isNaN(to.getTime()) ||
      to <= from ||
      !Number.isInteger(width) ||
      width < 10 ||
      width > 4000
    ) {
      return { status: 400 as const };
    }
    const servers = await run<Row>(LANDSCAPE_SERVERS_BY_ID_SQL_COPY, [
      customerId,
      keysOf(ids, 'devices'),
      keysOf(ids, 'virtual-machines'),
    ]);
    const known = new Set(servers.map((row) => `${row.kind}/${row.id}`));
    if (!ids.every((id) => known.has(id))) return { status: 404 as const };
    // contracts' bucketGrid: long ranges in whole 5 minutes from a 5-minute boundary, or whole 15 from
    // a 15-minute one when that gives as many buckets; the coarsest rollups that fit answer them.
    let start = Math.floor(from.getTime() / 1000);
    let step = Math.max(60, Math.ceil((to.getTime() / 1000 - start) / width));
    if (step >= ROLLUP_FROM_BUCKET_SECONDS) {
      const grid = (size: number): [number, number] => {
        const aligned = Math.floor(start / size) * size;
        return [
          aligned,
          Math.ceil((to.getTime() / 1000 - aligned) / width / ROLLUP_SECONDS) * ROLLUP_SECONDS,
        ];
      };
      const coarse = grid(COARSE_ROLLUP_SECONDS);
      [start, step] = coarse[1] % COARSE_ROLLUP_SECONDS === 0 ? coarse : grid(ROLLUP_SECONDS);
    }
    const count = Math.max(1, Math.ceil((to.getTime() / 1000 - start) / step));
    const timestamps = Array.from({ length: count }, (_, index) => start + index * step);
    const rollup = [COARSE_ROLLUP_SECONDS, ROLLUP_SECONDS].find(
      (size) => start % size === 0 && step % size === 0,
    );
    const values = [step, start, ids, metrics, to.toISOString()];
    const rows = await (rollup === undefined
      ? run<BucketRow>(TRENDS_BUCKETS_SQL_COPY, values)
      : run<BucketRow>(TRENDS_ROLLUP_BUCKETS_SQL_COPY, [...values, rollup]));
    const byKey = new Map<
      string,
      { values: (number | null)[]; min: (number | null)[]; max: (number | null)[] }
    >();
    const series = ids.flatMap((id) =>
      metrics.map((metric) => {
        const entry = {
          server_id: id,
          metric,
          values: new Array<number | null>(count).fill(null),
          min: new Array<number | null>(count).fill(null),
          max: new Array<number | null>(count).fill(null),
        };
        byKey.set(`${id}\n${metric}`, entry);
        return entry;
      }),
    );
    for (const row of rows) {
      const entry = byKey.get(`${row.server_id}\n${row.metric}`);
      const index = Math.round((Number(row.t) - start) / step);
      if (!entry || index < 0 || index >= count) continue;
      entry.values[index] = round2(Number(row.mean));
      entry.min[index] = round2(Number(row.min));
      entry.max[index] = round2(Number(row.max));
    }
    return {
      status: 200 as const,
      body: {
        graph,
        unit: (graphUnits as Record<string, string>)[graph],
        from: new Date(start * 1000).toISOString(),
        to: to.toISOString(),
        step_seconds: step,
        timestamps,
        series,
      },
    };
  }

  async function listContacts(customerId: number, limit: number, after?: [string, string, number]) {
    const rows = after
      ? await run<ContactRow>(PEOPLE_SQL.contactListAfter, [
          customerId,
          after[0],
          after[1],
          after[2],
          limit + 1,
        ])
      : await reused<ContactRow>('contact_list', PEOPLE_SQL.contactList, [customerId, limit + 1]);
    const page = rows.slice(0, limit);
    return { items: page.map(toContactSummary), last: rows.length > limit ? page.at(-1) : undefined };
  }

  /**
   * The servers and landscape groups of landscape.search.ts: landscape.repo.ts's search statement (its
   * text, name and row mapping) and the registrations' grouping, without the service, the framework or
   * the token check.
   */
  async function landscapeFinds(customerId: number, text: string) {
    return toFinds(
      await reused<Row>('landscape_search', LANDSCAPE_SEARCH_SQL, searchValues(customerId, text, 10)),
    );
  }

  /** GET /api/v2/search?q=&customer_id= for a customer member (no staff rights): what the API's registrations run. */
  async function search(userId: string, q: string, customerId: number | undefined) {
    const memberships = await named<{ customer_id: number; role: string }>(
      'memberships_of_user',
      PEOPLE_SQL.memberships,
      [userId],
    );
    const role = memberships.find((membership) => membership.customer_id === customerId)?.role;
    const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const invoiceNumber = invoiceNumberSearch(q);
    const limit = 10;
    const holds = (roles: string[]) => role !== undefined && roles.includes(role);
    const mine = [...new Set(memberships.map((membership) => membership.customer_id))];
    const none = Promise.resolve(
      [] as { id: string; title: string; subtitle: string; subtitle_parts?: unknown[]; route: string }[],
    );
    const infra =
      customerId !== undefined && holds(searchRoles.infra)
        ? landscapeFinds(customerId, q)
        : Promise.resolve(undefined);
    const groups = await Promise.all([
      customerId !== undefined && holds(searchRoles.tickets) && holds(searchRoles.ticketsAll)
        ? named<{ id: string; subject: string; status: string }>(
            'search_tickets_all_text',
            PEOPLE_SQL.searchTickets,
            [customerId, pattern, limit],
          ).then((rows) =>
            rows.map((row) => ({
              id: String(Number(row.id)),
              title: row.subject,
              subtitle: `#${Number(row.id)} · ${row.status}`,
              subtitle_parts: [{ text: `#${Number(row.id)}` }, { ticket_status: row.status }],
              route: `/support/ticket/${Number(row.id)}`,
            })),
          )
        : none,
      customerId !== undefined && holds(searchRoles.contacts)
        ? reused<{ id: number; first_name: string; last_name: string; email: string }>(
            'search_contacts',
            PEOPLE_SQL.searchContacts,
            [customerId, pattern, limit],
          ).then((rows) =>
            rows.map((row) => ({
              id: String(row.id),
              title: `${row.first_name} ${row.last_name}`,
              subtitle: row.email,
              route: `/company/${customerId}/contacts/${row.id}`,
            })),
          )
        : none,
      mine.length
        ? (mine.length === 1
            ? reused<{ customer_id: number; display_name: string }>(
                'search_customers_one_text',
                PEOPLE_SQL.searchCustomersOne,
                [pattern, mine[0], limit],
              )
            : reused<{ customer_id: number; display_name: string }>(
                'search_customers_mine_text',
                PEOPLE_SQL.searchCustomers,
                [pattern, mine, limit],
              )
          ).then((rows) =>
            rows.map((row) => ({
              id: String(row.customer_id),
              title: row.display_name,
              subtitle: String(row.customer_id),
              route: `/company/${row.customer_id}`,
            })),
          )
        : none,
      customerId !== undefined && holds(searchRoles.invoices) && invoiceNumber.digits !== null
        ? named<{ number: string; description: string | null; invoice_date: string }>(
            'search_invoices',
            PEOPLE_SQL.searchInvoices,
            [customerId, invoiceNumber.digits, invoiceNumber.pattern, limit],
          ).then((rows) =>
            rows.map((row) => ({
              id: row.number,
              title: row.number,
              subtitle: [row.invoice_date, row.description].filter(Boolean).join(' · '),
              subtitle_parts: [
                ...(row.invoice_date ? [{ date: row.invoice_date }] : []),
                ...(row.description ? [{ text: row.description }] : []),
              ],
              route: `/administration/invoices/${encodeURIComponent(row.number)}`,
            })),
          )
        : none,
      customerId !== undefined && holds(searchRoles.contracts)
        ? reused<{ id: string; description: string }>('search_contracts', PEOPLE_SQL.searchContracts, [
            customerId,
            pattern,
            pattern,
            limit,
          ]).then((rows) =>
            rows.map((row) => ({
              id: row.id,
              title: row.description,
              subtitle: row.id,
              route: `/administration/contracts/${encodeURIComponent(row.id)}`,
            })),
          )
        : none,
      infra.then((finds) => (finds ? serverHits(finds, limit) : [])),
      infra.then((finds) => (finds ? objectHits(finds, limit) : [])),
    ]);
    const kinds = ['tickets', 'contacts', 'customers', 'invoices', 'contracts', 'servers', 'landscape'];
    return {
      q,
      groups: groups
        .map((hits, index) => ({ kind: kinds[index] as string, hits }))
        .filter((group) => group.hits.length > 0),
    };
  }

  async function listInvoices(customerId: number, parsed: NonNullable<ReturnType<typeof invoiceListQuery>>) {
    const today = new Date().toISOString().slice(0, 10);
    const rows = await named<InvoiceRow>('invoice_list', INVOICE_LIST_BARE_SQL, [
      customerId,
      parsed.after.date,
      parsed.after.id,
      today,
      null,
      parsed.number?.pattern ?? null,
      null,
      null,
      parsed.limit + 1,
      parsed.number?.digits ?? null,
    ]);
    const page = rows.slice(0, parsed.limit);
    return {
      items: page.map((row) => toInvoiceSummary(row, today)),
      last: rows.length > parsed.limit ? page.at(-1) : undefined,
    };
  }

  function send(
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    const json = JSON.stringify(body);
    response.writeHead(status, {
      'content-type': status < 400 ? 'application/json; charset=utf-8' : 'application/problem+json',
      'content-length': Buffer.byteLength(json),
      ...headers,
    });
    response.end(json);
  }

  return async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const [pathname = '', queryString = ''] = (request.url ?? '').split('?', 2);
    if (request.method !== 'GET') return send(response, 405, { status: 405 });
    const single = /^\/api\/v2\/customer\/(\d{1,10})$/.exec(pathname);
    if (single?.[1]) {
      const customer = await getCustomer(Number(single[1]));
      return customer ? send(response, 200, customer) : send(response, 404, { status: 404 });
    }
    const tickets = /^\/api\/v2\/customer\/(\d{1,10})\/tickets$/.exec(pathname);
    if (tickets?.[1]) {
      const customerId = Number(tickets[1]);
      const query = new URLSearchParams(queryString);
      if (!(await customerKnown(customerId))) return send(response, 404, { status: 404 });
      const parsed = ticketListQuery(query, cursors);
      if (!parsed) return send(response, 400, { status: 400 });
      const { items, last } = await listTickets(customerId, parsed.values, parsed.limit);
      const headers: Record<string, string> = {};
      if (last) {
        // As the API builds it: the request's own query string with the cursor set.
        query.set('cursor', cursors.encode('tickets', [last.cursor_at, Number(last.id)]));
        headers.link = `</api/v2/customer/${customerId}/tickets?${query.toString()}>; rel="next"`;
      }
      return send(response, 200, items, headers);
    }
    const usage = /^\/api\/v2\/customer\/(\d{1,10})\/usage$/.exec(pathname);
    if (usage?.[1]) {
      const customerId = Number(usage[1]);
      if (!(await customerKnown(customerId))) return send(response, 404, { status: 404 });
      const query = new URLSearchParams(queryString);
      const asked = query.get('period');
      if (asked !== null && !USAGE_PERIOD_PATTERN.test(asked)) return send(response, 400, { status: 400 });
      const period = asked ?? periodOf(new Date());
      const [entries, periods] = await Promise.all([
        named<UsageRow>('usage_entries', USAGE_ENTRIES_SQL, [customerId, period]),
        named<{ period: string }>('usage_periods', USAGE_PERIODS_SQL, [customerId]),
      ]);
      return send(response, 200, {
        period,
        periods: periods.map((row) => row.period),
        groups: groupUsage(entries.map(({ rate: _rate, ...entry }) => entry)),
      });
    }
    const reportList = /^\/api\/v2\/customer\/(\d{1,10})\/reports$/.exec(pathname);
    if (reportList?.[1]) {
      const customerId = Number(reportList[1]);
      if (!(await customerKnown(customerId))) return send(response, 404, { status: 404 });
      const query = new URLSearchParams(queryString);
      const kind = query.get('kind');
      const period = query.get('period');
      if (
        (kind !== null && kind !== 'sla' && kind !== 'usage') ||
        (period !== null && !USAGE_PERIOD_PATTERN.test(period))
      ) {
        return send(response, 400, { status: 400 });
      }
      const rows = await named('report_list', REPORT_LIST_BARE_SQL, [customerId, kind, period]);
      return send(response, 200, rows);
    }
    const landscape = /^\/api\/v2\/customer\/(\d{1,10})\/landscape\/(devices|virtual-machines)$/.exec(
      pathname,
    );
    if (landscape?.[1] && landscape[2]) {
      const customerId = Number(landscape[1]);
      if (!(await customerKnown(customerId))) return send(response, 404, { status: 404 });
      const listed = await listLandscape(
        customerId,
        landscape[2] as BareLandscapeKind,
        new URLSearchParams(queryString),
      );
      if (!listed) return send(response, 400, { status: 400 });
      return send(response, 200, listed.items, listed.link ? { link: listed.link } : {});
    }
    const trendsPath = /^\/api\/v2\/customer\/(\d{1,10})\/trends$/.exec(pathname);
    if (trendsPath?.[1]) {
      const customerId = Number(trendsPath[1]);
      if (!(await customerKnown(customerId))) return send(response, 404, { status: 404 });
      const answer = await trends(customerId, new URLSearchParams(queryString));
      return answer.status === 200
        ? send(response, 200, answer.body)
        : send(response, answer.status, { status: answer.status });
    }
    const contacts = /^\/api\/v2\/customer\/(\d{1,10})\/contacts$/.exec(pathname);
    if (contacts?.[1]) {
      const customerId = Number(contacts[1]);
      const query = new URLSearchParams(queryString);
      if (!(await customerKnown(customerId))) return send(response, 404, { status: 404 });
      const limit = Number(query.get('limit') ?? 25);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) return send(response, 400, { status: 400 });
      let after: [string, string, number] | undefined;
      const cursor = query.get('cursor');
      if (cursor) {
        try {
          after = cursors.decode('contacts', cursor, contactCursor);
        } catch {
          return send(response, 400, { status: 400 });
        }
      }
      const { items, last } = await listContacts(customerId, limit, after);
      const headers: Record<string, string> = {};
      if (last) {
        query.set('cursor', cursors.encode('contacts', [last.last_name, last.first_name, last.id]));
        headers.link = `</api/v2/customer/${customerId}/contacts?${query.toString()}>; rel="next"`;
      }
      return send(response, 200, items, headers);
    }
    if (pathname === '/api/v2/search') {
      const query = new URLSearchParams(queryString);
      const q = (query.get('q') ?? '').trim();
      const rawCustomer = query.get('customer_id');
      const customerId = rawCustomer === null ? undefined : Number(rawCustomer);
      const userId = subjectOf(request.headers.authorization);
      if (q.length < 3 || q.length > 200 || Number.isNaN(customerId))
        return send(response, 400, { status: 400 });
      if (!userId) return send(response, 401, { status: 401 });
      return send(response, 200, await search(userId, q, customerId));
    }
    const invoices = /^\/api\/v2\/customer\/(\d{1,10})\/invoices$/.exec(pathname);
    if (invoices?.[1]) {
      const customerId = Number(invoices[1]);
      const query = new URLSearchParams(queryString);
      if (!(await customerKnown(customerId))) return send(response, 404, { status: 404 });
      const parsed = invoiceListQuery(query, cursors);
      if (!parsed) return send(response, 400, { status: 400 });
      const { items, last } = await listInvoices(customerId, parsed);
      const headers: Record<string, string> = {};
      if (last) {
        query.set('cursor', cursors.encode('invoices', [last.invoice_date, Number(last.id)]));
        headers.link = `</api/v2/customer/${customerId}/invoices?${query.toString()}>; rel="next"`;
      }
      return send(response, 200, items, headers);
    }
    if (pathname === '/api/admin/v2/tickets') {
      const query = new URLSearchParams(queryString);
      const parsed = deskQuery(query, subjectOf(request.headers.authorization) ?? '', cursors);
      if (!parsed) return send(response, 400, { status: 400 });
      const statement = bareDeskStatement(parsed.filters, parsed.after, parsed.limit + 1);
      const rows = (await pool.query<DeskRow>({ ...statement, types })).rows;
      const page = rows.slice(0, parsed.limit);
      const last = rows.length > parsed.limit ? page.at(-1) : undefined;
      const headers: Record<string, string> = {};
      if (last) {
        query.set('cursor', cursors.encode('desk-queue', [last.cursor_at, Number(last.id)]));
        headers.link = `</api/admin/v2/tickets?${query.toString()}>; rel="next"`;
      }
      return send(response, 200, page.map(toDeskTicket), headers);
    }
    if (pathname === '/api/v2/customer') {
      const query = new URLSearchParams(queryString);
      const search = (query.get('search') ?? '').trim();
      const limit = Number(query.get('limit') ?? 25);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100 || search.length > 200) {
        return send(response, 400, { status: 400 });
      }
      const { items, total, last } = await listCustomers(search, limit);
      // The API sends these two headers as well; leaving them out would flatter the baseline.
      const headers: Record<string, string> = { 'x-total-count': String(total) };
      if (last) {
        const cursor = cursors.encode('customers', [last.display_name.toLowerCase(), last.customer_id]);
        // Same parameters in the same order as the API's link (its parsed query: search, limit, cursor).
        const next = new URLSearchParams();
        if (query.has('search')) next.set('search', search);
        next.set('limit', String(limit));
        next.set('cursor', cursor);
        headers.link = `</api/v2/customer?${next.toString()}>; rel="next"`;
      }
      return send(response, 200, items, headers);
    }
    return send(response, 404, { status: 404 });
  };
}

export interface BareServer {
  url: string;
  close(): Promise<void>;
}

export async function startBareServer({
  pool,
  reusablePlans,
  port,
  cursors,
}: {
  pool: pg.Pool;
  reusablePlans: ReusablePlans;
  port: number;
  /** The API's signed cursors: signing and checking them is part of the same work. */
  cursors: Cursors;
}): Promise<BareServer> {
  const handle = createBareHandler(pool, cursors, reusablePlans);
  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/problem+json' });
      response.end('{"status":500}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
