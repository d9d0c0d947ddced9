import type { DeviceRole, LandscapeStatus } from '@portaal/contracts';
import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { SEARCH_GIN_OPTIONS, searchCustomer } from '../../db/search-index.ts';
import { customers } from '../customers/customers.table.ts';

// The landscape as NetBox models it (DESIGN.md §8): sites (datacenters) with locations (rooms), and per
// customer (NetBox tenant) racks, devices, clusters, VMs, VLANs, prefixes, IP addresses and Kubernetes
// clusters. Numeric ids are NetBox ids: the seed and the bench set them, so they are "by default"
// identities. Every customer-owned table leads its list index with customer_id, then the sort key and
// the id, so a page of any kind is one index range scan (keyset paging, see landscape.repo.ts).

const inet = customType<{ data: string }>({ dataType: () => 'inet' });
const cidr = customType<{ data: string }>({ dataType: () => 'cidr' });

const customerId = () =>
  integer('customer_id')
    .notNull()
    .references(() => customers.customerId, { onDelete: 'cascade' });
const status = () => text('status').$type<LandscapeStatus>().notNull().default('active');

/** A datacenter (NetBox site); shared by all customers. */
export const landscapeSites = pgTable('landscape_sites', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

/** A room or hall inside a datacenter (NetBox location). */
export const landscapeLocations = pgTable('landscape_locations', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  siteId: integer('site_id')
    .notNull()
    .references(() => landscapeSites.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
});

export const landscapeRacks = pgTable(
  'landscape_racks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: customerId(),
    name: text('name').notNull(),
    status: status(),
    siteId: integer('site_id').references(() => landscapeSites.id),
    locationId: integer('location_id').references(() => landscapeLocations.id),
    heightU: smallint('height_u').notNull().default(42),
  },
  (table) => [
    index('landscape_racks_list_idx').on(table.customerId, table.name, table.id),
    index('landscape_racks_status_idx').on(table.customerId, table.status, table.name, table.id),
    // The landscape's text search (list ?q=, global search) within one customer (btree_gin with
    // pg_trgm): any part of at least three characters.
    index('landscape_racks_text_trgm_idx')
      .using('gin', searchCustomer(table.customerId), sql`(${table.name}) gin_trgm_ops`)
      .with(SEARCH_GIN_OPTIONS),
  ],
);

/** A virtualization cluster: VMware (listed as vmware-clusters) or another type (Proxmox, Hyper-V). */
export const landscapeClusters = pgTable(
  'landscape_clusters',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: customerId(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    status: status(),
    siteId: integer('site_id').references(() => landscapeSites.id),
  },
  (table) => [
    index('landscape_clusters_list_idx').on(table.customerId, table.type, table.name, table.id),
    index('landscape_clusters_status_idx').on(
      table.customerId,
      table.type,
      table.status,
      table.name,
      table.id,
    ),
  ],
);

export const landscapeDevices = pgTable(
  'landscape_devices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: customerId(),
    name: text('name').notNull(),
    role: text('role').$type<DeviceRole>().notNull(),
    status: status(),
    siteId: integer('site_id').references(() => landscapeSites.id),
    locationId: integer('location_id').references(() => landscapeLocations.id),
    rackId: integer('rack_id').references(() => landscapeRacks.id, { onDelete: 'set null' }),
    /** The lowest unit the device occupies (NetBox `position`); null when not racked. */
    positionU: smallint('position_u'),
    heightU: smallint('height_u').notNull().default(1),
    platform: text('platform'),
    serial: text('serial'),
    /** A virtualization host belongs to the cluster it runs. */
    clusterId: integer('cluster_id').references(() => landscapeClusters.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('landscape_devices_list_idx').on(table.customerId, table.name, table.id),
    index('landscape_devices_status_idx').on(table.customerId, table.status, table.name, table.id),
    // The dashboard's offline servers (counted and the first few by name) without reading the heap.
    index('landscape_devices_offline_servers_idx')
      .on(table.customerId, table.name, table.id)
      .where(sql`${table.status} = 'offline' and ${table.role} = 'server'`),
    index('landscape_devices_rack_idx').on(table.rackId),
    index('landscape_devices_cluster_idx').on(table.clusterId),
    index('landscape_devices_text_trgm_idx')
      .using('gin', searchCustomer(table.customerId), sql`(${table.name}) gin_trgm_ops`)
      .with(SEARCH_GIN_OPTIONS),
  ],
);

export const landscapeVirtualMachines = pgTable(
  'landscape_virtual_machines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: customerId(),
    name: text('name').notNull(),
    status: status(),
    clusterId: integer('cluster_id').references(() => landscapeClusters.id, { onDelete: 'set null' }),
    siteId: integer('site_id').references(() => landscapeSites.id),
    role: text('role'),
    dnsName: text('dns_name'),
    /** Operating system family (NetBox platform). */
    platform: text('platform'),
    vcpus: smallint('vcpus').notNull().default(1),
    memoryMb: integer('memory_mb').notNull().default(1024),
    diskGb: integer('disk_gb').notNull().default(20),
  },
  (table) => [
    index('landscape_vms_list_idx').on(table.customerId, table.name, table.id),
    index('landscape_vms_status_idx').on(table.customerId, table.status, table.name, table.id),
    index('landscape_vms_cluster_idx').on(table.clusterId),
    index('landscape_vms_text_trgm_idx')
      .using(
        'gin',
        searchCustomer(table.customerId),
        sql`(${table.name} || ' ' || coalesce(${table.dnsName}, '')) gin_trgm_ops`,
      )
      .with(SEARCH_GIN_OPTIONS),
  ],
);

export const landscapeVlans = pgTable(
  'landscape_vlans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: customerId(),
    vid: smallint('vid').notNull(),
    name: text('name').notNull(),
  },
  (table) => [index('landscape_vlans_customer_idx').on(table.customerId)],
);

/** Keyed by the prefix itself within a customer (customers may use the same private ranges). */
export const landscapePrefixes = pgTable(
  'landscape_prefixes',
  {
    customerId: customerId(),
    prefix: cidr('prefix').notNull(),
    status: status(),
    siteId: integer('site_id').references(() => landscapeSites.id),
    vlanId: integer('vlan_id').references(() => landscapeVlans.id, { onDelete: 'set null' }),
    role: text('role'),
    description: text('description'),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.prefix] }),
    index('landscape_prefixes_status_idx').on(table.customerId, table.status, table.prefix),
    index('landscape_prefixes_text_trgm_idx')
      .using(
        'gin',
        searchCustomer(table.customerId),
        sql`(${table.prefix}::text || ' ' || coalesce(${table.description}, '')) gin_trgm_ops`,
      )
      .with(SEARCH_GIN_OPTIONS),
  ],
);

/** Keyed by the address with its length within a customer; assigned to a device or a VM. */
export const landscapeIpAddresses = pgTable(
  'landscape_ip_addresses',
  {
    customerId: customerId(),
    address: inet('address').notNull(),
    status: status(),
    dnsName: text('dns_name'),
    role: text('role'),
    deviceId: integer('device_id').references(() => landscapeDevices.id, { onDelete: 'set null' }),
    virtualMachineId: integer('virtual_machine_id').references(() => landscapeVirtualMachines.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.address] }),
    index('landscape_ips_status_idx').on(table.customerId, table.status, table.address),
    index('landscape_ips_device_idx').on(table.deviceId),
    index('landscape_ips_vm_idx').on(table.virtualMachineId),
    index('landscape_ips_text_trgm_idx')
      .using(
        'gin',
        searchCustomer(table.customerId),
        sql`(${table.address}::text || ' ' || coalesce(${table.dnsName}, '')) gin_trgm_ops`,
      )
      .with(SEARCH_GIN_OPTIONS),
  ],
);

export const landscapeKubernetesClusters = pgTable(
  'landscape_kubernetes_clusters',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: customerId(),
    name: text('name').notNull(),
    status: status(),
    siteId: integer('site_id').references(() => landscapeSites.id),
    locationId: integer('location_id').references(() => landscapeLocations.id),
    version: text('version').notNull(),
    nodeCount: smallint('node_count').notNull(),
    apiEndpoint: text('api_endpoint').notNull(),
    /** The cluster CA certificate, PEM; public, goes into the kubeconfig. */
    caCertificate: text('ca_certificate').notNull(),
  },
  (table) => [
    index('landscape_k8s_list_idx').on(table.customerId, table.name, table.id),
    index('landscape_k8s_status_idx').on(table.customerId, table.status, table.name, table.id),
    index('landscape_k8s_text_trgm_idx')
      .using('gin', searchCustomer(table.customerId), sql`(${table.name}) gin_trgm_ops`)
      .with(SEARCH_GIN_OPTIONS),
    uniqueIndex('landscape_k8s_name_idx').on(table.customerId, sql`lower(${table.name})`),
  ],
);
