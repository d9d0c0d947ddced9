import {
  type DeviceRole,
  deviceRoles,
  type LandscapeDetail,
  type LandscapeKind,
  type LandscapeObject,
  type LandscapeRef,
  type LandscapeStatus,
  landscapeKinds,
  objectId,
  parseAddress,
  type Server,
} from '@portaal/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customerLinks, customers } from '../customers/customers.table.ts';
import { prefixUtilization, sortColumns } from './landscape.repo.ts';
import {
  type KubernetesClusterAccess,
  type LandscapeSource,
  type ListPage,
  type ListParams,
  searchThroughLists,
} from './landscape.source.ts';

// The NetBox adapter (DESIGN.md §8): NetBox REST API v4, `Authorization: Token …`, filtered by the
// customer's tenant (customer link `netbox_tenant`, or the older `netbox`). NetBox pages with `limit`,
// `offset` and a `next` URL; the adapter follows `next` until it is null. A customer's objects of one
// kind are read whole and kept for a minute, then filtered, sorted and paged here with the same keyset
// rules as the database. Kubernetes clusters are NetBox clusters of type `kubernetes` with the custom
// fields `kubernetes_version`, `api_endpoint` and `ca_certificate`; the VMware clusters are those of
// type `vmware`.

export interface NetboxOptions {
  url: string;
  token: string;
  db: Database;
  /** How long a customer's objects are kept (ms); a minute by default. */
  ttlMs?: number;
  fetch?: typeof fetch;
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
const nested = (value: unknown, field = 'name') => text(obj(value)?.[field]);
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const statusOf = (value: unknown): LandscapeStatus => {
  const raw = text(obj(value)?.value) ?? text(value);
  if (raw === 'active' || raw === 'decommissioning' || raw === 'offline') return raw;
  if (raw === 'failed' || raw === 'inventory' || raw === 'planned' || raw === 'staged') return 'offline';
  return raw === 'deprecated' ? 'decommissioning' : 'active';
};
const roleOf = (value: unknown): DeviceRole => {
  const slug = nested(value, 'slug') ?? '';
  return (deviceRoles as readonly string[]).includes(slug) ? (slug as DeviceRole) : 'server';
};
const ref = (kind: LandscapeKind | null, key: unknown, name: unknown): LandscapeRef | null => {
  const label = text(name);
  if (label === null) return null;
  const id = text(key);
  return { id: kind && id ? objectId(kind, id) : null, kind, name: label };
};

interface Snapshot {
  tenant: string;
  at: number;
  devices: Json[];
  vms: Json[];
  racks: Json[];
  ips: Json[];
  prefixes: Json[];
  clusters: Json[];
}

/** Compares sort tuples the way the database orders them: ids as numbers, addresses as addresses. */
function compareValue(cast: string, a: string, b: string): number {
  if (cast === 'int') return Number(a) - Number(b);
  if (cast === 'inet' || cast === 'cidr') {
    const x = parseAddress(a);
    const y = parseAddress(b);
    if (!x || !y) return a < b ? -1 : a > b ? 1 : 0;
    if (x.family !== y.family) return x.family - y.family;
    if (x.value !== y.value) return x.value < y.value ? -1 : 1;
    return (x.length ?? 0) - (y.length ?? 0);
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

export function createNetboxLandscapeSource(options: NetboxOptions): LandscapeSource {
  const base = options.url.replace(/\/+$/, '');
  const ttl = options.ttlMs ?? 60_000;
  const doFetch = options.fetch ?? fetch;
  const cache = new Map<number, Promise<Snapshot>>();

  async function readAll(path: string, tenant: string): Promise<Json[]> {
    const results: Json[] = [];
    let next: string | null =
      `${base}${path}${path.includes('?') ? '&' : '?'}tenant=${encodeURIComponent(tenant)}&limit=1000`;
    // Follow `next` on the same origin only; a page count guard against a loop.
    for (let pages = 0; next && pages < 1000; pages++) {
      const response = await doFetch(next, {
        headers: { Authorization: `Token ${options.token}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`NetBox answered ${response.status} for ${path}`);
      const body = obj(await response.json());
      const page = body?.results;
      if (Array.isArray(page)) for (const item of page) if (obj(item)) results.push(item as Json);
      const link = text(body?.next);
      next =
        link && new URL(link, base).origin === new URL(base).origin ? new URL(link, base).toString() : null;
    }
    return results;
  }

  async function tenantOf(customerId: number): Promise<{ slug: string; name: string } | undefined> {
    const links = await options.db
      .select({ type: customerLinks.type, identifier: customerLinks.identifier, name: customers.displayName })
      .from(customerLinks)
      .innerJoin(customers, eq(customers.customerId, customerLinks.customerId))
      .where(
        and(
          eq(customerLinks.customerId, customerId),
          inArray(customerLinks.type, ['netbox_tenant', 'netbox']),
        ),
      );
    const link = links.find((row) => row.type === 'netbox_tenant') ?? links[0];
    return link ? { slug: link.identifier, name: link.name } : undefined;
  }

  async function load(customerId: number): Promise<Snapshot | undefined> {
    const tenant = await tenantOf(customerId);
    if (!tenant) return undefined;
    const [devices, vms, racks, ips, prefixes, clusters] = await Promise.all([
      readAll('/api/dcim/devices/', tenant.slug),
      readAll('/api/virtualization/virtual-machines/', tenant.slug),
      readAll('/api/dcim/racks/', tenant.slug),
      readAll('/api/ipam/ip-addresses/', tenant.slug),
      readAll('/api/ipam/prefixes/', tenant.slug),
      readAll('/api/virtualization/clusters/', tenant.slug),
    ]);
    return { tenant: tenant.name, at: Date.now(), devices, vms, racks, ips, prefixes, clusters };
  }

  async function snapshot(customerId: number): Promise<Snapshot | undefined> {
    const cached = cache.get(customerId);
    if (cached) {
      const value = await cached.catch(() => undefined);
      if (value && Date.now() - value.at < ttl) return value;
    }
    const loading = load(customerId).then((value) => {
      if (!value) cache.delete(customerId);
      return value as Snapshot;
    });
    cache.set(customerId, loading);
    try {
      return await loading;
    } catch (error) {
      cache.delete(customerId);
      throw error;
    }
  }

  const clusterType = (cluster: Json) => nested(cluster.type, 'slug');

  function objects(snap: Snapshot, kind: LandscapeKind): LandscapeObject[] {
    const tenant = snap.tenant;
    const clusterById = new Map(snap.clusters.map((cluster) => [num(cluster.id), cluster]));
    const clusterRef = (value: unknown) => {
      const cluster = clusterById.get(num(obj(value)?.id));
      if (!cluster) return ref(null, null, nested(value));
      return ref(clusterType(cluster) === 'vmware' ? 'vmware-clusters' : null, cluster.id, cluster.name);
    };
    switch (kind) {
      case 'devices':
        return snap.devices.map((d) => ({
          kind,
          id: objectId(kind, num(d.id)),
          name: text(d.name) ?? `device ${num(d.id)}`,
          status: statusOf(d.status),
          tenant,
          role: roleOf(d.role),
          rack: ref('racks', obj(d.rack)?.id, nested(d.rack)),
          position_u: typeof d.position === 'number' ? Math.floor(d.position) : null,
          height_u: Math.max(1, Math.round(num(obj(d.device_type)?.u_height) || 1)),
          location: nested(d.location),
          datacenter: nested(d.site),
          platform: nested(d.platform),
          serial: text(d.serial),
          cluster: d.cluster ? clusterRef(d.cluster) : null,
        }));
      case 'virtual-machines':
        return snap.vms.map((m) => {
          const cluster = clusterById.get(num(obj(m.cluster)?.id));
          return {
            kind,
            id: objectId(kind, num(m.id)),
            name: text(m.name) ?? `vm ${num(m.id)}`,
            status: statusOf(m.status),
            tenant,
            cluster: m.cluster ? clusterRef(m.cluster) : null,
            cluster_type: cluster ? clusterType(cluster) : null,
            role: nested(m.role),
            dns_name: null,
            family: nested(m.platform),
            vcpus: Math.round(num(m.vcpus)),
            memory_mb: Math.round(num(m.memory)),
            disk_gb: Math.round(num(m.disk) / 1000),
            datacenter: nested(m.site),
          };
        });
      case 'racks':
        return snap.racks.map((r) => {
          const height = Math.round(num(r.u_height)) || 42;
          const racked = snap.devices.filter(
            (d) => num(obj(d.rack)?.id) === num(r.id) && typeof d.position === 'number',
          );
          const used = racked.reduce(
            (sum, d) => sum + Math.max(1, Math.round(num(obj(d.device_type)?.u_height) || 1)),
            0,
          );
          return {
            kind,
            id: objectId(kind, num(r.id)),
            name: text(r.name) ?? `rack ${num(r.id)}`,
            status: statusOf(r.status),
            tenant,
            location: nested(r.location),
            datacenter: nested(r.site),
            height_u: height,
            space_utilization: Math.round((used / height) * 1000) / 10,
            device_count: racked.length,
          };
        });
      case 'ip-addresses':
        return snap.ips.flatMap((a) => {
          const address = text(a.address);
          const parsed = address ? parseAddress(address) : undefined;
          if (!address || !parsed) return [];
          const assigned = obj(a.assigned_object);
          const device = obj(assigned?.device);
          const vm = obj(assigned?.virtual_machine);
          const prefix = snap.prefixes.find((p) => contains(text(p.prefix), address));
          return [
            {
              kind,
              id: objectId(kind, address),
              name: address,
              status: statusOf(a.status),
              tenant,
              address,
              family: parsed.family,
              dns_name: text(a.dns_name),
              role: nested(a.role, 'value'),
              vlan: vlanOf(prefix?.vlan),
              assigned: device
                ? ref('devices', device.id, device.name)
                : vm
                  ? ref('virtual-machines', vm.id, vm.name)
                  : null,
              prefix: prefix ? ref('prefixes', prefix.prefix, prefix.prefix) : null,
            },
          ];
        });
      case 'prefixes':
        return snap.prefixes.flatMap((p) => {
          const prefix = text(p.prefix);
          const parsed = prefix ? parseAddress(prefix) : undefined;
          if (!prefix || !parsed) return [];
          const used = snap.ips.filter((a) => contains(prefix, text(a.address) ?? '')).length;
          return [
            {
              kind,
              id: objectId(kind, prefix),
              name: prefix,
              status: statusOf(p.status),
              tenant,
              prefix,
              family: parsed.family,
              vlan: vlanOf(p.vlan),
              role: nested(p.role),
              utilization: prefixUtilization(parsed.family, parsed.length ?? 0, used),
              datacenter: nested(p.scope) ?? nested(p.site),
              description: text(p.description),
            },
          ];
        });
      case 'kubernetes-clusters':
        return snap.clusters
          .filter((c) => clusterType(c) === 'kubernetes')
          .map((c) => {
            const fields = obj(c.custom_fields) ?? {};
            return {
              kind,
              id: objectId(kind, num(c.id)),
              name: text(c.name) ?? `cluster ${num(c.id)}`,
              status: statusOf(c.status),
              tenant,
              location: nested(c.scope) ?? nested(c.location),
              datacenter: nested(c.site) ?? nested(c.scope),
              version: text(fields.kubernetes_version) ?? '',
              node_count: Math.round(num(c.virtualmachine_count)),
              api_endpoint: text(fields.api_endpoint) ?? '',
            };
          });
      case 'vmware-clusters':
        return snap.clusters
          .filter((c) => clusterType(c) === 'vmware')
          .map((c) => ({
            kind,
            id: objectId(kind, num(c.id)),
            name: text(c.name) ?? `cluster ${num(c.id)}`,
            status: statusOf(c.status),
            tenant,
            datacenter: nested(c.site) ?? nested(c.scope),
            vm_count: Math.round(num(c.virtualmachine_count)),
            device_count: Math.round(num(c.device_count)),
          }));
    }
  }

  const keyOf = (item: LandscapeObject) => item.id.slice(item.kind.length + 1);
  const sortTuple = (item: LandscapeObject, params: Pick<ListParams, 'kind' | 'sort'>) => {
    const key =
      params.kind === 'ip-addresses' || params.kind === 'prefixes' ? [keyOf(item)] : [item.name, keyOf(item)];
    return params.sort === 'status' || params.sort === '-status' ? [item.status, ...key] : key;
  };

  return {
    async list(params): Promise<ListPage> {
      const snap = await snapshot(params.customerId);
      if (!snap) return { items: [] };
      const columns = sortColumns(params.kind, params.sort);
      const direction = params.sort.startsWith('-') ? -1 : 1;
      const compare = (a: string[], b: readonly string[]) => {
        for (const [index, column] of columns.entries()) {
          const order = compareValue(column.cast, a[index] ?? '', b[index] ?? '');
          if (order !== 0) return order * direction;
        }
        return 0;
      };
      const needle = params.text?.toLowerCase();
      const site = params.location;
      const matches = objects(snap, params.kind)
        .filter((item) => !params.statuses?.length || params.statuses.includes(item.status))
        .filter((item) => {
          if (!site) return true;
          const datacenter = 'datacenter' in item ? item.datacenter : null;
          return (datacenter ?? '').toLowerCase().startsWith(site.toLowerCase());
        })
        .filter((item) => {
          if (!needle) return true;
          const dns = 'dns_name' in item ? (item.dns_name ?? '') : '';
          return `${item.name} ${dns}`.toLowerCase().includes(needle);
        })
        .map((item) => ({ item, tuple: sortTuple(item, params) }))
        .sort((a, b) => compare(a.tuple, b.tuple))
        .filter(({ tuple }) => !params.after || compare(tuple, params.after) > 0);
      const page = matches.slice(0, params.limit);
      const last = page.at(-1);
      return {
        items: page.map(({ item }) => item),
        ...(matches.length > params.limit && last ? { nextAfter: last.tuple } : {}),
      };
    },

    search(customerId, text, limit) {
      return searchThroughLists((params) => this.list(params), customerId, text, limit);
    },

    async get(customerId, id) {
      const snap = await snapshot(customerId);
      if (!snap) return undefined;
      const wanted = parseAddress(id.key);
      const object = objects(snap, id.kind).find((item) => {
        if (id.kind === 'ip-addresses' && wanted && !id.key.includes('/')) {
          const own = parseAddress(keyOf(item));
          return own?.value === wanted.value && own.family === wanted.family;
        }
        if (id.kind === 'ip-addresses' || id.kind === 'prefixes') {
          return compareValue('inet', keyOf(item), id.key) === 0;
        }
        return keyOf(item) === id.key;
      });
      if (!object) return undefined;
      const relations: LandscapeDetail['relations'] = [];
      const add = (kind: LandscapeKind, items: LandscapeObject[]) => {
        if (items.length)
          relations.push({ kind, items: items.map((item) => ({ id: item.id, kind, name: item.name })) });
      };
      let elevation: LandscapeDetail['elevation'] = null;
      const devices = objects(snap, 'devices').filter((item) => item.kind === 'devices');
      const ips = objects(snap, 'ip-addresses');
      if (object.kind === 'devices') {
        add(
          'ip-addresses',
          ips.filter((item) => item.kind === 'ip-addresses' && item.assigned?.id === object.id),
        );
      } else if (object.kind === 'virtual-machines') {
        add(
          'ip-addresses',
          ips.filter((item) => item.kind === 'ip-addresses' && item.assigned?.id === object.id),
        );
      } else if (object.kind === 'racks') {
        const inRack = devices.filter((item) => item.kind === 'devices' && item.rack?.id === object.id);
        add('devices', inRack);
        elevation = {
          height_u: object.height_u,
          units: inRack.flatMap((item) =>
            item.kind === 'devices' && item.position_u !== null
              ? [
                  {
                    id: item.id,
                    name: item.name,
                    role: item.role,
                    status: item.status,
                    position_u: item.position_u,
                    height_u: item.height_u,
                  },
                ]
              : [],
          ),
        };
      } else if (object.kind === 'prefixes') {
        add(
          'ip-addresses',
          ips.filter((item) => item.kind === 'ip-addresses' && item.prefix?.id === object.id),
        );
      } else if (object.kind === 'vmware-clusters') {
        add(
          'devices',
          devices.filter((item) => item.kind === 'devices' && item.cluster?.id === object.id),
        );
        add(
          'virtual-machines',
          objects(snap, 'virtual-machines').filter(
            (item) => item.kind === 'virtual-machines' && item.cluster?.id === object.id,
          ),
        );
      }
      return { object, relations, elevation };
    },

    async summary(customerId) {
      const snap = await snapshot(customerId);
      const counts = Object.fromEntries(
        landscapeKinds.map((kind) => [kind, snap ? objects(snap, kind).length : 0]),
      ) as Record<LandscapeKind, number>;
      const sites = new Map<string, string>();
      for (const item of [...(snap?.devices ?? []), ...(snap?.racks ?? [])]) {
        const site = obj(item.site);
        const slug = text(site?.slug);
        const name = text(site?.name);
        if (slug && name) sites.set(slug, name);
      }
      return { counts, datacenters: [...sites].map(([slug, name]) => ({ slug, name })) };
    },

    async servers(customerId, ids) {
      const snap = await snapshot(customerId);
      const wanted = ids ? new Set(ids) : undefined;
      if (!snap) return [];
      const servers: Server[] = [];
      for (const item of objects(snap, 'devices')) {
        if (item.kind === 'devices' && item.role === 'server') {
          const location = [item.datacenter, item.rack?.name].filter(Boolean).join(' · ') || null;
          servers.push({
            server_id: item.id,
            name: item.name,
            kind: 'devices',
            status: item.status,
            location,
          });
        }
      }
      for (const item of objects(snap, 'virtual-machines')) {
        if (item.kind === 'virtual-machines') {
          servers.push({
            server_id: item.id,
            name: item.name,
            kind: 'virtual-machines',
            status: item.status,
            location: item.cluster?.name ?? null,
          });
        }
      }
      return servers
        .filter((server) => !wanted || wanted.has(server.server_id))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },

    async offlineServers(customerId, limit) {
      // The snapshot is in memory (cached for a minute): filtering it is as cheap as any query.
      const offline = (await this.servers(customerId)).filter((server) => server.status === 'offline');
      return { count: offline.length, servers: offline.slice(0, limit) };
    },

    async kubernetesCluster(customerId, clusterId): Promise<KubernetesClusterAccess | undefined> {
      const snap = await snapshot(customerId);
      const raw = snap?.clusters.find((c) => num(c.id) === clusterId && clusterType(c) === 'kubernetes');
      const object =
        snap && raw
          ? objects(snap, 'kubernetes-clusters').find(
              (item) => item.id === `kubernetes-clusters/${clusterId}`,
            )
          : undefined;
      if (!raw || !object || object.kind !== 'kubernetes-clusters') return undefined;
      return { ...object, ca_certificate: text(obj(raw.custom_fields)?.ca_certificate) ?? '' };
    },
  };
}

function vlanOf(value: unknown) {
  const vlan = obj(value);
  return vlan && typeof vlan.vid === 'number' ? { vid: vlan.vid, name: text(vlan.name) ?? '' } : null;
}

/** Whether a prefix (`10.20.0.0/24`) holds an address (`10.20.0.5/24`). */
function contains(prefix: string | null, address: string): boolean {
  const network = prefix ? parseAddress(prefix) : undefined;
  const host = parseAddress(address);
  if (!network || !host || network.family !== host.family || network.length === undefined) return false;
  const width = network.family === 4 ? 32n : 128n;
  const shift = width - BigInt(network.length);
  return network.value >> shift === host.value >> shift;
}
