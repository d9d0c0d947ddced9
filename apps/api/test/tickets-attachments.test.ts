import type { Ticket } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  files,
  form,
  type Problem,
  send,
  startTicketsServer,
  type TicketsServer,
} from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * Attachment rules on the server (issue 4, item 3), through real multipart uploads: count, total size,
 * extension, emptiness, content against the extension, sanitised names; every refusal has its own
 * code, names the file or the limit, and leaves nothing stored. The limits are configured smaller
 * than the defaults (3 files, 1 MB) to prove they come from configuration and to keep uploads quick.
 */
const MAX_FILES = 3;
const MAX_BYTES = 1024 * 1024;
const CUSTOMER = 1001;
const base = `/api/v2/customer/${CUSTOMER}`;

let server: TicketsServer;
let viewer: string;
let ticketId: number;

beforeAll(async () => {
  server = await startTicketsServer('attachments', {
    ATTACHMENT_MAX_FILES: String(MAX_FILES),
    ATTACHMENT_MAX_TOTAL_MB: '1',
  });
  viewer = await tokenSource(server)('viewer');
  const created = await send(server, 'POST', `${base}/tickets`, {
    token: viewer,
    json: { category: 'technical_request', subject: 'Attachment target', description: 'Replies go here.' },
  });
  ticketId = (created.json as Ticket).ticket_id;
});
afterAll(async () => server?.close());

const ticketFields = {
  category: 'technical_request',
  subject: 'Logbestanden van de webserver',
  description: 'Zie bijlagen.',
};

async function stored() {
  const [tickets, messages, attachments] = await Promise.all([
    server.count('select count(*) from tickets'),
    server.count('select count(*) from ticket_messages'),
    server.count('select count(*) from ticket_attachments'),
  ]);
  return { tickets, messages, attachments };
}

/** Sends the files both as a new ticket and as a reply; both must be refused alike and store nothing. */
async function expectRefused(
  list: { name: string; content: Buffer | string }[],
  expected: { status: number; code: string; detail?: RegExp; params?: Record<string, string | number> },
) {
  const before = await stored();
  const create = await send(server, 'POST', `${base}/tickets`, {
    token: viewer,
    body: form(ticketFields, list),
  });
  const reply = await send(server, 'POST', `${base}/tickets/${ticketId}/messages`, {
    token: viewer,
    body: form({ body: 'Met bijlagen' }, list),
  });
  for (const response of [create, reply]) {
    expect(response.status, JSON.stringify(response.json)).toBe(expected.status);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const problem = response.json as Problem;
    expect(problem.code).toBe(expected.code);
    if (expected.detail) expect(problem.detail).toMatch(expected.detail);
    // The particulars again, for the client's text in the user's language.
    if (expected.params) expect(problem.params).toEqual(expected.params);
  }
  expect(await stored()).toEqual(before);
}

describe('refusals', () => {
  it('more files than allowed', async () => {
    const list = Array.from({ length: MAX_FILES + 1 }, (_, index) => ({
      name: `log-${index}.txt`,
      content: 'x\n',
    }));
    await expectRefused(list, {
      status: 400,
      code: 'ATTACHMENT_TOO_MANY',
      detail: /At most 3 files/,
      params: { max: 3 },
    });
  });

  it('files together over the total size, and one file over it', async () => {
    const half = Buffer.alloc(MAX_BYTES / 2 + 10, 'a');
    await expectRefused(
      [
        { name: 'a.txt', content: half },
        { name: 'b.txt', content: half },
      ],
      { status: 400, code: 'ATTACHMENT_TOO_LARGE', detail: /limit of 1 MB/, params: { max: '1 MB' } },
    );
    await expectRefused([{ name: 'huge.txt', content: Buffer.alloc(MAX_BYTES + 1, 'a') }], {
      status: 400,
      code: 'ATTACHMENT_TOO_LARGE',
    });
  });

  it('an upload far over the limit is refused without being kept', async () => {
    const before = await stored();
    const response = await send(server, 'POST', `${base}/tickets`, {
      token: viewer,
      body: form(ticketFields, [{ name: 'dump.log', content: Buffer.alloc(8 * MAX_BYTES, 'b') }]),
    }).catch((error: unknown) => ({ status: 0, json: undefined, error }));
    // The server stops reading past its limit; it answers, or (past a safety margin) cuts the upload.
    if (response.status !== 0) {
      expect(response.status).toBe(400);
      expect((response.json as Problem).code).toBe('ATTACHMENT_TOO_LARGE');
    }
    expect(await stored()).toEqual(before);
    // The server is fine afterwards.
    const ok = await send(server, 'GET', `${base}/tickets/${ticketId}`, { token: viewer });
    expect(ok.status).toBe(200);
  });

  it('extensions outside the list, and names without one', async () => {
    for (const name of ['setup.exe', 'archive.tar.gz', 'script.js', 'README', 'photo.PNG.exe']) {
      await expectRefused([{ name, content: 'MZ' }], {
        status: 400,
        code: 'ATTACHMENT_TYPE_NOT_ALLOWED',
        detail: new RegExp(
          `"${name.replace(/\./g, '\\.')}" is not an allowed type of file; allowed are pdf, png`,
        ),
        params: { file: name, allowed: expect.stringMatching(/^pdf, png, /) as unknown as string },
      });
    }
  });

  it('an empty file', async () => {
    await expectRefused([{ name: 'leeg.txt', content: '' }], {
      status: 400,
      code: 'ATTACHMENT_EMPTY',
      detail: /"leeg\.txt" is empty/,
      params: { file: 'leeg.txt' },
    });
  });

  it.each([
    ['an .exe renamed .pdf', 'factuur.pdf', files.exe],
    ['a PNG renamed .txt', 'notes.txt', files.png],
    ['a zip renamed .pdf', 'contract.pdf', files.zip],
    ['a PDF renamed .png', 'screenshot.png', files.pdf],
    ['text renamed .jpg', 'photo.jpg', Buffer.from('not a photo')],
    ['Latin-1 text as .csv', 'export.csv', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])],
    ['binary with NUL bytes as .log', 'app.log', Buffer.from('line one\n\0\0\0binary', 'latin1')],
  ])('a disguised file: %s', async (_label, name, content) => {
    await expectRefused([{ name, content }], {
      status: 400,
      code: 'ATTACHMENT_CONTENT_MISMATCH',
      detail: new RegExp(`"${name.replace(/\./g, '\\.')}"`),
    });
  });

  it('one bad file among good ones refuses the whole request', async () => {
    await expectRefused(
      [
        { name: 'good.txt', content: files.text },
        { name: 'good.png', content: files.png },
        { name: 'bad.pdf', content: files.exe },
      ],
      {
        status: 400,
        code: 'ATTACHMENT_CONTENT_MISMATCH',
        detail: /"bad\.pdf"/,
        params: { file: 'bad.pdf', extension: 'pdf' },
      },
    );
  });

  it('files in another field than "attachments"', async () => {
    const body = new FormData();
    for (const [name, value] of Object.entries(ticketFields)) body.append(name, value);
    body.append('file', new Blob([files.text]), 'notes.txt');
    const before = await stored();
    const response = await send(server, 'POST', `${base}/tickets`, { token: viewer, body });
    expect(response.status).toBe(400);
    expect((response.json as Problem).detail).toContain('"attachments"');
    expect(await stored()).toEqual(before);
  });

  it('the request type is checked before the uploads are read', async () => {
    const before = await stored();
    const response = await send(server, 'POST', `${base}/tickets`, {
      token: viewer,
      body: form({ ...ticketFields, category: 'administrative_request' }, [
        { name: 'a.txt', content: files.text },
      ]),
    });
    expect(response.status).toBe(403);
    expect((response.json as Problem).code).toBe('REQUEST_TYPE_NOT_ALLOWED');
    expect(await stored()).toEqual(before);
  });

  it('invalid fields in a multipart body name the field', async () => {
    const before = await stored();
    const response = await send(server, 'POST', `${base}/tickets`, {
      token: viewer,
      body: form({ ...ticketFields, subject: 'x', priority: '7' }, [{ name: 'a.txt', content: files.text }]),
    });
    expect(response.status).toBe(400);
    const problem = response.json as Problem;
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors?.map((error) => error.field).sort()).toEqual(['priority', 'subject']);
    expect(await stored()).toEqual(before);
  });
});

describe('accepted files', () => {
  it('stores every allowed type with the content type of its extension, not the client’s', async () => {
    const body = new FormData();
    for (const [name, value] of Object.entries(ticketFields)) body.append(name, value);
    body.append('attachments', new Blob([files.pdf], { type: 'text/html' }), 'rapport.pdf');
    body.append('attachments', new Blob([files.jpg], { type: 'application/x-msdownload' }), 'foto.JPG');
    body.append('attachments', new Blob([files.csv], { type: 'text/html' }), 'export.csv');
    const response = await send(server, 'POST', `${base}/tickets`, { token: viewer, body });
    expect(response.status, JSON.stringify(response.json)).toBe(201);
    const ticket = response.json as Ticket;
    expect(ticket.attachment_count).toBe(3);
    expect(
      ticket.messages[0]?.attachments.map((file) => [file.file_name, file.content_type, file.size]),
    ).toEqual([
      ['rapport.pdf', 'application/pdf', files.pdf.length],
      ['foto.JPG', 'image/jpeg', files.jpg.length],
      ['export.csv', 'text/csv', files.csv.length],
    ]);
    const sha = await server.sql.query<{ file_name: string; sha256: string }>(
      'select file_name, sha256 from ticket_attachments where ticket_id = $1 order by id',
      [ticket.ticket_id],
    );
    expect(sha.rows[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sanitises names: paths, control characters, reserved characters, leading dots, length', async () => {
    const names = [
      '../../etc/passwd.txt',
      '..\\..\\windows\\system.ini.txt',
      'rap\u0007port\t\u0000 2026.txt',
      '.verborgen.txt',
      'what?*|:now.txt',
      `${'lang'.repeat(60)}.txt`,
    ];
    const response = await send(server, 'POST', `${base}/tickets/${ticketId}/messages`, {
      token: viewer,
      body: form(
        { body: 'Bestanden met vreemde namen' },
        names.slice(0, MAX_FILES).map((name) => ({ name, content: files.text })),
      ),
    });
    expect(response.status, JSON.stringify(response.json)).toBe(201);
    const second = await send(server, 'POST', `${base}/tickets/${ticketId}/messages`, {
      token: viewer,
      body: form(
        { body: 'Nog meer vreemde namen' },
        names.slice(MAX_FILES).map((name) => ({ name, content: files.text })),
      ),
    });
    expect(second.status, JSON.stringify(second.json)).toBe(201);
    const ticket = second.json as Ticket;
    const stored = ticket.messages.flatMap((message) => message.attachments.map((file) => file.file_name));
    expect(stored).toEqual([
      'passwd.txt',
      'system.ini.txt',
      'rapport 2026.txt',
      'verborgen.txt',
      'whatnow.txt',
      `${'lang'.repeat(60).slice(0, 146)}.txt`,
    ]);
    expect(ticket.attachment_count).toBe(6);
    // The download carries the stored name, safely quoted.
    const file = ticket.messages.at(-1)?.attachments[0];
    const download = await send(
      server,
      'GET',
      `${base}/tickets/${ticketId}/attachments/${file?.attachment_id}`,
      {
        token: viewer,
      },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      // An ASCII name needs no filename* (RFC 6266).
      'attachment; filename="verborgen.txt"',
    );
    expect(download.bytes.equals(files.text)).toBe(true);
  });

  it('a Unicode name downloads with an ASCII fallback and the exact UTF-8 name', async () => {
    const response = await send(server, 'POST', `${base}/tickets/${ticketId}/messages`, {
      token: viewer,
      body: form({ body: 'Overzicht' }, [{ name: 'café <overzicht> März ✓.csv', content: files.csv }]),
    });
    expect(response.status).toBe(201);
    const file = (response.json as Ticket).messages.at(-1)?.attachments[0];
    expect(file?.file_name).toBe('café overzicht März ✓.csv');
    const download = await send(
      server,
      'GET',
      `${base}/tickets/${ticketId}/attachments/${file?.attachment_id}`,
      {
        token: viewer,
      },
    );
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="caf_ overzicht M_rz _.csv"; filename*=UTF-8''caf%C3%A9%20overzicht%20M%C3%A4rz%20%E2%9C%93.csv`,
    );
    expect(download.headers.get('content-type')).toBe('text/csv');
  });

  it('exactly the limits pass: the maximum number of files and the total size', async () => {
    const third = Math.floor(MAX_BYTES / 3);
    const list = [
      { name: 'a.txt', content: Buffer.alloc(third, 'a') },
      { name: 'b.txt', content: Buffer.alloc(third, 'b') },
      { name: 'c.txt', content: Buffer.alloc(MAX_BYTES - 2 * third, 'c') },
    ];
    const response = await send(server, 'POST', `${base}/tickets`, {
      token: viewer,
      body: form(ticketFields, list),
    });
    expect(response.status, JSON.stringify(response.json)).toBe(201);
    const ticket = response.json as Ticket;
    expect(ticket.messages[0]?.attachments.reduce((sum, file) => sum + file.size, 0)).toBe(MAX_BYTES);
  });

  it('answers the configured rules in request-types', async () => {
    const response = await send(server, 'GET', `${base}/request-types`, { token: viewer });
    expect((response.json as { attachments: unknown }).attachments).toEqual({
      extensions: ['pdf', 'png', 'jpg', 'jpeg', 'txt', 'log', 'csv', 'zip'],
      max_files: MAX_FILES,
      max_total_bytes: MAX_BYTES,
    });
  });
});
