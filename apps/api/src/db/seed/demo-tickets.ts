/**
 * Demo tickets: 47 tickets with threads in Dutch and English, internal notes, watchers and
 * attachments, all timestamps fixed between 19 October and 16 November 2026 (so none lie in the
 * future) and every database gets the same rows.
 * Ticket numbers follow the order of `demoTickets` (sorted by creation): 10001 … 10047 in a
 * database that had no tickets before the seed.
 *
 * Counts (the matrix test writes these as literals; keep them in step when editing threads):
 *
 *   customer  tickets  authors
 *   1001      26       owner 7, financial-moderator 4, financial-viewer 3, technical-viewer 5,
 *                      viewer 4, staff-moderator 3
 *   1002      10       multi 7, staff-moderator 3
 *   1003       6       multi 2, staff-moderator 4
 *   1004       5       staff-moderator 5 (no members)
 *   1005/1006  0
 *
 *   Watched (ticket_watchers rows, never the author's own ticket):
 *   owner 4 (1001), financial-moderator 2, financial-viewer 2, technical-viewer 3, viewer 1 (1001),
 *   multi 2 (one in 1002, one in 1003).
 *
 *   What a caller lists in 1001 (own or watched unless ticket-read-all):
 *   owner 26 (read-all), viewer 26 (read-all), financial-moderator 6 (4 own + 2 watched),
 *   financial-viewer 5 (3 + 2), technical-viewer 8 (5 + 3).
 *   multi lists 10 in 1002 (owner) and 6 in 1003 (viewer, read-all).
 *   Own or watched alone (for read-all holders): owner 11 (7 + 4), viewer 5 (4 + 1), multi 8 in 1002
 *   (7 + 1) and 3 in 1003 (2 + 1). Staff see every ticket of every customer: 26, 10, 6, 5.
 *
 *   Statuses: 1001 new 4, open 4, in_progress 4, awaiting_reply 5, closed 9;
 *   1002 new 1, open 2, in_progress 2, awaiting_reply 2, closed 3;
 *   1003 new 1, open 1, in_progress 1, awaiting_reply 1, closed 2;
 *   1004 one of each.
 *   Categories: technical 24, administrative 13, incident 10. Priorities: 1 High 8, 2 Normal 24, 3 Low 15.
 *   Messages 121 (of which 15 internal), attachments 8 (one on an internal note, on ticket gk-db01-schijf).
 *
 * `message_count` and `attachment_count` count what the customer sees, as the API keeps them: replies
 * with text that are not internal, and their files. `updated_at` is the time of the last message that
 * is not an internal note.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import {
  defaultResponseTargetMinutes,
  departmentForCategory,
  statusAfterCustomerReply,
  statusAfterStaffReply,
  type TicketCategory,
  type TicketDepartment,
  type TicketStatus,
} from '@portaal/contracts';
import type { Database } from '../client.ts';
import { seedState, ticketAttachments, ticketMessages, tickets, ticketWatchers } from '../schema.ts';
import { demoUsers } from './demo-data.ts';

const SEED_NAME = 'demo-tickets';

export type DemoUsername =
  | 'owner'
  | 'financial-moderator'
  | 'financial-viewer'
  | 'technical-viewer'
  | 'viewer'
  | 'multi'
  | 'staff-moderator';

// ——— Attachment files, generated so the seed carries no binary blobs ———

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A small valid RGB PNG: a browser error page in outline (grey bar, white page, red block). */
function screenshotPng(): Buffer {
  const width = 96;
  const height = 48;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const bar = y < 8;
      const block = y >= 18 && y < 30 && x >= 30 && x < 66;
      const [r, g, b] = bar ? [210, 212, 216] : block ? [196, 40, 40] : [255, 255, 255];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with Helvetica text; the xref offsets are computed, so readers open it cleanly. */
function textPdf(lines: readonly string[]): Buffer {
  const pdfString = (line: string) => line.replace(/[\\()]/g, (char) => `\\${char}`);
  const stream = `BT /F1 11 Tf 64 770 Td 15 TL ${lines.map((line) => `(${pdfString(line)}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const text = (lines: readonly string[]) => Buffer.from(`${lines.join('\n')}\n`, 'utf8');

const demoFiles = {
  'screenshot-502.png': screenshotPng,
  'storingsrapport-29-oktober.pdf': () =>
    textPdf([
      'Storingsrapport webshop www.goudenkorst.nl',
      'Datum: 29 oktober 2026, 07:28 - 08:03 (35 minuten)',
      '',
      'Oorzaak: een vastgelopen voorraadsynchronisatie hield alle PHP-FPM-processen bezet.',
      'Herstel: taak gestopt, PHP-FPM herstart, capaciteit verhoogd van 20 naar 40 processen.',
      'Maatregel: de synchronisatie heeft nu een tijdslimiet van 5 minuten.',
      '',
      'Portaal Hosting B.V. - Servicedesk',
    ]),
  'machtiging-incasso.pdf': () =>
    textPdf([
      'Machtiging doorlopende SEPA-incasso',
      '',
      'Incassant: Portaal Hosting B.V., Europalaan 40, 3526 KS Utrecht',
      'Naam: Bakkerij De Gouden Korst B.V.',
      'Rekeningnummer (IBAN): NL91 ABNA 0417 1643 00',
      'Kenmerk machtiging: GK-2027-001',
      '',
      'Plaats en datum: Amsterdam, 4 november 2026',
      'Handtekening: P. Jansen, financieel administrateur',
    ]),
  'usage-october-2026.csv': () =>
    text([
      'date,service,resource,unit,quantity',
      '2026-10-01,storage,nfs-recepturen,GB,1796',
      '2026-10-08,storage,nfs-recepturen,GB,1808',
      '2026-10-15,storage,nfs-recepturen,GB,1821',
      '2026-10-22,storage,nfs-recepturen,GB,1830',
      '2026-10-31,storage,nfs-recepturen,GB,1842',
      '2026-10-31,backup,managed-backup,GB,500',
      '2026-10-31,traffic,webshop,GB,312',
    ]),
  'db01-disk.log': () =>
    text([
      '2026-10-25T02:05:01Z db01 node_exporter[812]: filesystem /var/lib/postgresql size=100GiB avail=5.1GiB used=94.9%',
      '2026-10-25T02:10:01Z db01 alertmanager[655]: [FIRING:1] DiskSpaceLow instance=db01.goudenkorst.internal mountpoint=/var/lib/postgresql severity=critical',
      '2026-10-25T02:12:44Z db01 postgres[2291]: LOG:  archive command failed with exit code 1',
      '2026-10-25T02:12:44Z db01 postgres[2291]: DETAIL:  The failed archive command was: wal-g wal-push pg_wal/000000010000004A000000C7',
      '2026-10-25T02:13:44Z db01 postgres[2291]: WARNING:  archiving write-ahead log file "000000010000004A000000C7" failed too many times, will try again later',
      '2026-10-25T02:15:01Z db01 node_exporter[812]: filesystem /var/lib/postgresql size=100GiB avail=4.6GiB used=95.4%',
    ]),
  'du-var-lib-postgresql.txt': () =>
    text([
      '$ du -sh /var/lib/postgresql/16/main/* | sort -h | tail -4',
      '1.1G\t/var/lib/postgresql/16/main/pg_xact',
      '2.3G\t/var/lib/postgresql/16/main/pg_subtrans',
      '38G\t/var/lib/postgresql/16/main/pg_wal',
      '53G\t/var/lib/postgresql/16/main/base',
    ]),
  'kubectl-describe-node.txt': () =>
    text([
      'Name:               gk-prod-worker-2',
      'Roles:              worker',
      'Conditions:',
      '  Type             Status  Reason                       Message',
      '  ----             ------  ------                       -------',
      '  MemoryPressure   True    KubeletHasInsufficientMemory kubelet has insufficient memory available',
      '  DiskPressure     False   KubeletHasNoDiskPressure     kubelet has no disk pressure',
      '  Ready            True    KubeletReady                 kubelet is posting ready status',
      'Allocated resources:',
      '  Resource  Requests      Limits',
      '  memory    6144Mi (38%)  8192Mi (51%)',
      'Events:',
      '  Warning  EvictionThresholdMet  2m  kubelet  Attempting to reclaim memory',
      '  Normal   Evicted               1m  kubelet  Evicted pod webshop/image-resizer-7c9f8d-x2kq4',
    ]),
  'strongswan-leeds.log': () =>
    text([
      'Nov 12 01:59:58 vpn-gw01 charon: 12[IKE] <leeds|4> initiating IKE_SA rekeying',
      'Nov 12 02:00:03 vpn-gw01 charon: 12[IKE] <leeds|4> received NO_PROPOSAL_CHOSEN notify error',
      'Nov 12 02:00:03 vpn-gw01 charon: 12[IKE] <leeds|4> IKE_SA rekeying failed, lifetime mismatch (local 28800s, remote 86400s)',
      'Nov 12 02:00:33 vpn-gw01 charon: 07[IKE] <leeds|4> deleting IKE_SA leeds[4] between 198.51.100.10...203.0.113.77',
      'Nov 12 02:19:41 vpn-gw01 charon: 09[IKE] <leeds|5> IKE_SA leeds[5] established between 198.51.100.10...203.0.113.77',
    ]),
} as const satisfies Record<string, () => Buffer>;

type DemoFileName = keyof typeof demoFiles;

/** Stored content types follow from the extension, as they do for uploads. */
const contentTypes: Record<string, string> = {
  png: 'image/png',
  pdf: 'application/pdf',
  csv: 'text/csv',
  log: 'text/plain',
  txt: 'text/plain',
};

// ——— Ticket definitions ———

interface MessageDefinition {
  by: DemoUsername;
  /** Minutes after the previous message (the first message is the ticket's opening time). */
  after: number;
  body: string;
  internal?: true;
  /** An explicit status change; otherwise the status follows the reply rules of ticket-rules.ts. */
  status?: TicketStatus;
  files?: DemoFileName[];
}

interface TicketDefinition {
  key: string;
  customerId: number;
  subject: string;
  category: TicketCategory;
  priority: 1 | 2 | 3;
  author: DemoUsername;
  opened: string;
  watchers?: DemoUsername[];
  messages: MessageDefinition[];
}

const desk = 'Met vriendelijke groet,\nJoris Mulder\nServicedesk';
const deskEn = 'Kind regards,\nJoris Mulder\nService desk';

const definitions: TicketDefinition[] = [
  // ——— 1001 Bakkerij De Gouden Korst (Dutch; Emma Bakker writes in English) ———
  {
    key: 'gk-ssl-webshop',
    customerId: 1001,
    subject: 'SSL-certificaat webshop verloopt over 14 dagen',
    category: 'technical_request',
    priority: 2,
    author: 'owner',
    opened: '2026-10-20T08:12:00Z',
    messages: [
      {
        by: 'owner',
        after: 0,
        body: 'Goedemorgen,\n\nWe kregen vanochtend een melding dat het SSL-certificaat van www.goudenkorst.nl over 14 dagen verloopt. Kunnen jullie dit vernieuwen? Het certificaat is destijds via jullie aangevraagd.\n\nMet vriendelijke groet,\nSanne de Vries',
      },
      {
        by: 'staff-moderator',
        after: 95,
        status: 'closed',
        body: `Beste Sanne,\n\nDank voor uw melding. Het certificaat van www.goudenkorst.nl stond nog op handmatige verlenging. We hebben het vandaag vernieuwd en de automatische verlenging via Let's Encrypt ingeschakeld, zodat u hier geen omkijken meer naar hebt. Het nieuwe certificaat is geldig tot 18 januari 2027.\n\n${desk}`,
      },
    ],
  },
  {
    key: 'gk-vpn-filiaalmanager',
    customerId: 1001,
    subject: 'VPN-toegang voor nieuwe filiaalmanager Wormerveer',
    category: 'technical_request',
    priority: 2,
    author: 'owner',
    opened: '2026-11-06T13:05:00Z',
    watchers: ['technical-viewer'],
    messages: [
      {
        by: 'owner',
        after: 0,
        body: 'Hallo,\n\nPer 17 november begint Mark Hendriks als filiaalmanager in Wormerveer. Hij heeft VPN-toegang nodig tot het kantoornetwerk en de voorraadapplicatie. Zijn e-mailadres is mark.hendriks@goudenkorst.example. Daan Visser van technisch beheer leest mee.\n\nGroet,\nSanne',
      },
      {
        by: 'staff-moderator',
        after: 70,
        internal: true,
        body: 'WireGuard-profiel aangemaakt op de VPN-gateway (peer gk-mhendriks), nog niet geactiveerd: eerst de MFA-registratie afwachten.',
      },
      {
        by: 'staff-moderator',
        after: 10,
        status: 'in_progress',
        body: `Beste Sanne,\n\nWe hebben het VPN-account voor Mark Hendriks voorbereid. Hij ontvangt op zijn eerste werkdag een e-mail om tweestapsverificatie in te stellen; daarna activeren we de toegang. We houden dit ticket open tot dat gelukt is.\n\n${desk}`,
      },
    ],
  },
  {
    key: 'gk-verlenging-contract',
    customerId: 1001,
    subject: 'Vraag over verlenging beheercontract',
    category: 'administrative_request',
    priority: 3,
    author: 'owner',
    opened: '2026-11-03T09:30:00Z',
    watchers: ['financial-moderator'],
    messages: [
      {
        by: 'owner',
        after: 0,
        body: 'Beste servicedesk,\n\nOns beheercontract loopt op 31 maart 2027 af. We willen het graag verlengen, maar dan met ondersteuning buiten kantoortijden. Wat zijn de mogelijkheden en wat kost dat? Pieter Jansen van onze administratie leest mee.\n\nMet vriendelijke groet,\nSanne de Vries',
      },
      {
        by: 'staff-moderator',
        after: 180,
        status: 'awaiting_reply',
        body: `Beste Sanne,\n\nFijn dat u wilt verlengen. Voor een passende offerte hebben we nog twee dingen nodig: om welke omgevingen gaat het (alleen de webshop, of ook de voorraadapplicatie en de kantoorservers), en welke reactietijd buiten kantoortijden hebt u nodig (1 uur of 4 uur)?\n\n${desk}`,
      },
    ],
  },
  {
    key: 'gk-webshop-502',
    customerId: 1001,
    subject: 'Webshop onbereikbaar – 502 Bad Gateway',
    category: 'incident_request',
    priority: 1,
    author: 'owner',
    opened: '2026-10-29T06:41:00Z',
    messages: [
      {
        by: 'owner',
        after: 0,
        files: ['screenshot-502.png'],
        body: 'Onze webshop geeft sinds ongeveer half acht een 502 Bad Gateway. Winkels kunnen hun bestellingen voor vandaag niet plaatsen. Zie de schermafdruk. Graag met spoed!\n\nSanne de Vries',
      },
      {
        by: 'staff-moderator',
        after: 6,
        status: 'in_progress',
        body: 'Beste Sanne,\n\nWe hebben uw melding ontvangen en kijken er direct naar. De applicatieserver reageert niet meer op de loadbalancer; we werken aan herstel.\n\nJoris Mulder\nServicedesk',
      },
      {
        by: 'staff-moderator',
        after: 12,
        internal: true,
        body: 'Oorzaak: PHP-FPM-pool vol (max_children 20 bereikt) door een vastgelopen cronjob voor de voorraadsynchronisatie. Cronjob gestopt, FPM herstart, max_children tijdelijk naar 40.',
      },
      {
        by: 'staff-moderator',
        after: 4,
        status: 'awaiting_reply',
        body: 'De webshop is sinds 08:03 weer bereikbaar. Een vastgelopen synchronisatietaak hield alle verwerkingsprocessen bezet; we hebben de taak gestopt en de capaciteit verhoogd. Kunt u bevestigen dat bestellen weer werkt?',
      },
      {
        by: 'owner',
        after: 15,
        body: 'Ja, de bestellingen komen weer binnen. Dank voor de snelle actie!',
      },
      {
        by: 'staff-moderator',
        after: 1440,
        status: 'closed',
        files: ['storingsrapport-29-oktober.pdf'],
        body: `Beste Sanne,\n\nIn de bijlage vindt u het storingsrapport met de oorzaak en de maatregelen. De synchronisatietaak heeft nu een tijdslimiet, zodat dit niet opnieuw kan gebeuren. We sluiten dit ticket.\n\n${desk}`,
      },
    ],
  },
  {
    key: 'gk-dubbele-factuurregel',
    customerId: 1001,
    subject: 'Dubbele regel op factuur oktober',
    category: 'administrative_request',
    priority: 2,
    author: 'owner',
    opened: '2026-11-10T10:15:00Z',
    watchers: ['financial-viewer'],
    messages: [
      {
        by: 'owner',
        after: 0,
        body: "Op factuur 2026-10-0187 staat de regel 'Managed backup 500 GB' twee keer. Volgens mij hebben we maar één back-upbundel. Emma Bakker van de administratie leest mee.\n\nSanne de Vries",
      },
      {
        by: 'staff-moderator',
        after: 240,
        body: `Beste Sanne,\n\nDank voor het doorgeven. We leggen de factuur naast het contract en laten u uiterlijk vrijdag weten of er een creditnota volgt.\n\n${desk}`,
      },
    ],
  },
  {
    key: 'gk-account-recepturen',
    customerId: 1001,
    subject: 'Nieuw gebruikersaccount voor medewerker productie',
    category: 'technical_request',
    priority: 3,
    author: 'owner',
    opened: '2026-11-13T15:20:00Z',
    messages: [
      {
        by: 'owner',
        after: 0,
        body: "Hallo,\n\nKunnen jullie een account aanmaken voor onze nieuwe medewerker Ayoub Amrani (ayoub.amrani@goudenkorst.example)? Hij heeft alleen toegang nodig tot de gedeelde map 'Recepturen' op de bestandsserver.\n\nBedankt,\nSanne",
      },
    ],
  },
  {
    key: 'gk-mail-spam',
    customerId: 1001,
    subject: 'Orderbevestigingen komen in de spammap terecht',
    category: 'technical_request',
    priority: 2,
    author: 'owner',
    opened: '2026-11-05T11:02:00Z',
    messages: [
      {
        by: 'owner',
        after: 0,
        body: 'Sinds een paar dagen krijgen klanten onze orderbevestigingen in hun spammap, vooral bij Gmail. Is er iets veranderd aan de mailserver?\n\nSanne de Vries',
      },
      {
        by: 'staff-moderator',
        after: 130,
        status: 'awaiting_reply',
        body: `Beste Sanne,\n\nHet SPF-record van goudenkorst.nl bevat de nieuwe nieuwsbriefdienst nog niet, en daar is Gmail streng in. Kunt u ons de volledige headers sturen van een orderbevestiging die in de spam terechtkwam? Dan controleren we ook de DKIM-handtekening.\n\n${desk}`,
      },
    ],
  },
  {
    key: 'gk-po-nummer',
    customerId: 1001,
    subject: 'Inkoopordernummer op facturen vermelden',
    category: 'administrative_request',
    priority: 3,
    author: 'financial-moderator',
    opened: '2026-10-21T09:00:00Z',
    messages: [
      {
        by: 'financial-moderator',
        after: 0,
        body: 'Goedemorgen,\n\nVanaf de volgende factuur willen we graag ons inkoopordernummer PO-2026-0187 op de factuur zien. Onze crediteurenadministratie keurt facturen zonder PO-nummer niet meer goed.\n\nMet vriendelijke groet,\nPieter Jansen',
      },
      {
        by: 'staff-moderator',
        after: 300,
        status: 'closed',
        body: `Beste Pieter,\n\nWe hebben het inkoopordernummer vastgelegd bij uw klantgegevens. Het staat vanaf de factuur van november op elke factuur.\n\n${desk}`,
      },
    ],
  },
  {
    key: 'gk-incassorekening',
    customerId: 1001,
    subject: 'Wijziging rekeningnummer voor automatische incasso',
    category: 'administrative_request',
    priority: 2,
    author: 'financial-moderator',
    opened: '2026-11-04T14:40:00Z',
    watchers: ['financial-viewer'],
    messages: [
      {
        by: 'financial-moderator',
        after: 0,
        files: ['machtiging-incasso.pdf'],
        body: 'Wij stappen per 1 januari over naar een nieuwe bankrekening. In de bijlage vindt u de getekende machtiging voor de doorlopende SEPA-incasso op het nieuwe rekeningnummer.\n\nMet vriendelijke groet,\nPieter Jansen',
      },
      {
        by: 'staff-moderator',
        after: 90,
        status: 'in_progress',
        body: `Beste Pieter,\n\nDank u wel, de machtiging is in goede orde ontvangen. Onze administratie verwerkt de wijziging; de incasso van januari gaat al van de nieuwe rekening. U krijgt een bevestiging zodra het is verwerkt.\n\n${desk}`,
      },
      {
        by: 'staff-moderator',
        after: 30,
        internal: true,
        body: 'Machtiging gecontroleerd: handtekening en IBAN kloppen. Doorgezet naar debiteurenbeheer.',
      },
    ],
  },
  {
    key: 'gk-creditering-storing',
    customerId: 1001,
    subject: 'Creditering voor storing van 29 oktober',
    category: 'administrative_request',
    priority: 2,
    author: 'financial-moderator',
    opened: '2026-10-30T08:25:00Z',
    messages: [
      {
        by: 'financial-moderator',
        after: 0,
        body: 'Naar aanleiding van de storing van 29 oktober (webshop ruim een half uur onbereikbaar) willen we graag weten of we in aanmerking komen voor een creditering volgens de SLA.\n\nPieter Jansen',
      },
      {
        by: 'staff-moderator',
        after: 360,
        body: `Beste Pieter,\n\nWe hebben uw verzoek doorgezet naar accountmanagement. Zij toetsen de storing aan de beschikbaarheidsafspraken in uw contract en komen binnen vijf werkdagen bij u terug.\n\n${desk}`,
      },
      {
        by: 'financial-moderator',
        after: 2880,
        body: 'Is er al meer bekend? Ik wil het graag meenemen in de maandafsluiting.',
      },
    ],
  },
  {
    key: 'gk-factuuradres',
    customerId: 1001,
    subject: 'Nieuw factuuradres per 1 januari',
    category: 'administrative_request',
    priority: 3,
    author: 'financial-moderator',
    opened: '2026-11-12T16:45:00Z',
    messages: [
      {
        by: 'financial-moderator',
        after: 0,
        body: 'Per 1 januari verhuist onze administratie. Wilt u het factuuradres wijzigen in:\n\nBakkerij De Gouden Korst B.V.\nt.a.v. crediteurenadministratie\nIndustrieweg 12\n1521 ND Wormerveer\n\nHet postbusnummer vervalt dan.\n\nPieter Jansen',
      },
    ],
  },
  {
    key: 'gk-invoice-copy',
    customerId: 1001,
    subject: 'Copy of invoice 2026-09-0143 for the auditor',
    category: 'administrative_request',
    priority: 3,
    author: 'financial-viewer',
    opened: '2026-10-22T10:10:00Z',
    messages: [
      {
        by: 'financial-viewer',
        after: 0,
        body: 'Hello,\n\nOur auditor asks for a copy of invoice 2026-09-0143 including the specification of the usage charges. Could you send it to me?\n\nKind regards,\nEmma Bakker',
      },
      {
        by: 'staff-moderator',
        after: 75,
        status: 'closed',
        body: `Dear Emma,\n\nYou can download the invoice and its specification under Invoices in the portal. I have also e-mailed a copy to emma.bakker@goudenkorst.example. I'll close this ticket; just reply if you need anything else.\n\n${deskEn}`,
      },
    ],
  },
  {
    key: 'gk-vat-number',
    customerId: 1001,
    subject: 'VAT number missing on invoice',
    category: 'administrative_request',
    priority: 2,
    author: 'financial-viewer',
    opened: '2026-11-07T09:45:00Z',
    watchers: ['financial-moderator'],
    messages: [
      {
        by: 'financial-viewer',
        after: 0,
        body: 'Our VAT number is missing on invoice 2026-11-0009, so we cannot reclaim the VAT. Could you issue a corrected invoice? Pieter Jansen is following this ticket.\n\nEmma Bakker',
      },
      {
        by: 'staff-moderator',
        after: 200,
        status: 'awaiting_reply',
        body: `Dear Emma,\n\nThanks for spotting this. Our records show VAT number NL859123456B01. Can you confirm that this is the right number? We will then send a corrected invoice.\n\n${deskEn}`,
      },
    ],
  },
  {
    key: 'gk-usage-vs-invoice',
    customerId: 1001,
    subject: 'Usage export does not match the invoice',
    category: 'administrative_request',
    priority: 2,
    author: 'financial-viewer',
    opened: '2026-11-11T13:30:00Z',
    messages: [
      {
        by: 'financial-viewer',
        after: 0,
        files: ['usage-october-2026.csv'],
        body: 'The usage export for October (attached) ends at 1,842 GB of storage, but the invoice charges 2,048 GB. Could you explain the difference?\n\nEmma Bakker',
      },
      {
        by: 'staff-moderator',
        after: 45,
        status: 'in_progress',
        body: `Dear Emma,\n\nThank you for the export. We are comparing it with our billing records and will get back to you shortly.\n\n${deskEn}`,
      },
      {
        by: 'staff-moderator',
        after: 20,
        internal: true,
        body: 'Opslag wordt per blok van 256 GB gefactureerd (contract art. 4.2): 1.842 GB = 8 blokken = 2.048 GB. Factuur klopt, uitleg naar de klant sturen.',
      },
    ],
  },
  {
    key: 'gk-db01-schijf',
    customerId: 1001,
    subject: 'Schijfruimte-alert op db01.goudenkorst.internal',
    category: 'incident_request',
    priority: 1,
    author: 'technical-viewer',
    opened: '2026-10-25T02:17:00Z',
    watchers: ['owner'],
    messages: [
      {
        by: 'technical-viewer',
        after: 0,
        files: ['db01-disk.log'],
        body: 'We krijgen een monitoringmelding dat /var/lib/postgresql op db01.goudenkorst.internal voor 95% vol zit. Logfragment bijgevoegd. Kunnen jullie kijken voordat de database vastloopt?\n\nDaan Visser',
      },
      {
        by: 'staff-moderator',
        after: 14,
        status: 'in_progress',
        body: 'Beste Daan,\n\nWe kijken er direct naar.\n\nJoris Mulder\nServicedesk',
      },
      {
        by: 'staff-moderator',
        after: 25,
        internal: true,
        files: ['du-var-lib-postgresql.txt'],
        body: 'WAL-archivering stond stil door verlopen credentials voor de objectopslag: 38 GB aan WAL-bestanden. Credentials vernieuwd, archivering loopt weer. Uitvoer van du bijgevoegd.',
      },
      {
        by: 'staff-moderator',
        after: 10,
        status: 'closed',
        body: `Beste Daan,\n\nDe schijf liep vol doordat de archivering van de transactielogboeken was gestopt. Dat hebben we hersteld; de bezetting is terug naar 61%. We hebben ook een waarschuwing op 80% ingesteld, zodat we dit voortaan eerder zien.\n\n${desk}`,
      },
    ],
  },
  {
    key: 'gk-restore-recepturen',
    customerId: 1001,
    subject: 'Restore van map uit back-up van 6 november',
    category: 'technical_request',
    priority: 2,
    author: 'technical-viewer',
    opened: '2026-11-08T10:05:00Z',
    watchers: ['owner'],
    messages: [
      {
        by: 'technical-viewer',
        after: 0,
        body: "Een collega heeft per ongeluk de map 'Recepturen/2026' op de bestandsserver verwijderd. Kunnen jullie die terugzetten uit de back-up van vrijdag 6 november?\n\nDaan Visser",
      },
      {
        by: 'staff-moderator',
        after: 60,
        body: 'Beste Daan,\n\nWe zetten de map terug op de oorspronkelijke plek uit de back-up van 6 november 23:00. Bestanden die daarna zijn aangemaakt blijven staan.\n\nJoris Mulder\nServicedesk',
      },
      {
        by: 'staff-moderator',
        after: 50,
        status: 'awaiting_reply',
        body: 'De map is teruggezet (1.214 bestanden, 3,2 GB). Wilt u controleren of alles er weer staat?',
      },
      { by: 'technical-viewer', after: 30, body: 'Alles staat er weer, dank jullie wel!' },
      {
        by: 'staff-moderator',
        after: 15,
        status: 'closed',
        body: 'Fijn om te horen. We sluiten het ticket.',
      },
    ],
  },
  {
    key: 'gk-dns-bestellen',
    customerId: 1001,
    subject: 'DNS-wijziging: nieuw A-record voor bestellen.goudenkorst.nl',
    category: 'technical_request',
    priority: 3,
    author: 'technical-viewer',
    opened: '2026-11-12T08:50:00Z',
    messages: [
      {
        by: 'technical-viewer',
        after: 0,
        body: 'Graag een nieuw A-record aanmaken: bestellen.goudenkorst.nl → 185.107.56.20 (TTL 300). Dit is voor de nieuwe bestelmodule van onze leverancier, die op 17 november live gaat.\n\nDaan Visser',
      },
      {
        by: 'staff-moderator',
        after: 120,
        body: `Beste Daan,\n\nWe plannen de wijziging in voor maandag 16 november om 09:00, zodat de leverancier een dag heeft om te testen. Laat het weten als het eerder moet.\n\n${desk}`,
      },
    ],
  },
  {
    key: 'gk-k8s-memory-pressure',
    customerId: 1001,
    subject: 'Kubernetes-node gk-prod-worker-2 onder geheugendruk',
    category: 'incident_request',
    priority: 1,
    author: 'technical-viewer',
    opened: '2026-11-14T19:40:00Z',
    watchers: ['owner', 'viewer'],
    messages: [
      {
        by: 'technical-viewer',
        after: 0,
        files: ['kubectl-describe-node.txt'],
        body: 'In het Kubernetes-cluster staat node gk-prod-worker-2 op MemoryPressure en worden pods uitgezet. De uitvoer van kubectl describe node zit in de bijlage.\n\nDaan Visser',
      },
      {
        by: 'staff-moderator',
        after: 11,
        status: 'in_progress',
        body: 'Beste Daan,\n\nWe zien het ook. De node staat op cordon, zodat er geen nieuwe pods op landen, en we zoeken uit welke workload het geheugen opgebruikt.\n\nJoris Mulder\nServicedesk',
      },
      {
        by: 'staff-moderator',
        after: 35,
        internal: true,
        body: 'De image-resizer heeft geen memory limit en lekt onder load (RSS 9,6 GiB). Tijdelijk limit van 2Gi gezet; klant moet requests/limits in de Helm-chart opnemen.',
      },
      {
        by: 'staff-moderator',
        after: 5,
        body: `De oorzaak is de image-resizer, die zonder geheugenlimiet draait en steeds meer geheugen gebruikt. We hebben een tijdelijke limiet van 2 GiB ingesteld en de node is weer gezond. Kunt u in uw Helm-chart vaste requests en limits opnemen? Daarna sluiten we het ticket.\n\n${desk}`,
      },
    ],
  },
  {
    key: 'gk-firewall-leverancier',
    customerId: 1001,
    subject: 'Firewallregel voor API-toegang bezorgpartner',
    category: 'technical_request',
    priority: 2,
    author: 'technical-viewer',
    opened: '2026-11-15T09:12:00Z',
    messages: [
      {
        by: 'technical-viewer',
        after: 0,
        body: 'Onze nieuwe partner voor de bezorgplanning moet onze API kunnen bereiken. Kunnen jullie verkeer vanaf 91.198.174.0/24 toestaan op poort 443 van api.goudenkorst.nl?\n\nDaan Visser',
      },
    ],
  },
  {
    key: 'gk-toegang-beschikbaarheid',
    customerId: 1001,
    subject: 'Toegang tot beschikbaarheidsoverzicht webshop',
    category: 'technical_request',
    priority: 3,
    author: 'viewer',
    opened: '2026-10-23T12:00:00Z',
    messages: [
      {
        by: 'viewer',
        after: 0,
        body: 'Ik wil graag de beschikbaarheid van onze webshop kunnen volgen. Kan ik daar toegang toe krijgen in het portaal?\n\nLotte Smit',
      },
      {
        by: 'staff-moderator',
        after: 100,
        status: 'closed',
        body: `Beste Lotte,\n\nHet beschikbaarheidsoverzicht staat in het portaal onder Beschikbaarheid, maar uw huidige rol geeft daar geen toegang toe. Sanne de Vries kan als beheerder uw rol aanpassen onder Gebruikers. We sluiten dit ticket; u kunt het altijd heropenen.\n\n${desk}`,
      },
    ],
  },
  {
    key: 'gk-webshop-traag',
    customerId: 1001,
    subject: 'Webshop traag tijdens de ochtendspits',
    category: 'technical_request',
    priority: 2,
    author: 'viewer',
    opened: '2026-11-09T07:55:00Z',
    watchers: ['technical-viewer'],
    messages: [
      {
        by: 'viewer',
        after: 0,
        body: "De webshop is 's ochtends tussen 7 en 9 uur erg traag; pagina's laden soms pas na tien seconden. Juist dan bestellen de meeste winkels.\n\nLotte Smit",
      },
      {
        by: 'staff-moderator',
        after: 150,
        body: 'Beste Lotte,\n\nWe zien in die periode een piek in databasequery’s van de zoekfunctie. We zoeken samen met Daan Visser naar een oplossing.\n\nJoris Mulder\nServicedesk',
      },
      {
        by: 'staff-moderator',
        after: 1500,
        status: 'awaiting_reply',
        body: 'We hebben een index toegevoegd aan de producttabel. Kunt u morgenochtend laten weten of de webshop sneller is?',
      },
    ],
  },
  {
    key: 'gk-mailbox-vol',
    customerId: 1001,
    subject: 'Gedeelde mailbox bestellingen@ is vol',
    category: 'technical_request',
    priority: 2,
    author: 'viewer',
    opened: '2026-11-13T08:30:00Z',
    messages: [
      {
        by: 'viewer',
        after: 0,
        body: 'De gedeelde mailbox bestellingen@goudenkorst.nl is vol, er komen geen bestellingen per mail meer binnen. Kan de mailbox groter worden?\n\nLotte Smit',
      },
      {
        by: 'staff-moderator',
        after: 25,
        body: `Beste Lotte,\n\nWe hebben de mailbox tijdelijk vergroot van 50 naar 60 GB, zodat de mail weer binnenkomt. Voor een blijvende uitbreiding hebben we akkoord van Sanne de Vries nodig, omdat daar kosten aan verbonden zijn.\n\n${desk}`,
      },
      {
        by: 'staff-moderator',
        after: 5,
        internal: true,
        body: 'Tijdelijke uitbreiding loopt tot 27 november; zonder akkoord daarna terugzetten.',
      },
    ],
  },
  {
    key: 'gk-export-kassa',
    customerId: 1001,
    subject: 'Nachtelijke export naar kassasysteem niet gedraaid',
    category: 'technical_request',
    priority: 2,
    author: 'viewer',
    opened: '2026-11-16T06:20:00Z',
    messages: [
      {
        by: 'viewer',
        after: 0,
        body: 'De export van de bestellingen naar het kassasysteem is vannacht niet gedraaid; de winkels zien de bestellingen van vandaag niet. Kunnen jullie kijken?\n\nLotte Smit',
      },
    ],
  },
  {
    key: 'gk-onderhoud-postgresql',
    customerId: 1001,
    subject: 'Gepland onderhoud: upgrade PostgreSQL op db01',
    category: 'technical_request',
    priority: 3,
    author: 'staff-moderator',
    opened: '2026-11-02T10:00:00Z',
    watchers: ['technical-viewer'],
    messages: [
      {
        by: 'staff-moderator',
        after: 0,
        body: `Beste klant,\n\nOp zaterdag 21 november tussen 22:00 en 23:00 voeren we een upgrade uit van PostgreSQL 16 naar 17 op db01.goudenkorst.internal. De webshop is daarbij ongeveer 15 minuten niet beschikbaar.\n\n${desk}`,
      },
      {
        by: 'technical-viewer',
        after: 240,
        body: 'Kan het een uur later? Tot 22:30 lopen nog de exports naar de winkels.\n\nDaan Visser',
      },
      {
        by: 'staff-moderator',
        after: 65,
        status: 'awaiting_reply',
        body: 'Dat kan: we verplaatsen het onderhoud naar 23:00–24:00. Wilt u bevestigen dat dit akkoord is?',
      },
    ],
  },
  {
    key: 'gk-certificaat-mail',
    customerId: 1001,
    subject: 'Certificaat mail.goudenkorst.nl verloopt binnenkort',
    category: 'technical_request',
    priority: 2,
    author: 'staff-moderator',
    opened: '2026-10-26T07:30:00Z',
    watchers: ['owner'],
    messages: [
      {
        by: 'staff-moderator',
        after: 0,
        body: `Beste klant,\n\nOnze monitoring meldt dat het certificaat van mail.goudenkorst.nl over 10 dagen verloopt. Dit certificaat beheert u zelf. Zullen wij het voor u vernieuwen?\n\n${desk}`,
      },
      {
        by: 'owner',
        after: 200,
        body: 'Ja graag, en neem het ook op in de automatische verlenging.\n\nSanne',
      },
      {
        by: 'staff-moderator',
        after: 60,
        status: 'closed',
        body: 'Het certificaat is vernieuwd en valt nu onder de automatische verlenging. We sluiten het ticket.',
      },
    ],
  },
  {
    key: 'gk-verkeerspiek',
    customerId: 1001,
    subject: 'Sterk verhoogd verkeer op de webshop (mogelijke DDoS)',
    category: 'incident_request',
    priority: 1,
    author: 'staff-moderator',
    opened: '2026-10-31T18:22:00Z',
    messages: [
      {
        by: 'staff-moderator',
        after: 0,
        body: `Beste klant,\n\nSinds 19:10 zien we sterk verhoogd verkeer op uw webshop vanaf enkele duizenden IP-adressen, vooral op /zoeken. We hebben rate limiting op de loadbalancer aangezet. De webshop blijft bereikbaar, maar kan trager zijn.\n\n${desk}`,
      },
      {
        by: 'staff-moderator',
        after: 20,
        internal: true,
        body: 'Botnet van ongeveer 3.800 IP-adressen, vooral uit netwerken van hostingproviders. Rate limit 20 req/s per IP op /zoeken; een challengepagina is niet nodig.',
      },
      {
        by: 'staff-moderator',
        after: 90,
        status: 'closed',
        body: 'Het verkeer is sinds 20:30 weer normaal. De rate limiting laten we staan; gewone bezoekers merken daar niets van. We sluiten deze melding.',
      },
    ],
  },

  // ——— 1002 Northwind Logistics (English) ———
  {
    key: 'nw-k8s-upgrade',
    customerId: 1002,
    subject: 'Kubernetes cluster upgrade to 1.34',
    category: 'technical_request',
    priority: 2,
    author: 'multi',
    opened: '2026-10-27T09:20:00Z',
    messages: [
      {
        by: 'multi',
        after: 0,
        body: "Hi,\n\nOur cluster nw-prod still runs Kubernetes 1.32, which goes out of support soon. Can you plan an upgrade to 1.34? We'd prefer a weekday evening.\n\nThanks,\nOliver",
      },
      {
        by: 'staff-moderator',
        after: 180,
        status: 'in_progress',
        body: `Hi Oliver,\n\nWe'll upgrade in two steps (1.33, then 1.34), one week apart, each on a Tuesday from 20:00 to 22:00 UK time. Nodes are replaced one at a time, so workloads with more than one replica keep running. The first step is on 17 November.\n\n${deskEn}`,
      },
      {
        by: 'staff-moderator',
        after: 30,
        internal: true,
        body: 'Deprecated API-check gedaan: hun ingress-chart gebruikt nog policy/v1beta1 PodDisruptionBudget. Klant waarschuwen vóór stap 2.',
      },
      {
        by: 'multi',
        after: 600,
        body: 'Sounds good. Our deploy freeze starts on 1 December, so please finish before then.',
      },
    ],
  },
  {
    key: 'nw-vpn-leeds',
    customerId: 1002,
    subject: 'Site-to-site VPN to Leeds warehouse drops every night',
    category: 'incident_request',
    priority: 1,
    author: 'multi',
    opened: '2026-11-12T07:10:00Z',
    messages: [
      {
        by: 'multi',
        after: 0,
        files: ['strongswan-leeds.log'],
        body: "The site-to-site VPN to our Leeds warehouse drops every night around 02:00 and only comes back after about 20 minutes. The scanners can't sync during the night shift. Log attached.\n\nOliver Hughes",
      },
      {
        by: 'staff-moderator',
        after: 40,
        body: `Hi Oliver,\n\nThe log shows the tunnel failing to renew its keys at 02:00 because the key lifetime on the Leeds side differs from ours. We'll send matching settings to your network supplier today.\n\n${deskEn}`,
      },
    ],
  },
  {
    key: 'nw-storage-charge',
    customerId: 1002,
    subject: 'Invoice question: extra block storage charge',
    category: 'administrative_request',
    priority: 3,
    author: 'multi',
    opened: '2026-10-19T11:45:00Z',
    messages: [
      {
        by: 'multi',
        after: 0,
        body: "Our October invoice has an extra charge for 'Additional block storage 250 GB'. We didn't order this. Can you check?\n\nOliver",
      },
      {
        by: 'staff-moderator',
        after: 240,
        status: 'awaiting_reply',
        body: `Hi Oliver,\n\nThe extra volume was added on 30 September for the database migration your team asked for. It is still attached to nw-db-02. Shall we remove it?\n\n${deskEn}`,
      },
      {
        by: 'multi',
        after: 120,
        body: "Ah, that's right. Please remove it, the migration is finished.",
      },
      {
        by: 'staff-moderator',
        after: 90,
        status: 'closed',
        body: 'Done: the volume has been removed and will not be charged from November onwards.',
      },
    ],
  },
  {
    key: 'nw-dns-tracking',
    customerId: 1002,
    subject: 'DNS change: point tracking.northwind.example to the new load balancer',
    category: 'technical_request',
    priority: 2,
    author: 'multi',
    opened: '2026-10-28T14:00:00Z',
    messages: [
      {
        by: 'multi',
        after: 0,
        body: 'Please point tracking.northwind.example to the new load balancer at 203.0.113.40. The current TTL is 3600; please lower it first so we can switch back quickly if needed.',
      },
      {
        by: 'staff-moderator',
        after: 30,
        body: `Hi Oliver,\n\nWe've lowered the TTL to 300 and will switch the record tomorrow at 10:00.\n\n${deskEn}`,
      },
      {
        by: 'staff-moderator',
        after: 1230,
        status: 'closed',
        body: 'The record now points to 203.0.113.40 and the new load balancer answers correctly. Closing this ticket.',
      },
    ],
  },
  {
    key: 'nw-sftp-account',
    customerId: 1002,
    subject: 'New SFTP account for carrier partner',
    category: 'technical_request',
    priority: 3,
    author: 'multi',
    opened: '2026-11-10T15:30:00Z',
    messages: [
      {
        by: 'multi',
        after: 0,
        body: 'We need an SFTP account for our new carrier partner, Pennine Freight, to drop delivery manifests. Read and write access to /incoming/pennine only, please.',
      },
      {
        by: 'staff-moderator',
        after: 100,
        status: 'awaiting_reply',
        body: `Hi Oliver,\n\nWe'll set this up with key-based login only. Could you send us Pennine Freight's public SSH key and the IP addresses they will connect from?\n\n${deskEn}`,
      },
    ],
  },
  {
    key: 'nw-restore-staging',
    customerId: 1002,
    subject: 'Restore shipments database to staging',
    category: 'technical_request',
    priority: 2,
    author: 'multi',
    opened: '2026-11-15T16:05:00Z',
    messages: [
      {
        by: 'multi',
        after: 0,
        body: "Could you restore last Friday's backup of the shipments database to the staging environment? We want to reproduce a reporting bug with real data.\n\nOliver",
      },
    ],
  },
  {
    key: 'nw-outlook-bounces',
    customerId: 1002,
    subject: 'Delivery notifications bounce at Outlook.com',
    category: 'incident_request',
    priority: 2,
    author: 'multi',
    opened: '2026-11-13T10:40:00Z',
    messages: [
      {
        by: 'multi',
        after: 0,
        body: "Our delivery notification e-mails bounce at Outlook.com addresses with '550 5.7.1 Unfortunately, messages from [198.51.100.25] weren't sent'. Customers are calling us about missing notifications.",
      },
      {
        by: 'staff-moderator',
        after: 55,
        body: `Hi Oliver,\n\nThe address of the outgoing mail relay is on Microsoft's block list after a spike in bounces last week. We've requested delisting and route your mail through our second relay in the meantime.\n\n${deskEn}`,
      },
      {
        by: 'staff-moderator',
        after: 10,
        internal: true,
        body: 'Delisting aangevraagd via sender.office.com, referentie SRX-44817.',
      },
    ],
  },
  {
    key: 'nw-app02-disk',
    customerId: 1002,
    subject: 'Disk space warning on app02',
    category: 'incident_request',
    priority: 2,
    author: 'staff-moderator',
    opened: '2026-10-24T04:50:00Z',
    messages: [
      {
        by: 'staff-moderator',
        after: 0,
        body: `Hello,\n\nOur monitoring reports that the root file system of app02.northwind.internal is 90% full, mostly application logs in /var/log/northwind. We will rotate and compress them unless you object within the hour.\n\n${deskEn}`,
      },
      {
        by: 'staff-moderator',
        after: 75,
        status: 'closed',
        body: "We've rotated and compressed the logs; usage is back to 42%. We have also enabled daily rotation with 14 days of retention.",
      },
    ],
  },
  {
    key: 'nw-storage-firmware',
    customerId: 1002,
    subject: 'Planned maintenance: storage firmware update',
    category: 'technical_request',
    priority: 3,
    author: 'staff-moderator',
    opened: '2026-11-09T12:00:00Z',
    watchers: ['multi'],
    messages: [
      {
        by: 'staff-moderator',
        after: 0,
        body: `Hello,\n\nOn Thursday 26 November between 21:00 and 23:00 UK time we will update the firmware of the storage cluster that hosts your virtual machines. We expect no downtime, but volumes may be slower for a few minutes.\n\n${deskEn}`,
      },
      {
        by: 'multi',
        after: 180,
        body: 'Could you move it to Wednesday? Thursday night is our peak for outbound shipments.',
      },
      {
        by: 'staff-moderator',
        after: 45,
        status: 'awaiting_reply',
        body: 'We can do Wednesday 25 November at the same time. Does that work for you?',
      },
    ],
  },
  {
    key: 'nw-abuse-spam',
    customerId: 1002,
    subject: 'Abuse report: outgoing spam from web01',
    category: 'incident_request',
    priority: 1,
    author: 'staff-moderator',
    opened: '2026-11-15T21:15:00Z',
    messages: [
      {
        by: 'staff-moderator',
        after: 0,
        body: `Hello,\n\nWe received an abuse report: web01.northwind.example sent about 12,000 spam messages in the past hour. We have blocked outgoing port 25 for this server to protect the shared mail reputation.\n\n${deskEn}`,
      },
      {
        by: 'staff-moderator',
        after: 20,
        status: 'in_progress',
        body: "We found a compromised contact form plugin that was used to send the mail. Please update it or disable the form; we'll lift the block once that's done.",
      },
      {
        by: 'staff-moderator',
        after: 5,
        internal: true,
        body: 'Plugin wp-contact-pro 3.1.2 (bekende kwetsbaarheid). De blokkade staat in de firewall van de hypervisor, niet in de VM.',
      },
    ],
  },

  // ——— 1003 Van Dijk & Partners Advocaten (Dutch; Oliver Hughes writes in English) ———
  {
    key: 'vdp-dms-thuis',
    customerId: 1003,
    subject: 'Document management system unreachable from home',
    category: 'technical_request',
    priority: 2,
    author: 'multi',
    opened: '2026-10-22T13:00:00Z',
    messages: [
      {
        by: 'multi',
        after: 0,
        body: "Hello,\n\nI support Van Dijk & Partners with their IT two days a week. Since Monday two lawyers can't reach the document management system from home; from the office it works fine. Could you take a look?\n\nOliver Hughes",
      },
      {
        by: 'staff-moderator',
        after: 80,
        body: `Hi Oliver,\n\nThe remote gateway's certificate was renewed on Monday and some laptops still cache the old intermediate certificate. Reinstalling the client fixes it; we have sent instructions to both users.\n\n${deskEn}`,
      },
      {
        by: 'staff-moderator',
        after: 1440,
        status: 'closed',
        body: 'Both users confirmed that they can connect again. Closing this ticket.',
      },
    ],
  },
  {
    key: 'vdp-portal-certificate',
    customerId: 1003,
    subject: 'Certificate warning on the client portal in Firefox',
    category: 'technical_request',
    priority: 2,
    author: 'multi',
    opened: '2026-11-11T09:35:00Z',
    messages: [
      {
        by: 'multi',
        after: 0,
        body: "The client portal at portaal.vandijkadvocaten.nl shows a certificate warning in Firefox; Chrome doesn't complain. Is the certificate chain complete?",
      },
      {
        by: 'staff-moderator',
        after: 65,
        body: `Hi Oliver,\n\nYou're right: the server doesn't send the intermediate certificate. Chrome fetches it by itself, Firefox doesn't. We'll correct the configuration tonight after office hours.\n\n${deskEn}`,
      },
    ],
  },
  {
    key: 'vdp-backup-dms',
    customerId: 1003,
    subject: 'Back-up van de dossierserver mislukt',
    category: 'incident_request',
    priority: 1,
    author: 'staff-moderator',
    opened: '2026-10-27T05:30:00Z',
    messages: [
      {
        by: 'staff-moderator',
        after: 0,
        body: `Geachte heer, mevrouw,\n\nDe nachtelijke back-up van de dossierserver (dms01) is mislukt, omdat de doelopslag niet bereikbaar was. We starten vanochtend een extra back-up en houden u op de hoogte.\n\n${desk}`,
      },
      {
        by: 'staff-moderator',
        after: 45,
        internal: true,
        body: 'Oorzaak: verlopen S3-sleutel van de back-uprepository. Sleutel geroteerd, job om 06:15 handmatig gestart.',
      },
      {
        by: 'staff-moderator',
        after: 120,
        status: 'closed',
        body: 'De extra back-up is om 07:58 geslaagd en de nachtelijke back-up loopt weer volgens schema. We sluiten deze melding.',
      },
    ],
  },
  {
    key: 'vdp-domeinnaam',
    customerId: 1003,
    subject: 'Verlenging domeinnaam vandijkadvocaten.nl',
    category: 'administrative_request',
    priority: 3,
    author: 'staff-moderator',
    opened: '2026-11-04T10:20:00Z',
    watchers: ['multi'],
    messages: [
      {
        by: 'staff-moderator',
        after: 0,
        body: `Geachte heer, mevrouw,\n\nDe registratie van vandijkadvocaten.nl loopt op 15 januari 2027 af. Zonder tegenbericht verlengen wij de domeinnaam op 1 januari met een jaar.\n\n${desk}`,
      },
      {
        by: 'multi',
        after: 1200,
        body: "I'll check with the partners whether the domain should be renewed or moved to the new name vandijk-partners.nl.",
      },
      {
        by: 'staff-moderator',
        after: 30,
        status: 'awaiting_reply',
        body: "Thank you. We'll wait for your answer; without one we will renew the domain on 1 January as planned.",
      },
    ],
  },
  {
    key: 'vdp-mailmigratie',
    customerId: 1003,
    subject: 'Migratie mailomgeving naar nieuw mailcluster',
    category: 'technical_request',
    priority: 2,
    author: 'staff-moderator',
    opened: '2026-11-02T08:00:00Z',
    messages: [
      {
        by: 'staff-moderator',
        after: 0,
        body: `Geachte heer, mevrouw,\n\nZoals afgesproken verhuizen we uw mailomgeving naar ons nieuwe mailcluster. De mailboxen worden in de nacht van 18 op 19 november overgezet; u hoeft daarvoor niets te doen. Na de migratie moeten de mailinstellingen op telefoons wel opnieuw worden ingesteld.\n\n${desk}`,
      },
      {
        by: 'staff-moderator',
        after: 30,
        internal: true,
        body: 'Proefmigratie van 3 mailboxen geslaagd (14 GB in 41 minuten). Totaal 38 mailboxen, 212 GB.',
      },
      {
        by: 'staff-moderator',
        after: 1500,
        status: 'in_progress',
        body: 'De proefmigratie van drie mailboxen is goed verlopen. De definitieve migratie staat gepland zoals aangekondigd; een handleiding voor telefoons volgt.',
      },
    ],
  },
  {
    key: 'vdp-contactpersoon',
    customerId: 1003,
    subject: 'Wijziging contactpersoon facturatie',
    category: 'administrative_request',
    priority: 3,
    author: 'staff-moderator',
    opened: '2026-11-16T09:00:00Z',
    messages: [
      {
        by: 'staff-moderator',
        after: 0,
        body: `Geachte heer, mevrouw,\n\nWe ontvingen telefonisch het verzoek om de contactpersoon voor facturatie te wijzigen in mevrouw I. de Boer (financien@vandijkadvocaten.example). We leggen dit vast zodra een bevoegde contactpersoon het per e-mail bevestigt.\n\n${desk}`,
      },
    ],
  },

  // ——— 1004 Greenfield Analytics (English; no portal users yet, so the service desk writes) ———
  {
    key: 'gf-node-pressure',
    customerId: 1004,
    subject: 'Kubernetes node pressure on gf-prod-worker-3',
    category: 'incident_request',
    priority: 1,
    author: 'staff-moderator',
    opened: '2026-10-23T03:05:00Z',
    messages: [
      {
        by: 'staff-moderator',
        after: 0,
        body: `Hello,\n\nNode gf-prod-worker-3 in your Kubernetes cluster reports MemoryPressure and the kubelet has started evicting pods. We are draining the node and moving the workloads to the other workers.\n\n${deskEn}`,
      },
      {
        by: 'staff-moderator',
        after: 25,
        internal: true,
        body: 'Oorzaak: geheugenlek in de Prometheus-sidecar (v2.53.0). Node gedraind en herstart; sidecar vastgezet op v2.53.2.',
      },
      {
        by: 'staff-moderator',
        after: 10,
        status: 'closed',
        body: 'The workloads run on the remaining nodes and gf-prod-worker-3 is healthy again after a restart. The cause was a known memory leak in a monitoring sidecar, which we have updated. No action is needed from you.',
      },
    ],
  },
  {
    key: 'gf-onboarding',
    customerId: 1004,
    subject: 'Onboarding your managed observability stack',
    category: 'technical_request',
    priority: 3,
    author: 'staff-moderator',
    opened: '2026-10-29T10:00:00Z',
    messages: [
      {
        by: 'staff-moderator',
        after: 0,
        body: `Hello,\n\nWelcome aboard! To finish setting up your managed observability stack we need a few things from you: the e-mail addresses that should receive alerts, the namespaces to collect logs from, and who may sign in to the dashboards.\n\n${deskEn}`,
      },
      {
        by: 'staff-moderator',
        after: 2880,
        status: 'awaiting_reply',
        body: 'A friendly reminder: we still need the details above to finish your onboarding. Until your team has portal accounts, a reply by e-mail to the service desk is fine.',
      },
    ],
  },
  {
    key: 'gf-invoice-address',
    customerId: 1004,
    subject: 'Please confirm your invoice address',
    category: 'administrative_request',
    priority: 3,
    author: 'staff-moderator',
    opened: '2026-11-14T11:00:00Z',
    messages: [
      {
        by: 'staff-moderator',
        after: 0,
        body: `Hello,\n\nBefore we send your first invoice, our finance team would like to confirm your invoice address: 5 Harbourside, Bristol BS1 5DB, United Kingdom. Please let us know if invoices should go elsewhere or should mention a purchase order number.\n\n${deskEn}`,
      },
    ],
  },
  {
    key: 'gf-api-certificate',
    customerId: 1004,
    subject: 'Certificate renewal for api.greenfield.example',
    category: 'technical_request',
    priority: 2,
    author: 'staff-moderator',
    opened: '2026-11-06T09:00:00Z',
    messages: [
      {
        by: 'staff-moderator',
        after: 0,
        body: `Hello,\n\nThe certificate for api.greenfield.example expires on 20 November. We are moving it to automatic renewal, which needs a CNAME record _acme-challenge.api.greenfield.example at your own DNS provider.\n\n${deskEn}`,
      },
      {
        by: 'staff-moderator',
        after: 60,
        status: 'in_progress',
        body: 'We have prepared the renewal on our side. As soon as the CNAME record is in place, the certificate will be renewed automatically.',
      },
    ],
  },
  {
    key: 'gf-backup-retention',
    customerId: 1004,
    subject: 'Backup retention raised to 30 days',
    category: 'technical_request',
    priority: 2,
    author: 'staff-moderator',
    opened: '2026-11-10T14:00:00Z',
    messages: [
      {
        by: 'staff-moderator',
        after: 0,
        body: `Hello,\n\nAs agreed in the quarterly review, we will raise the backup retention of your databases from 14 to 30 days. This adds about 180 GB of backup storage.\n\n${deskEn}`,
      },
      {
        by: 'staff-moderator',
        after: 15,
        internal: true,
        body: 'Retentie aangepast in de back-upjobs gf-db-*; de extra 180 GB op de volgende factuur meenemen.',
      },
      {
        by: 'staff-moderator',
        after: 1440,
        body: 'The new retention has been active since last night. Existing backups are kept until they age out, so the full 30 days are available from 10 December.',
      },
    ],
  },
];

// ——— Resolved tickets: what the seed inserts and what tests read ———

export interface DemoAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
  size: number;
  sha256: string;
}

export interface DemoMessage {
  author: DemoUsername;
  createdAt: string;
  body: string;
  internal: boolean;
  statusChange: TicketStatus | null;
  attachments: DemoAttachment[];
}

export interface DemoTicket {
  key: string;
  /** The ticket number in a database that had no tickets before the seed. */
  number: number;
  customerId: number;
  subject: string;
  department: TicketDepartment;
  category: TicketCategory;
  priority: 1 | 2 | 3;
  status: TicketStatus;
  author: DemoUsername;
  watchers: DemoUsername[];
  createdAt: string;
  updatedAt: string;
  messageCount: number;
  attachmentCount: number;
  /** Who wrote the last visible message with text, and when the desk's answer is due (null: nothing due). */
  lastReplyStaff: boolean;
  deskDueAt: string | null;
  messages: DemoMessage[];
}

function attachment(fileName: DemoFileName): DemoAttachment {
  const content = demoFiles[fileName]();
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1);
  const contentType = contentTypes[extension];
  if (!contentType) throw new Error(`demo attachment ${fileName}: no content type for .${extension}`);
  return {
    fileName,
    contentType,
    content,
    size: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
  };
}

/** Walks the thread with the same status rules the API applies, so seeded statuses are reachable. */
function resolve(definition: TicketDefinition, index: number): DemoTicket {
  const { messages: thread, watchers = [], opened, ...ticket } = definition;
  // Broken demo data should fail the seed loudly, not surface later as a puzzling test count.
  if (thread[0]?.by !== definition.author) throw new Error(`${definition.key}: the author writes first`);
  if (watchers.includes(definition.author)) throw new Error(`${definition.key}: the author cannot watch`);
  let status: TicketStatus = 'new';
  let time = Date.parse(opened);
  const messages = thread.map((message, position): DemoMessage => {
    // As in the API, an internal note never changes the status itself.
    if (message.internal && message.status) throw new Error(`${definition.key}: a note with a status`);
    time += message.after * 60_000;
    const staff = message.by === 'staff-moderator';
    const next =
      message.status ??
      (position === 0 || message.internal
        ? status
        : staff
          ? statusAfterStaffReply(status)
          : statusAfterCustomerReply(status));
    const statusChange = next === status ? null : next;
    status = next;
    if (!staff && message.by !== definition.author && !watchers.includes(message.by)) {
      throw new Error(`${definition.key}: ${message.by} replied, so must be a watcher`);
    }
    return {
      author: message.by,
      createdAt: new Date(time).toISOString(),
      body: message.body,
      internal: message.internal === true,
      statusChange,
      attachments: (message.files ?? []).map(attachment),
    };
  });
  const visible = messages.filter((message) => !message.internal);
  const last = visible.at(-1);
  if (!last) throw new Error(`${definition.key}: a ticket needs a message`);
  // The desk's due time as the API keeps it: a customer's visible message starts the clock unless it
  // runs, an answer of the desk or closing stops it.
  let lastReplyStaff = false;
  let dueAt: number | null = null;
  for (const message of visible) {
    const staff = message.author === 'staff-moderator';
    if (message.body !== '') lastReplyStaff = staff;
    if (message.statusChange === 'closed' || (staff && message.body !== '')) dueAt = null;
    else if (!staff) {
      dueAt ??= Date.parse(message.createdAt) + defaultResponseTargetMinutes[definition.priority] * 60_000;
    }
  }
  if ((status as TicketStatus) === 'closed') dueAt = null;
  return {
    ...ticket,
    number: 10_001 + index,
    department: departmentForCategory[definition.category],
    status,
    watchers,
    createdAt: new Date(Date.parse(opened)).toISOString(),
    updatedAt: last.createdAt,
    messageCount: visible.filter((message) => message.body !== '').length,
    attachmentCount: visible.reduce((sum, message) => sum + message.attachments.length, 0),
    lastReplyStaff,
    deskDueAt: dueAt === null ? null : new Date(dueAt).toISOString(),
    messages,
  };
}

/** In creation order, so ticket numbers rise with the creation time as they would in real use. */
export const demoTickets: readonly DemoTicket[] = [...definitions]
  .sort((a, b) => Date.parse(a.opened) - Date.parse(b.opened))
  .map(resolve);

/** Loads the demo tickets once, in one transaction, under a seed name of their own. */
export async function seedDemoTickets(db: Database): Promise<boolean> {
  const userIds = new Map(demoUsers.map((user) => [user.username, user.id]));
  const userId = (username: DemoUsername) => {
    const id = userIds.get(username);
    if (!id) throw new Error(`demo tickets: unknown demo user ${username}`);
    return id;
  };
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(seedState).values({ name: SEED_NAME }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    // One row at a time, in order: ticket and message ids then follow the definitions.
    for (const ticket of demoTickets) {
      const [row] = await tx
        .insert(tickets)
        .values({
          customerId: ticket.customerId,
          subject: ticket.subject,
          department: ticket.department,
          category: ticket.category,
          priority: ticket.priority,
          status: ticket.status,
          authorId: userId(ticket.author),
          messageCount: ticket.messageCount,
          attachmentCount: ticket.attachmentCount,
          createdAt: ticket.createdAt,
          updatedAt: ticket.updatedAt,
          lastReplyStaff: ticket.lastReplyStaff,
          deskDueAt: ticket.deskDueAt ?? 'infinity',
        })
        .returning({ id: tickets.id });
      if (!row) throw new Error(`demo tickets: ${ticket.key} was not inserted`);
      for (const message of ticket.messages) {
        const [inserted] = await tx
          .insert(ticketMessages)
          .values({
            ticketId: row.id,
            authorId: userId(message.author),
            body: message.body,
            internal: message.internal,
            statusChange: message.statusChange,
            createdAt: message.createdAt,
          })
          .returning({ id: ticketMessages.id });
        if (!inserted) throw new Error(`demo tickets: a message of ${ticket.key} was not inserted`);
        if (message.attachments.length) {
          await tx.insert(ticketAttachments).values(
            message.attachments.map(({ fileName, contentType, content, size, sha256 }) => ({
              ticketId: row.id,
              messageId: inserted.id,
              fileName,
              contentType,
              size,
              sha256,
              content,
              createdAt: message.createdAt,
            })),
          );
        }
      }
      if (ticket.watchers.length) {
        await tx
          .insert(ticketWatchers)
          .values(ticket.watchers.map((watcher) => ({ ticketId: row.id, userId: userId(watcher) })));
      }
    }
    return true;
  });
}
