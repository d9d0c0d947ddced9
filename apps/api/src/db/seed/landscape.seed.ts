/**
 * The demo landscape: per demo customer a small hosting estate in two datacenters, AMS1 (Amsterdam) and
 * UTR1 (Utrecht). In AMS1 a rack with a VMware cluster on its hosts, switches, a firewall pair, storage
 * and PDUs; in UTR1 a rack with a Proxmox cluster, a backup server and the network. VMs on both clusters,
 * VLANs, IPv4 and IPv6 prefixes with an address for every server and VM, and Kubernetes clusters for the
 * customers that run containers. Everything is computed from the tables below (no randomness), so every
 * database gets the same rows and the same ids, in the order of `demoLandscape`.
 *
 * Counts (the landscape matrix test writes these as literals; keep them in step when editing):
 *
 *   customer  racks  devices (servers)  VMs  vmware-clusters  kubernetes  prefixes  ip-addresses
 *   1001      2      16      (7)        12   1                1           6         35
 *   1002      2      17      (8)        10   1                2           6         35
 *   1003      2      14      (5)         6   1                0           6         23
 *   1004      2      16      (7)         8   1                1           6         29
 *   1005      2      14      (5)         4   1                0           6         21
 *   1006      2      15      (6)         8   1                1           6         28
 *
 * Ids in a fresh database: 1001 has devices 1–16, VMs 1–12, racks 1–2, clusters 1 (VMware) and 2,
 * Kubernetes cluster 1 (gk-prod), prefixes 10.20.0.0/24 … and addresses such as 10.20.0.50/24
 * (gk-web01); 1002 follows with devices 17–33, VMs 13–22, racks 3–4, clusters 3–4, Kubernetes 2–3.
 */
import type { DeviceRole, LandscapeStatus } from '@portaal/contracts';
import type { Database } from '../client.ts';
import {
  landscapeClusters,
  landscapeDevices,
  landscapeIpAddresses,
  landscapeKubernetesClusters,
  landscapeLocations,
  landscapePrefixes,
  landscapeRacks,
  landscapeSites,
  landscapeVirtualMachines,
  landscapeVlans,
} from '../schema.ts';
import { demoClusterCas } from './landscape-cas.ts';
import { seedOnce } from './seed-once.ts';

const SEED_NAME = 'demo-landscape';

export const demoSites = [
  { id: 1, slug: 'ams1', name: 'AMS1 Amsterdam Science Park' },
  { id: 2, slug: 'utr1', name: 'UTR1 Utrecht Papendorp' },
];
export const demoLocations = [
  { id: 1, siteId: 1, name: 'AMS1 Hal 1.02' },
  { id: 2, siteId: 2, name: 'UTR1 Zaal B' },
];

interface VmSpec {
  name: string;
  role: string;
  os: string;
  cpu: number;
  mem: number;
  disk: number;
  /** 'v' on the VMware cluster (AMS1), 'p' on the Proxmox cluster (UTR1). */
  on: 'v' | 'p';
  status?: LandscapeStatus;
  /** Also an IPv6 address (public-facing services). */
  v6?: boolean;
}

interface CustomerLandscape {
  customerId: number;
  code: string;
  domain: string;
  /** Second octet of the customer's 10.x.0.0/16 and the third group of its 2001:db8:x::/48. */
  net: number;
  vmwareHosts: number;
  proxmoxHosts: number;
  /** A physical backup server in UTR1. */
  backupServer: string;
  vms: VmSpec[];
  kubernetes: { name: string; site: 1 | 2; version: string; nodes: number; status?: LandscapeStatus }[];
  vlanNames: [string, string, string];
}

const vm = (
  name: string,
  role: string,
  os: string,
  cpu: number,
  mem: number,
  disk: number,
  on: 'v' | 'p',
  extra: Partial<VmSpec> = {},
): VmSpec => ({ name, role, os, cpu, mem, disk, on, ...extra });

const UBUNTU = 'Ubuntu 24.04 LTS';
const DEBIAN = 'Debian 12';
const WINDOWS = 'Windows Server 2022';
const RHEL = 'Red Hat Enterprise Linux 9';

export const demoLandscape: CustomerLandscape[] = [
  {
    customerId: 1001,
    code: 'gk',
    domain: 'goudenkorst.internal',
    net: 20,
    vmwareHosts: 3,
    proxmoxHosts: 2,
    backupServer: 'gk-backup01',
    vlanNames: ['servers-ams', 'servers-utr', 'beheer'],
    vms: [
      vm('gk-web01', 'webshop', UBUNTU, 4, 8192, 80, 'v', { v6: true }),
      vm('gk-web02', 'webshop', UBUNTU, 4, 8192, 80, 'v', { v6: true }),
      vm('gk-db01', 'database', DEBIAN, 8, 32768, 500, 'v'),
      vm('gk-db02', 'database', DEBIAN, 8, 32768, 500, 'p'),
      vm('gk-app01', 'kassakoppeling', WINDOWS, 4, 16384, 120, 'v'),
      vm('gk-mail01', 'mail', DEBIAN, 2, 4096, 200, 'v', { v6: true }),
      vm('gk-monitor01', 'monitoring', UBUNTU, 2, 4096, 100, 'p'),
      vm('gk-ftp01', 'bestandsuitwisseling', DEBIAN, 1, 2048, 200, 'p', { status: 'decommissioning' }),
      vm('gk-test01', 'test', UBUNTU, 2, 4096, 60, 'p', { status: 'offline' }),
      vm('gk-k8s-node01', 'kubernetes-node', UBUNTU, 4, 16384, 100, 'v'),
      vm('gk-k8s-node02', 'kubernetes-node', UBUNTU, 4, 16384, 100, 'v'),
      vm('gk-k8s-node03', 'kubernetes-node', UBUNTU, 4, 16384, 100, 'v'),
    ],
    kubernetes: [{ name: 'gk-prod', site: 1, version: 'v1.31.4', nodes: 3 }],
  },
  {
    customerId: 1002,
    code: 'nw',
    domain: 'northwind.internal',
    net: 30,
    vmwareHosts: 4,
    proxmoxHosts: 2,
    backupServer: 'nw-backup01',
    vlanNames: ['servers-ams', 'servers-utr', 'management'],
    vms: [
      vm('nw-web01', 'web', UBUNTU, 4, 8192, 60, 'v', { v6: true }),
      vm('nw-app01', 'application', RHEL, 8, 16384, 120, 'v'),
      vm('nw-app02', 'application', RHEL, 8, 16384, 120, 'v'),
      vm('nw-wms01', 'warehouse management', WINDOWS, 8, 32768, 250, 'v'),
      vm('nw-db01', 'database', RHEL, 16, 65536, 1000, 'v'),
      vm('nw-db02', 'database', RHEL, 16, 65536, 1000, 'p'),
      vm('nw-edi01', 'EDI gateway', DEBIAN, 2, 4096, 80, 'p', { v6: true }),
      vm('nw-sftp01', 'file transfer', DEBIAN, 2, 4096, 400, 'p', { v6: true }),
      vm('nw-redis01', 'cache', DEBIAN, 2, 8192, 40, 'v'),
      vm('nw-legacy01', 'legacy ERP', WINDOWS, 4, 8192, 200, 'p', { status: 'decommissioning' }),
    ],
    kubernetes: [
      { name: 'nw-prod-ams', site: 1, version: 'v1.31.4', nodes: 6 },
      { name: 'nw-staging-utr', site: 2, version: 'v1.32.1', nodes: 3 },
    ],
  },
  {
    customerId: 1003,
    code: 'vd',
    domain: 'vandijk-advocaten.internal',
    net: 40,
    vmwareHosts: 2,
    proxmoxHosts: 1,
    backupServer: 'vd-backup01',
    vlanNames: ['servers-ams', 'servers-utr', 'beheer'],
    vms: [
      vm('vd-dc01', 'domeincontroller', WINDOWS, 2, 8192, 80, 'v'),
      vm('vd-dc02', 'domeincontroller', WINDOWS, 2, 8192, 80, 'p'),
      vm('vd-dossier01', 'dossierserver', WINDOWS, 4, 16384, 2000, 'v'),
      vm('vd-rds01', 'remote desktop', WINDOWS, 8, 32768, 200, 'v'),
      vm('vd-rds02', 'remote desktop', WINDOWS, 8, 32768, 200, 'v'),
      vm('vd-mail01', 'mail', WINDOWS, 4, 16384, 500, 'v', { v6: true }),
    ],
    kubernetes: [],
  },
  {
    customerId: 1004,
    code: 'gf',
    domain: 'greenfield-analytics.internal',
    net: 50,
    vmwareHosts: 2,
    proxmoxHosts: 3,
    backupServer: 'gf-backup01',
    vlanNames: ['servers-ams', 'servers-utr', 'management'],
    vms: [
      vm('gf-spark01', 'spark worker', UBUNTU, 16, 65536, 500, 'p'),
      vm('gf-spark02', 'spark worker', UBUNTU, 16, 65536, 500, 'p'),
      vm('gf-spark03', 'spark worker', UBUNTU, 16, 65536, 500, 'p'),
      vm('gf-jupyter01', 'notebooks', UBUNTU, 8, 32768, 200, 'v', { v6: true }),
      vm('gf-db01', 'warehouse', DEBIAN, 16, 131072, 4000, 'v'),
      vm('gf-airflow01', 'scheduler', UBUNTU, 4, 8192, 80, 'v'),
      vm('gf-k8s-node01', 'kubernetes-node', UBUNTU, 8, 32768, 200, 'v'),
      vm('gf-k8s-node02', 'kubernetes-node', UBUNTU, 8, 32768, 200, 'v'),
    ],
    kubernetes: [{ name: 'gf-analytics', site: 1, version: 'v1.30.8', nodes: 2 }],
  },
  {
    customerId: 1005,
    code: 'zn',
    domain: 'zorgnet-utrecht.internal',
    net: 60,
    vmwareHosts: 2,
    proxmoxHosts: 1,
    backupServer: 'zn-backup01',
    vlanNames: ['servers-ams', 'servers-utr', 'beheer'],
    vms: [
      vm('zn-ecd01', 'cliëntdossier', WINDOWS, 8, 32768, 500, 'v'),
      vm('zn-db01', 'database', WINDOWS, 8, 65536, 1000, 'v'),
      vm('zn-web01', 'intranet', UBUNTU, 2, 4096, 60, 'v', { v6: true }),
      vm('zn-dc01', 'domeincontroller', WINDOWS, 2, 8192, 80, 'p'),
    ],
    kubernetes: [],
  },
  {
    customerId: 1006,
    code: 'hm',
    domain: 'heldermedia.internal',
    net: 70,
    vmwareHosts: 2,
    proxmoxHosts: 2,
    backupServer: 'hm-backup01',
    vlanNames: ['servers-ams', 'servers-utr', 'beheer'],
    vms: [
      vm('hm-web01', 'website', DEBIAN, 4, 8192, 60, 'v', { v6: true }),
      vm('hm-web02', 'website', DEBIAN, 4, 8192, 60, 'v', { v6: true }),
      vm('hm-cms01', 'CMS', DEBIAN, 4, 16384, 200, 'v'),
      vm('hm-media01', 'transcoding', UBUNTU, 16, 32768, 2000, 'p'),
      vm('hm-db01', 'database', DEBIAN, 8, 32768, 500, 'p'),
      vm('hm-k8s-node01', 'kubernetes-node', UBUNTU, 8, 16384, 100, 'v'),
      vm('hm-k8s-node02', 'kubernetes-node', UBUNTU, 8, 16384, 100, 'v'),
      vm('hm-k8s-node03', 'kubernetes-node', UBUNTU, 8, 16384, 100, 'v'),
    ],
    kubernetes: [{ name: 'hm-platform', site: 1, version: 'v1.32.1', nodes: 3 }],
  },
];

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export interface LandscapeRows {
  racks: Row<typeof landscapeRacks>[];
  clusters: Row<typeof landscapeClusters>[];
  devices: Row<typeof landscapeDevices>[];
  virtualMachines: Row<typeof landscapeVirtualMachines>[];
  vlans: Row<typeof landscapeVlans>[];
  prefixes: Row<typeof landscapePrefixes>[];
  ipAddresses: Row<typeof landscapeIpAddresses>[];
  kubernetesClusters: Row<typeof landscapeKubernetesClusters>[];
}

/** Every row of the demo landscape, ids included. */
export function buildDemoLandscape(): LandscapeRows {
  const rows: LandscapeRows = {
    racks: [],
    clusters: [],
    devices: [],
    virtualMachines: [],
    vlans: [],
    prefixes: [],
    ipAddresses: [],
    kubernetesClusters: [],
  };
  const next = { rack: 1, cluster: 1, device: 1, vm: 1, vlan: 1, k8s: 1 };

  for (const spec of demoLandscape) {
    const { customerId, code, net } = spec;
    const upper = code.toUpperCase();
    const v4 = (third: number, host: number) => `10.${net}.${third}.${host}`;
    const v6 = (subnet: number, host: number) => `2001:db8:${net}:${subnet}::${host.toString(16)}`;

    // Racks: one per datacenter.
    const rackAms = next.rack++;
    const rackUtr = next.rack++;
    rows.racks.push(
      { id: rackAms, customerId, name: `AMS1-1.02-${upper}01`, siteId: 1, locationId: 1, heightU: 42 },
      { id: rackUtr, customerId, name: `UTR1-B-${upper}02`, siteId: 2, locationId: 2, heightU: 42 },
    );

    // Clusters: VMware in AMS1, Proxmox in UTR1.
    const vmware = next.cluster++;
    const proxmox = next.cluster++;
    rows.clusters.push(
      { id: vmware, customerId, name: `${code}-vmw-ams01`, type: 'vmware', siteId: 1 },
      { id: proxmox, customerId, name: `${code}-pve-utr01`, type: 'proxmox', siteId: 2 },
    );

    // VLANs and prefixes: servers per datacenter and a management network; IPv6 for both server VLANs.
    const vlanIds = spec.vlanNames.map(() => next.vlan++);
    const vids = [100, 110, 900];
    spec.vlanNames.forEach((name, index) => {
      rows.vlans.push({ id: vlanIds[index], customerId, vid: vids[index] ?? 0, name });
    });
    rows.prefixes.push(
      { customerId, prefix: `10.${net}.0.0/24`, siteId: 1, vlanId: vlanIds[0], role: 'servers' },
      { customerId, prefix: `10.${net}.1.0/24`, siteId: 2, vlanId: vlanIds[1], role: 'servers' },
      { customerId, prefix: `10.${net}.10.0/24`, siteId: null, vlanId: vlanIds[2], role: 'management' },
      { customerId, prefix: `2001:db8:${net}:100::/64`, siteId: 1, vlanId: vlanIds[0], role: 'servers' },
      { customerId, prefix: `2001:db8:${net}:110::/64`, siteId: 2, vlanId: vlanIds[1], role: 'servers' },
    );
    rows.prefixes.push({
      customerId,
      prefix: `10.${net}.99.0/24`,
      status: 'decommissioning',
      siteId: 1,
      role: 'legacy',
      description: 'Oud DMZ-netwerk, wordt opgeheven',
    });

    let managementHost = 10;
    const device = (
      name: string,
      role: DeviceRole,
      rackId: number,
      site: 1 | 2,
      positionU: number,
      heightU: number,
      platform: string | null,
      extra: Partial<Row<typeof landscapeDevices>> = {},
    ) => {
      const id = next.device++;
      rows.devices.push({
        id,
        customerId,
        name,
        role,
        rackId,
        siteId: site,
        locationId: site,
        positionU,
        heightU,
        platform,
        serial: `${upper}${String(id).padStart(6, '0')}`,
        ...extra,
      });
      if (role !== 'pdu') {
        rows.ipAddresses.push({
          customerId,
          address: `${v4(10, managementHost++)}/24`,
          dnsName: `${name}.mgmt.${spec.domain}`,
          role: 'management',
          deviceId: id,
        });
      }
      return id;
    };

    // AMS1 rack, from the top: switches, firewalls, VMware hosts (2U), storage (4U), PDUs at the bottom.
    device(`${code}-sw-ams01`, 'switch', rackAms, 1, 42, 1, 'Arista EOS');
    device(`${code}-sw-ams02`, 'switch', rackAms, 1, 41, 1, 'Arista EOS');
    device(`${code}-fw-ams01`, 'firewall', rackAms, 1, 39, 1, 'FortiOS');
    device(
      code === 'gk' ? 'vpn-gw01' : `${code}-fw-ams02`,
      code === 'gk' ? 'router' : 'firewall',
      rackAms,
      1,
      38,
      1,
      'FortiOS',
    );
    let serverHost = 10;
    for (let n = 1; n <= spec.vmwareHosts; n++) {
      const id = device(
        `${code}-esx${String(n).padStart(2, '0')}`,
        'server',
        rackAms,
        1,
        36 - (n - 1) * 2 - 1,
        2,
        'VMware ESXi 8.0',
        {
          clusterId: vmware,
        },
      );
      rows.ipAddresses.push({
        customerId,
        address: `${v4(0, serverHost++)}/24`,
        dnsName: `${code}-esx${String(n).padStart(2, '0')}.${spec.domain}`,
        role: 'host',
        deviceId: id,
      });
    }
    device(`${code}-san01`, 'storage', rackAms, 1, 10, 4, 'NetApp ONTAP');
    device(`${code}-pdu-ams-a`, 'pdu', rackAms, 1, 2, 1, null);
    device(`${code}-pdu-ams-b`, 'pdu', rackAms, 1, 1, 1, null);

    // UTR1 rack: switch, firewall, Proxmox hosts, the backup server.
    device(`${code}-sw-utr01`, 'switch', rackUtr, 2, 42, 1, 'Arista EOS');
    device(`${code}-fw-utr01`, 'firewall', rackUtr, 2, 40, 1, 'FortiOS');
    let utrHost = 10;
    for (let n = 1; n <= spec.proxmoxHosts; n++) {
      const id = device(
        `${code}-pve${String(n).padStart(2, '0')}`,
        'server',
        rackUtr,
        2,
        34 - (n - 1) * 2 - 1,
        2,
        'Proxmox VE 8.3',
        {
          clusterId: proxmox,
        },
      );
      rows.ipAddresses.push({
        customerId,
        address: `${v4(1, utrHost++)}/24`,
        dnsName: `${code}-pve${String(n).padStart(2, '0')}.${spec.domain}`,
        role: 'host',
        deviceId: id,
      });
    }
    const backup = device(spec.backupServer, 'server', rackUtr, 2, 20, 2, DEBIAN);
    rows.ipAddresses.push({
      customerId,
      address: `${v4(1, utrHost++)}/24`,
      dnsName: `${spec.backupServer}.${spec.domain}`,
      role: 'host',
      deviceId: backup,
    });
    // A server that was switched off and awaits removal.
    device(`${code}-old01`, 'server', rackUtr, 2, 12, 1, 'CentOS 7', { status: 'offline' });

    // VMs: an IPv4 address in their datacenter's server prefix, IPv6 for public-facing ones.
    let amsVm = 50;
    let utrVm = 50;
    for (const spec_ of spec.vms) {
      const id = next.vm++;
      const onVmware = spec_.on === 'v';
      rows.virtualMachines.push({
        id,
        customerId,
        name: spec_.name,
        status: spec_.status ?? 'active',
        clusterId: onVmware ? vmware : proxmox,
        siteId: onVmware ? 1 : 2,
        role: spec_.role,
        dnsName: `${spec_.name}.${spec.domain}`,
        platform: spec_.os,
        vcpus: spec_.cpu,
        memoryMb: spec_.mem,
        diskGb: spec_.disk,
      });
      const host = onVmware ? amsVm++ : utrVm++;
      rows.ipAddresses.push({
        customerId,
        address: `${v4(onVmware ? 0 : 1, host)}/24`,
        dnsName: `${spec_.name}.${spec.domain}`,
        status: spec_.status ?? 'active',
        role: 'primary',
        virtualMachineId: id,
      });
      if (spec_.v6) {
        rows.ipAddresses.push({
          customerId,
          address: `${v6(onVmware ? 100 : 110, host)}/64`,
          dnsName: `${spec_.name}.${spec.domain}`,
          role: 'primary',
          virtualMachineId: id,
        });
      }
    }

    for (const cluster of spec.kubernetes) {
      rows.kubernetesClusters.push({
        id: next.k8s++,
        customerId,
        name: cluster.name,
        status: cluster.status ?? 'active',
        siteId: cluster.site,
        locationId: cluster.site,
        version: cluster.version,
        nodeCount: cluster.nodes,
        apiEndpoint: `https://${cluster.name}.k8s.portaal-hosting.nl:6443`,
        caCertificate: demoClusterCas[cluster.name] ?? '',
      });
    }
  }
  return rows;
}

/** Loads the demo landscape once (seed name `demo-landscape`); answers whether it loaded anything. */
export async function seedDemoLandscape(db: Database): Promise<boolean> {
  const rows = buildDemoLandscape();
  return seedOnce(db, SEED_NAME, async (tx) => {
    await tx.insert(landscapeSites).values(demoSites).onConflictDoNothing();
    await tx.insert(landscapeLocations).values(demoLocations).onConflictDoNothing();
    await tx.insert(landscapeRacks).values(rows.racks);
    await tx.insert(landscapeClusters).values(rows.clusters);
    await tx.insert(landscapeDevices).values(rows.devices);
    await tx.insert(landscapeVirtualMachines).values(rows.virtualMachines);
    await tx.insert(landscapeVlans).values(rows.vlans);
    await tx.insert(landscapePrefixes).values(rows.prefixes);
    await tx.insert(landscapeIpAddresses).values(rows.ipAddresses);
    await tx.insert(landscapeKubernetesClusters).values(rows.kubernetesClusters);
  });
}
