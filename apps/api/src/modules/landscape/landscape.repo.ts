import {
  type DeviceRole,
  type LandscapeDetail,
  type LandscapeKind,
  type LandscapeObject,
  type LandscapeObjectId,
  type LandscapeRef,
  type LandscapeSort,
  type LandscapeStatus,
  landscapeKinds,
  objectId,
  type RackUnit,
  type Server,
} from '@portaal/contracts';
import type { Database } from '../../db/client.ts';
import type {
  KubernetesClusterAccess,
  LandscapeFinds,
  LandscapeSource,
  ListPage,
  ListParams,
} from './landscape.source.ts';

// ——— The landscape lists: one SQL statement per page ———
//
// Fixed texts per kind, sort and shape (first or later page, which filters), run as named prepared
// statements, so that the bench's bare node:http baseline can run exactly the same SQL
// (bench/landscape-suite.ts imports landscapeListSql). Keyset paging: the ORDER BY is the sort column(s) and the key, matching the
// (customer_id, …) indexes of landscape.table.ts, and a later page starts where the previous one ended
// through a row comparison with the cursor's values, an index condition. The first page has no
// comparison at all (there is no "before everything" value for text). No count(*) per page.

interface KindSql {
  from: string;
  columns: string;
  /** Sort columns for sort=name, last one unique within the customer. */
  byName: { expr: string; cast: string }[];
  /** What text search looks at. */
  text: string;
  /** Whether the kind's table has a trigram index on `text` (landscape.table.ts), read by TEXT_INDEX_CUSTOMER. */
  textIndexed: boolean;
  /** The object's datacenter (site id), for the location filter. */
  site?: string;
}

const SITE = `left join landscape_sites s on s.id = o.site_id`;

/**
 * The customer condition a kind's trigram index answers ($1, the customer), beside the text's. Those
 * indexes lead with `customer_id::bigint` (landscape.table.ts), which no btree index holds: a plan that
 * cannot see the values (the search's generic plan) then cannot walk the customer's btree index instead,
 * 15,000 devices for the bench's big customer (6–7 ms a search), and the search is planned once per
 * connection rather than per call, 0.8–0.9 ms of its 1.0–1.3 ms (decision 0040).
 */
const TEXT_INDEX_CUSTOMER = 'o.customer_id::bigint = $1::bigint';
const TENANT = `(select c.display_name from customers c where c.customer_id = $1::int) as tenant`;

const kindSql: Record<LandscapeKind, KindSql> = {
  devices: {
    from: `landscape_devices o
${SITE}
left join landscape_locations l on l.id = o.location_id
left join landscape_racks r on r.id = o.rack_id
left join landscape_clusters c on c.id = o.cluster_id`,
    columns: `o.id, o.name, o.status, o.role, o.position_u, o.height_u, o.platform, o.serial,
  l.name as location, s.name as datacenter, r.id as rack_id, r.name as rack_name,
  c.id as cluster_id, c.name as cluster_name, c.type as cluster_type`,
    byName: [
      { expr: 'o.name', cast: 'text' },
      { expr: 'o.id', cast: 'int' },
    ],
    text: 'o.name',
    textIndexed: true,
  },
  'virtual-machines': {
    from: `landscape_virtual_machines o
${SITE}
left join landscape_clusters c on c.id = o.cluster_id`,
    columns: `o.id, o.name, o.status, o.role, o.dns_name, o.platform, o.vcpus, o.memory_mb, o.disk_gb,
  s.name as datacenter, c.id as cluster_id, c.name as cluster_name, c.type as cluster_type`,
    byName: [
      { expr: 'o.name', cast: 'text' },
      { expr: 'o.id', cast: 'int' },
    ],
    text: `o.name || ' ' || coalesce(o.dns_name, '')`,
    textIndexed: true,
  },
  racks: {
    from: `landscape_racks o
${SITE}
left join landscape_locations l on l.id = o.location_id
left join lateral (select count(*)::int as device_count, coalesce(sum(d.height_u), 0)::int as used_u
  from landscape_devices d where d.rack_id = o.id and d.position_u is not null) du on true`,
    columns: `o.id, o.name, o.status, o.height_u, l.name as location, s.name as datacenter,
  du.device_count, du.used_u`,
    byName: [
      { expr: 'o.name', cast: 'text' },
      { expr: 'o.id', cast: 'int' },
    ],
    text: 'o.name',
    textIndexed: true,
  },
  'ip-addresses': {
    from: `landscape_ip_addresses o
left join landscape_devices d on d.id = o.device_id
left join landscape_virtual_machines m on m.id = o.virtual_machine_id
left join lateral (select p.prefix::text as prefix, v.vid, v.name as vlan_name from landscape_prefixes p
  left join landscape_vlans v on v.id = p.vlan_id
  where p.customer_id = o.customer_id and p.prefix >>= o.address
  order by masklen(p.prefix) desc limit 1) pf on true`,
    columns: `o.address::text as address, family(o.address) as family, o.status, o.dns_name, o.role,
  d.id as device_id, d.name as device_name, m.id as vm_id, m.name as vm_name,
  pf.prefix, pf.vid, pf.vlan_name`,
    byName: [{ expr: 'o.address', cast: 'inet' }],
    text: `o.address::text || ' ' || coalesce(o.dns_name, '')`,
    textIndexed: true,
    site: 'coalesce(d.site_id, m.site_id)',
  },
  prefixes: {
    from: `landscape_prefixes o
${SITE}
left join landscape_vlans v on v.id = o.vlan_id
left join lateral (select count(*)::int as used from landscape_ip_addresses a
  where a.customer_id = o.customer_id and a.address <<= o.prefix) pu on true`,
    columns: `o.prefix::text as prefix, family(o.prefix) as family, masklen(o.prefix) as length, o.status,
  o.role, o.description, s.name as datacenter, v.vid, v.name as vlan_name, pu.used`,
    byName: [{ expr: 'o.prefix', cast: 'cidr' }],
    text: `o.prefix::text || ' ' || coalesce(o.description, '')`,
    textIndexed: true,
  },
  'kubernetes-clusters': {
    from: `landscape_kubernetes_clusters o
${SITE}
left join landscape_locations l on l.id = o.location_id`,
    columns: `o.id, o.name, o.status, o.version, o.node_count, o.api_endpoint,
  l.name as location, s.name as datacenter`,
    byName: [
      { expr: 'o.name', cast: 'text' },
      { expr: 'o.id', cast: 'int' },
    ],
    text: 'o.name',
    textIndexed: true,
  },
  'vmware-clusters': {
    from: `landscape_clusters o
${SITE}
left join lateral (select count(*)::int as vm_count from landscape_virtual_machines m
  where m.cluster_id = o.id) vc on true
left join lateral (select count(*)::int as device_count from landscape_devices d
  where d.cluster_id = o.id) dc on true`,
    columns: `o.id, o.name, o.status, s.name as datacenter, vc.vm_count, dc.device_count`,
    byName: [
      { expr: 'o.name', cast: 'text' },
      { expr: 'o.id', cast: 'int' },
    ],
    text: 'o.name',
    textIndexed: false,
  },
};

/** The sort columns of a kind and sort, with the cast each cursor value needs. */
export function sortColumns(kind: LandscapeKind, sort: LandscapeSort): { expr: string; cast: string }[] {
  const byName = kindSql[kind].byName;
  return sort === 'status' || sort === '-status' ? [{ expr: 'o.status', cast: 'text' }, ...byName] : byName;
}

/** Which of a list's optional parts a statement has: a later page, and each filter that is given. */
export interface ListShape {
  later: boolean;
  status: boolean;
  location: boolean;
  text: boolean;
}

/** The shape of a list call: only the parts it uses go into its statement. */
export const listShape = (params: ListParams): ListShape => ({
  later: params.after !== undefined,
  status: Boolean(params.statuses?.length),
  location: params.location !== undefined,
  text: Boolean(params.text),
});

/**
 * The list statement of a kind, sort and shape. Each shape has a statement of its own holding only the
 * conditions it uses, with only their parameters: PostgreSQL then plans it once for all customers (a
 * reusable generic plan) as a seek into the (customer_id, …) index. One statement for every shape, with
 * `($3 is null or …)` for each filter, had a generic plan that guessed one row for the customer, sorted
 * all 15,000 of a large customer's devices per page (110–190 ms), or else was planned anew on every
 * call (0.5–2.5 ms of planning for a 0.2 ms query).
 *
 * Parameters, in this order and numbered from $1: customer_id, then those of the shape: the cursor's
 * values text[] (later pages), statuses text[], datacenter slug, ILIKE pattern; the limit last.
 */
export function landscapeListSql(kind: LandscapeKind, sort: LandscapeSort, shape: ListShape): string {
  const spec = kindSql[kind];
  const columns = sortColumns(kind, sort);
  const desc = sort.startsWith('-');
  const order = columns.map((column) => `${column.expr} ${desc ? 'desc' : 'asc'}`).join(', ');
  let next = 2;
  const conditions: string[] = [];
  if (shape.later) {
    const cursor = `$${next++}::text[]`;
    conditions.push(
      `(${columns.map((column) => column.expr).join(', ')}) ${desc ? '<' : '>'} (${columns
        .map((column, index) => `(${cursor})[${index + 1}]::${column.cast}`)
        .join(', ')})`,
    );
  }
  if (shape.status) conditions.push(`o.status = any($${next++}::text[])`);
  if (shape.location) {
    conditions.push(
      `${spec.site ?? 'o.site_id'} = (select id from landscape_sites where slug = $${next++}::text)`,
    );
  }
  if (shape.text) {
    if (spec.textIndexed) conditions.push(TEXT_INDEX_CUSTOMER);
    conditions.push(`${spec.text} ilike $${next++}::text`);
  }
  if (kind === 'vmware-clusters') conditions.push(`o.type = 'vmware'`);
  return `select ${spec.columns}, ${TENANT}
from ${spec.from}
where o.customer_id = $1::int${conditions.map((condition) => `\n  and ${condition}`).join('')}
order by ${order}
limit $${next}::int`;
}

/** The name each list statement is prepared under. */
export const listStatementName = (kind: LandscapeKind, sort: LandscapeSort, shape: ListShape) =>
  `landscape_${kind}_${sort.replace('-', 'desc_')}_${shape.later ? 'next' : 'first'}${shape.status ? '_s' : ''}${
    shape.location ? '_l' : ''
  }${shape.text ? '_q' : ''}`.replaceAll('-', '_');

// ——— The global search: one statement ———
//
// Both of the search's groups, servers (devices with role server, and the VMs) and the other objects
// (network devices, racks, addresses, prefixes, clusters), in one UNION ALL with a branch per kind: the
// kind's trigram index (landscape.table.ts), its first `limit` matches in the list's order, and only
// what a hit shows (name and the parts of its second line), not the list's columns (the tenant, the
// racks' and clusters' counts, the addresses' prefixes). It replaces eight list statements per search,
// each planned for its own values (force_custom_plan) with up to five joins and lateral counts.
//
// Parameters: $1 customer_id, $2 ILIKE pattern, $3 limit per kind. Rows: grp, rank (the kind's place in
// its group), place (the row's within its kind), kind, key, name, part1-3.

const searchTables: Record<LandscapeKind, string> = {
  devices: 'landscape_devices',
  'virtual-machines': 'landscape_virtual_machines',
  racks: 'landscape_racks',
  'ip-addresses': 'landscape_ip_addresses',
  prefixes: 'landscape_prefixes',
  'kubernetes-clusters': 'landscape_kubernetes_clusters',
  'vmware-clusters': 'landscape_clusters',
};

/**
 * One kind's branch of the search statement: the kind's own table only (see nameOf), or `found`, the
 * statement's matches of that table read once for two branches (the devices: servers and the others).
 */
function searchBranch(
  group: 'servers' | 'others',
  rank: number,
  kind: LandscapeKind,
  parts: [string, string, string],
  where: string[] = [],
  found?: string,
): string {
  const spec = kindSql[kind];
  const order = spec.byName.map((column) => column.expr).join(', ');
  const key = kind === 'ip-addresses' ? 'o.address' : kind === 'prefixes' ? 'o.prefix' : 'o.id';
  const name = kind === 'ip-addresses' || kind === 'prefixes' ? `${key}::text` : 'o.name';
  return `(select '${group}' as grp, ${rank} as rank, row_number() over (order by ${order}) as place,
    '${kind}' as kind, ${key}::text as key, ${name} as name,
    ${parts[0]} as part1, ${parts[1]} as part2, ${parts[2]} as part3
  from ${found ?? searchTables[kind]} o
  where ${[
    ...(found
      ? []
      : [spec.textIndexed ? TEXT_INDEX_CUSTOMER : 'o.customer_id = $1::int', `${spec.text} ilike $2::text`]),
    ...where,
  ].join(' and ')}
  order by ${order}
  limit $3::int)`;
}

/**
 * The customer's devices that match, for the servers' and the other objects' branches: read once. Each
 * branch read them through the trigram index on its own, and a text whose trigrams every device name
 * holds ('srv001': 562 index candidates of the bench's big customer, 48 matches) cost 2 ms per read.
 */
const FOUND_DEVICES = `found_devices as materialized (
  select o.id, o.name, o.role, o.site_id, o.rack_id from landscape_devices o where ${TEXT_INDEX_CUSTOMER} and ${kindSql.devices.text} ilike $2::text
)`;

/**
 * The name of a related object (site, rack, cluster …) as a subquery per hit rather than a join: when
 * PostgreSQL planned the statement for every search, the branches' joins were most of that planning
 * (1.08 ms with them, 0.62 ms with these subqueries, on the bench's big customer); it is now planned
 * once per connection (TEXT_INDEX_CUSTOMER). The subqueries run only for the at most `limit` rows a
 * branch keeps.
 */
const nameOf = (table: string, column: string, value = 'x.name') =>
  `(select ${value} from ${table} x where x.id = o.${column})`;
const SITE_NAME = nameOf('landscape_sites', 'site_id');
const DEVICE_PARTS: [string, string, string] = ['o.role', SITE_NAME, nameOf('landscape_racks', 'rack_id')];

/** The global search's statement (the bench's bare baseline runs it too). */
export const LANDSCAPE_SEARCH_SQL = `with ${FOUND_DEVICES}
select grp, kind, key, name, part1, part2, part3 from (
${[
  searchBranch('servers', 1, 'devices', DEVICE_PARTS, [`o.role = 'server'`], 'found_devices'),
  searchBranch('servers', 2, 'virtual-machines', [
    'o.dns_name',
    nameOf('landscape_clusters', 'cluster_id', 'coalesce(x.name, x.type)'),
    'null',
  ]),
  searchBranch('others', 1, 'devices', DEVICE_PARTS, [`o.role <> 'server'`], 'found_devices'),
  searchBranch('others', 2, 'racks', [SITE_NAME, nameOf('landscape_locations', 'location_id'), 'null']),
  searchBranch('others', 3, 'ip-addresses', [
    'o.dns_name',
    `case when o.device_id is not null then ${nameOf('landscape_devices', 'device_id')} else ${nameOf(
      'landscape_virtual_machines',
      'virtual_machine_id',
    )} end`,
    'null',
  ]),
  searchBranch('others', 4, 'prefixes', ['o.description', nameOf('landscape_vlans', 'vlan_id'), 'null']),
  searchBranch('others', 5, 'kubernetes-clusters', ['o.version', SITE_NAME, 'null']),
  searchBranch('others', 6, 'vmware-clusters', [SITE_NAME, 'null', 'null'], [`o.type = 'vmware'`]),
].join('\nunion all\n')}
) hits order by grp desc, rank, place`;

/** The search statement's parameters ($1 … $3). */
export const searchValues = (customerId: number, text: string, limit: number): unknown[] => [
  customerId,
  `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`,
  limit,
];

/** The search statement's rows as the two groups, in its order. */
export function toFinds(rows: Row[]): LandscapeFinds {
  const finds: LandscapeFinds = { servers: [], others: [] };
  for (const row of rows) {
    finds[row.grp === 'servers' ? 'servers' : 'others'].push({
      id: objectId(row.kind as LandscapeKind, String(row.key)),
      name: String(row.name),
      details: [str(row.part1), str(row.part2), str(row.part3)],
    });
  }
  return finds;
}

const serversSql = (byId: boolean) => `select * from (
  select 'devices' as kind, d.id, d.name, d.status,
    concat_ws(' · ', s.name, r.name) as location
  from landscape_devices d
  left join landscape_sites s on s.id = d.site_id
  left join landscape_racks r on r.id = d.rack_id
  where d.customer_id = $1 and d.role = 'server'${byId ? ' and d.id = any($2::int[])' : ''}
  union all
  select 'virtual-machines', m.id, m.name, m.status, c.name
  from landscape_virtual_machines m
  left join landscape_clusters c on c.id = m.cluster_id
  where m.customer_id = $1${byId ? ' and m.id = any($3::int[])' : ''}
) servers order by name, kind, id`;

/** A customer's servers: devices with role server and the VMs ($1 customer_id). */
export const LANDSCAPE_SERVERS_SQL = serversSql(false);

/**
 * Some of a customer's servers by id ($2 device ids, $3 VM ids): the trends check that every server
 * asked for is the customer's, without reading all of them. The trends bench's bare baseline runs a
 * copy (bench/bare-server.ts; bench/trends-suite.ts checks the two are equal).
 */
export const LANDSCAPE_SERVERS_BY_ID_SQL = serversSql(true);

/**
 * A customer's offline servers: how many, and the first $2 by name ($1 customer_id), with the
 * count beside them (one row with null ids when none is offline). Each kind is read in name order
 * from its (customer_id, status, name, id) index and stops after $2; locations are joined for those
 * few, so nothing is sorted and no more than the count's index entries are read.
 */
export const LANDSCAPE_OFFLINE_SERVERS_SQL = `select t.total, o.kind, o.id, o.name, o.status,
  case o.kind when 'devices' then concat_ws(' · ', s.name, r.name) else c.name end as location
from (
  select (select count(*) from landscape_devices
      where customer_id = $1 and status = 'offline' and role = 'server')
    + (select count(*) from landscape_virtual_machines where customer_id = $1 and status = 'offline') as total
) t
left join (
  select * from (
    (select 'devices' as kind, id, name, status from landscape_devices
      where customer_id = $1 and status = 'offline' and role = 'server' order by name, id limit $2)
    union all
    (select 'virtual-machines', id, name, status from landscape_virtual_machines
      where customer_id = $1 and status = 'offline' order by name, id limit $2)
  ) servers order by name, kind, id limit $2
) o on true
left join landscape_devices d on o.kind = 'devices' and d.id = o.id
left join landscape_sites s on s.id = d.site_id
left join landscape_racks r on r.id = d.rack_id
left join landscape_virtual_machines m on o.kind = 'virtual-machines' and m.id = o.id
left join landscape_clusters c on c.id = m.cluster_id
order by o.name, o.kind, o.id`;

/**
 * The integer keys of the object ids of one kind; other kinds and keys no row can have are left out
 * (the parameters of LANDSCAPE_SERVERS_BY_ID_SQL; the bench's bare baseline uses it too).
 */
export const keysOf = (ids: readonly string[], kind: 'devices' | 'virtual-machines') =>
  ids.flatMap((id) => {
    const key = id.startsWith(`${kind}/`) ? id.slice(kind.length + 1) : '';
    return /^\d{1,10}$/.test(key) && Number(key) <= 2_147_483_647 ? [Number(key)] : [];
  });

type Row = Record<string, unknown>;

const str = (value: unknown) => (value === null || value === undefined ? null : String(value));
const num = (value: unknown) => Number(value ?? 0);
const serverOf = (row: Row): Server => ({
  server_id: objectId(row.kind as 'devices', String(row.id)),
  name: String(row.name),
  kind: row.kind as Server['kind'],
  status: row.status as LandscapeStatus,
  location: str(row.location) || null,
});
const ref = (kind: LandscapeKind | null, key: unknown, name: unknown): LandscapeRef | null =>
  name === null || name === undefined
    ? null
    : {
        id: kind && key !== null && key !== undefined ? objectId(kind, String(key)) : null,
        kind,
        name: String(name),
      };
const clusterRef = (row: Row) =>
  ref(row.cluster_type === 'vmware' ? 'vmware-clusters' : null, row.cluster_id, row.cluster_name);
const vlan = (row: Row) =>
  row.vid === null || row.vid === undefined ? null : { vid: num(row.vid), name: String(row.vlan_name) };
const family = (value: unknown) => (Number(value) === 6 ? 6 : 4) as 4 | 6;

/** Share of a prefix's usable addresses that are in use, in percent with one decimal. */
export function prefixUtilization(familyOf: 4 | 6, length: number, used: number): number {
  const size = 2 ** ((familyOf === 4 ? 32 : 128) - length);
  const usable = familyOf === 4 && length < 31 ? size - 2 : size;
  return Math.min(100, Math.round((used / usable) * 1000) / 10);
}

/** A row of a list statement as the wire object. */
export function toObject(kind: LandscapeKind, row: Row): LandscapeObject {
  const status = row.status as LandscapeStatus;
  const tenant = String(row.tenant ?? '');
  switch (kind) {
    case 'devices':
      return {
        kind,
        id: objectId(kind, String(row.id)),
        name: String(row.name),
        status,
        tenant,
        role: row.role as DeviceRole,
        rack: ref('racks', row.rack_id, row.rack_name),
        position_u: row.position_u === null ? null : num(row.position_u),
        height_u: num(row.height_u),
        location: str(row.location),
        datacenter: str(row.datacenter),
        platform: str(row.platform),
        serial: str(row.serial),
        cluster: clusterRef(row),
      };
    case 'virtual-machines':
      return {
        kind,
        id: objectId(kind, String(row.id)),
        name: String(row.name),
        status,
        tenant,
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
    case 'racks':
      return {
        kind,
        id: objectId(kind, String(row.id)),
        name: String(row.name),
        status,
        tenant,
        location: str(row.location),
        datacenter: str(row.datacenter),
        height_u: num(row.height_u),
        space_utilization: Math.round((num(row.used_u) / Math.max(1, num(row.height_u))) * 1000) / 10,
        device_count: num(row.device_count),
      };
    case 'ip-addresses':
      return {
        kind,
        id: objectId(kind, String(row.address)),
        name: String(row.address),
        status,
        tenant,
        address: String(row.address),
        family: family(row.family),
        dns_name: str(row.dns_name),
        role: str(row.role),
        vlan: vlan(row),
        assigned:
          row.device_id !== null && row.device_id !== undefined
            ? ref('devices', row.device_id, row.device_name)
            : ref('virtual-machines', row.vm_id, row.vm_name),
        prefix: ref('prefixes', row.prefix, row.prefix),
      };
    case 'prefixes':
      return {
        kind,
        id: objectId(kind, String(row.prefix)),
        name: String(row.prefix),
        status,
        tenant,
        prefix: String(row.prefix),
        family: family(row.family),
        vlan: vlan(row),
        role: str(row.role),
        utilization: prefixUtilization(family(row.family), num(row.length), num(row.used)),
        datacenter: str(row.datacenter),
        description: str(row.description),
      };
    case 'kubernetes-clusters':
      return {
        kind,
        id: objectId(kind, String(row.id)),
        name: String(row.name),
        status,
        tenant,
        location: str(row.location),
        datacenter: str(row.datacenter),
        version: String(row.version),
        node_count: num(row.node_count),
        api_endpoint: String(row.api_endpoint),
      };
    case 'vmware-clusters':
      return {
        kind,
        id: objectId(kind, String(row.id)),
        name: String(row.name),
        status,
        tenant,
        datacenter: str(row.datacenter),
        vm_count: num(row.vm_count),
        device_count: num(row.device_count),
      };
  }
}

/** The sort values of a row, in the order of sortColumns (the next page's cursor). */
export function sortValues(kind: LandscapeKind, sort: LandscapeSort, row: Row): string[] {
  const key =
    kind === 'ip-addresses'
      ? [String(row.address)]
      : kind === 'prefixes'
        ? [String(row.prefix)]
        : [String(row.name), String(row.id)];
  return sort === 'status' || sort === '-status' ? [String(row.status), ...key] : key;
}

/** The parameters of a list statement, in order ($1 … $6). */
export function listValues(params: ListParams): unknown[] {
  const shape = listShape(params);
  const values: unknown[] = [params.customerId];
  if (shape.later) values.push(params.after);
  if (shape.status) values.push(params.statuses);
  if (shape.location) values.push(params.location);
  if (shape.text) values.push(`%${params.text?.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
  values.push(params.limit + 1);
  return values;
}

const refsOf = (kind: LandscapeKind, rows: Row[]): LandscapeRef[] =>
  rows.map((row) => ({ id: objectId(kind, String(row.key)), kind, name: String(row.name) }));

/** The landscape in the portal database (the default source). */
export function createDatabaseLandscapeSource(db: Database): LandscapeSource {
  const client = db.$client;
  const query = async (text: string, values: unknown[]) => (await client.query<Row>(text, values)).rows;

  async function one(kind: LandscapeKind, customerId: number, key: string): Promise<Row | undefined> {
    const spec = kindSql[kind];
    const where =
      kind === 'ip-addresses'
        ? key.includes('/')
          ? 'o.address = $2::inet'
          : 'host(o.address) = host($2::inet) and family(o.address) = family($2::inet)'
        : kind === 'prefixes'
          ? 'o.prefix = $2::cidr'
          : `o.id = $2::int${kind === 'vmware-clusters' ? ` and o.type = 'vmware'` : ''}`;
    const [row] = await query(
      `select ${spec.columns}, ${TENANT} from ${spec.from} where o.customer_id = $1::int and ${where} limit 1`,
      [customerId, key],
    );
    return row;
  }

  async function relations(
    kind: LandscapeKind,
    customerId: number,
    row: Row,
  ): Promise<Pick<LandscapeDetail, 'relations' | 'elevation'>> {
    const groups: LandscapeDetail['relations'] = [];
    const add = (relationKind: LandscapeKind, rows: Row[]) => {
      if (rows.length) groups.push({ kind: relationKind, items: refsOf(relationKind, rows) });
    };
    const ips = (column: 'device_id' | 'virtual_machine_id', id: unknown) =>
      query(
        `select address::text as key, address::text as name from landscape_ip_addresses
         where customer_id = $1 and ${column} = $2 order by address`,
        [customerId, id],
      );
    let elevation: LandscapeDetail['elevation'] = null;
    switch (kind) {
      case 'devices': {
        add('ip-addresses', await ips('device_id', row.id));
        if (row.cluster_id !== null) {
          add(
            'virtual-machines',
            await query(
              `select id as key, name from landscape_virtual_machines where customer_id = $1 and cluster_id = $2 order by name, id`,
              [customerId, row.cluster_id],
            ),
          );
        }
        break;
      }
      case 'virtual-machines':
        add('ip-addresses', await ips('virtual_machine_id', row.id));
        break;
      case 'racks': {
        const units = await query(
          `select id as key, name, role, status, position_u, height_u from landscape_devices
           where customer_id = $1 and rack_id = $2 order by position_u desc nulls last, name, id`,
          [customerId, row.id],
        );
        add('devices', units);
        elevation = {
          height_u: num(row.height_u),
          units: units
            .filter((unit) => unit.position_u !== null)
            .map(
              (unit): RackUnit => ({
                id: objectId('devices', String(unit.key)),
                name: String(unit.name),
                role: unit.role as DeviceRole,
                status: unit.status as LandscapeStatus,
                position_u: num(unit.position_u),
                height_u: num(unit.height_u),
              }),
            ),
        };
        break;
      }
      case 'prefixes':
        add(
          'ip-addresses',
          await query(
            `select address::text as key, address::text as name from landscape_ip_addresses
             where customer_id = $1 and address <<= $2::cidr order by address`,
            [customerId, row.prefix],
          ),
        );
        break;
      case 'vmware-clusters':
        add(
          'devices',
          await query(
            `select id as key, name from landscape_devices where customer_id = $1 and cluster_id = $2 order by name, id`,
            [customerId, row.id],
          ),
        );
        add(
          'virtual-machines',
          await query(
            `select id as key, name from landscape_virtual_machines where customer_id = $1 and cluster_id = $2 order by name, id`,
            [customerId, row.id],
          ),
        );
        break;
      case 'kubernetes-clusters': {
        // Nodes are the customer's VMs named after the cluster's prefix (gk-prod → gk-k8s-node…).
        const prefix = String(row.name).split('-')[0];
        add(
          'virtual-machines',
          await query(
            `select id as key, name from landscape_virtual_machines
             where customer_id = $1 and role = 'kubernetes-node' and name like $2 order by name, id`,
            [customerId, `${prefix}-k8s-%`],
          ),
        );
        break;
      }
      case 'ip-addresses':
        break;
    }
    return { relations: groups, elevation };
  }

  // The statement texts by name, built once each (a few hundred at most: kinds × sorts × shapes).
  const listTexts = new Map<string, string>();

  return {
    async list(params) {
      const shape = listShape(params);
      // A statement per shape, so its generic plan is the index seek: planned once per connection.
      // Not with a search text: a plan that cannot see the pattern walks the whole customer in name
      // order (decision 0025), so those are planned per call.
      const name = listStatementName(params.kind, params.sort, shape);
      let text = listTexts.get(name);
      if (text === undefined) {
        text = landscapeListSql(params.kind, params.sort, shape);
        listTexts.set(name, text);
      }
      const { rows } = await (shape.text ? client : db.$reusablePlans).query<Row>({
        name,
        text,
        values: listValues(params),
      });
      const more = rows.length > params.limit;
      const page = more ? rows.slice(0, params.limit) : rows;
      const last = page.at(-1);
      const result: ListPage = { items: page.map((row) => toObject(params.kind, row)) };
      if (more && last) result.nextAfter = sortValues(params.kind, params.sort, last);
      return result;
    },

    async search(customerId, text, limit) {
      // Its generic plan reads each kind through its trigram index (TEXT_INDEX_CUSTOMER): planned once.
      const { rows } = await db.$reusablePlans.query<Row>({
        name: 'landscape_search',
        text: LANDSCAPE_SEARCH_SQL,
        values: searchValues(customerId, text, limit),
      });
      return toFinds(rows);
    },

    async get(customerId, id: LandscapeObjectId) {
      const row = await one(id.kind, customerId, id.key);
      if (!row) return undefined;
      return { object: toObject(id.kind, row), ...(await relations(id.kind, customerId, row)) };
    },

    async summary(customerId) {
      const [counts] = await query(
        `select
          (select count(*)::int from landscape_devices where customer_id = $1) as devices,
          (select count(*)::int from landscape_virtual_machines where customer_id = $1) as virtual_machines,
          (select count(*)::int from landscape_racks where customer_id = $1) as racks,
          (select count(*)::int from landscape_ip_addresses where customer_id = $1) as ip_addresses,
          (select count(*)::int from landscape_prefixes where customer_id = $1) as prefixes,
          (select count(*)::int from landscape_kubernetes_clusters where customer_id = $1) as kubernetes_clusters,
          (select count(*)::int from landscape_clusters where customer_id = $1 and type = 'vmware') as vmware_clusters`,
        [customerId],
      );
      const datacenters = await query('select slug, name from landscape_sites order by name', []);
      return {
        counts: Object.fromEntries(
          landscapeKinds.map((kind) => [kind, num(counts?.[kind.replaceAll('-', '_')])]),
        ) as Record<LandscapeKind, number>,
        datacenters: datacenters.map((site) => ({ slug: String(site.slug), name: String(site.name) })),
      };
    },

    async servers(customerId, ids) {
      const rows = ids
        ? await query(LANDSCAPE_SERVERS_BY_ID_SQL, [
            customerId,
            keysOf(ids, 'devices'),
            keysOf(ids, 'virtual-machines'),
          ])
        : await query(LANDSCAPE_SERVERS_SQL, [customerId]);
      return rows.map(serverOf);
    },

    async offlineServers(customerId, limit) {
      // Prepared and planned once per connection: the dashboard asks on every load, and planning the
      // nine joins and subqueries cost more than running them (4.5 ms against 2.6 ms).
      const { rows } = await db.$reusablePlans.query<Row>({
        name: 'landscape_offline_servers',
        text: LANDSCAPE_OFFLINE_SERVERS_SQL,
        values: [customerId, limit],
      });
      return {
        count: num(rows[0]?.total),
        servers: rows.filter((row) => row.id !== null).map(serverOf),
      };
    },

    async kubernetesCluster(customerId, clusterId): Promise<KubernetesClusterAccess | undefined> {
      const row = await one('kubernetes-clusters', customerId, String(clusterId));
      if (!row) return undefined;
      const [ca] = await query('select ca_certificate from landscape_kubernetes_clusters where id = $1', [
        clusterId,
      ]);
      const object = toObject('kubernetes-clusters', row);
      if (object.kind !== 'kubernetes-clusters') return undefined;
      return { ...object, ca_certificate: String(ca?.ca_certificate ?? '') };
    },
  };
}
