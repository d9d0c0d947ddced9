import type { Me } from '@portaal/contracts';
import type { Contact, LoginRemoval } from '@portaal/contracts/contacts';
import { loginWithPassword } from '@portaal/idp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/client.ts';
import { createLoginsRepo } from '../src/modules/contacts/logins.repo.ts';
import { createLoginSync } from '../src/modules/contacts/logins.sync.ts';
import { createIdentityAdmin } from '../src/modules/users/identity.sources.ts';
import { type IdentityAdmin, IdentityUnavailableError } from '../src/modules/users/identity-admin.ts';
import { type Problem, send, startTicketsServer, type TicketsServer } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * Logins of contacts end to end with the dev IdP: the owner invites a contact, the mail in the outbox
 * holds a set-password link, the colleague sets a password on the IdP's page and signs in with the
 * rights of their role; role changes, turning off and on, removal, and what happens when the IdP
 * does not answer (the rights end at once all the same; the identity job pushes it later).
 */
let server: TicketsServer;
let token: ReturnType<typeof tokenSource>;
let idpDown = false;

/** The dev IdP's admin, made to fail on demand like an unreachable Keycloak. */
function switchable(inner: IdentityAdmin): IdentityAdmin {
  const guard = () => {
    if (idpDown) throw new IdentityUnavailableError('test: the IdP is down');
  };
  return {
    kind: inner.kind,
    async ensureUser(profile) {
      guard();
      return inner.ensureUser(profile);
    },
    async push(id, state) {
      guard();
      return inner.push(id, state);
    },
    async sendSetPassword(id, options) {
      guard();
      return inner.sendSetPassword(id, options);
    },
  };
}

beforeAll(async () => {
  server = await startTicketsServer('logins', {}, { identity: switchable });
  token = tokenSource(server);
  // Seeding a database of its own takes a while on a busy machine.
}, 240_000);
afterAll(async () => server?.close());

const CUSTOMER = 1001;
const url = (rest = '') => `/api/v2/customer/${CUSTOMER}/contacts${rest}`;
const code = (response: { json: unknown }) => (response.json as Problem | undefined)?.code;
const owner = async () => ({ token: await token('owner') });
const EMAIL = 'nina.nieuw@goudenkorst.example';
const PASSWORD = 'Korstje-2026!';
const audit = async (action: string) =>
  server.count('select count(*) from audit_events where action = $1', [action]);
const signIn = (username: string, password: string) =>
  loginWithPassword({
    issuer: server.issuer,
    clientId: server.clientId,
    redirectUri: `${server.baseUrl}/`,
    username,
    password,
  });
const contactIdOf = (email: string) =>
  server.count('select id as count from contacts where customer_id = $1 and email = $2', [CUSTOMER, email]);

describe('logins of contacts with the dev IdP', () => {
  let contactId: number;
  let nina: string;
  let userId: string;

  it('invites a contact: login, membership, sync label, audit event and the mail with the link', async () => {
    const created = await send(server, 'POST', url(), {
      ...(await owner()),
      json: {
        first_name: 'Nina',
        last_name: 'Nieuw',
        email: EMAIL,
        phone: '020 555 0177',
        roles: ['technical_viewer'],
        language: 'nl',
      },
    });
    expect(created.status).toBe(201);
    contactId = (created.json as Contact).contact_id;
    const invites = await audit('contact.invite');
    const invited = await send(server, 'POST', url(`/${contactId}/invite`), await owner());
    expect(invited.status).toBe(200);
    expect((invited.json as Contact).sync).toBe('active');
    expect(await audit('contact.invite')).toBe(invites + 1);
    const [user] = (
      await server.sql.query(
        'select u.id, u.username, u.password_hash, m.role from users u join memberships m on m.user_id = u.id where u.email = $1 and m.customer_id = $2',
        [EMAIL, CUSTOMER],
      )
    ).rows;
    expect(user).toMatchObject({ username: EMAIL, password_hash: null, role: 'technical_viewer' });
    userId = user.id;

    const again = await send(server, 'POST', url(`/${contactId}/invite`), await owner());
    expect([again.status, code(again)]).toEqual([409, 'CONTACT_HAS_LOGIN']);
    expect(await audit('contact.invite')).toBe(invites + 1);

    const [mail] = (
      await server.sql.query('select subject, text, language from mail_outbox where recipient = $1', [EMAIL])
    ).rows;
    expect(mail).toMatchObject({ language: 'nl', subject: 'U bent uitgenodigd voor Portaal' });
    expect(mail.text).toContain('Bakkerij De Gouden Korst B.V.');
    expect(mail.text).toContain(`Uw gebruikersnaam: ${EMAIL}`);
  });

  it('an invitation not yet used shows as pending and is sent again: a new link, the old one dead', async () => {
    const detail = await send(server, 'GET', url(`/${contactId}`), await owner());
    expect((detail.json as Contact).invitation_pending).toBe(true);
    const list = (await send(server, 'GET', url('?limit=100'), await owner())).json as Contact[];
    expect(list.find((row) => row.contact_id === contactId)?.invitation_pending).toBe(true);
    expect(list.find((row) => row.email === 'sanne.devries@goudenkorst.example')?.invitation_pending).toBe(
      false,
    );
    const linkOf = (text: string) => /(http\S+action-token\S+)/.exec(text)?.[1] ?? '';
    const mails = async () =>
      (await server.sql.query('select text from mail_outbox where recipient = $1 order by id', [EMAIL])).rows;
    const [first] = await mails();
    const firstLink = linkOf(first.text);
    expect((await fetch(firstLink)).status).toBe(200);

    // Only a user-admin sends it again; a refusal changes nothing.
    const resends = await audit('contact.invite_resend');
    const refused = await send(server, 'POST', url(`/${contactId}/login/invitation`), {
      token: await token('viewer'),
    });
    expect(refused.status).toBe(403);
    expect([(await mails()).length, await audit('contact.invite_resend')]).toEqual([1, resends]);

    const again = await send(server, 'POST', url(`/${contactId}/login/invitation`), await owner());
    expect(again.status).toBe(200);
    expect(again.json as Contact).toMatchObject({ invitation_pending: true, sync: 'active' });
    expect(await audit('contact.invite_resend')).toBe(resends + 1);
    const [event] = (
      await server.sql.query(
        "select object, summary from audit_events where action = 'contact.invite_resend' order by id desc limit 1",
      )
    ).rows;
    expect(event).toEqual({ object: `contacts/${contactId}`, summary: `invitation sent again to ${EMAIL}` });
    const sent = await mails();
    expect(sent).toHaveLength(2);
    const secondLink = linkOf(sent[1].text);
    expect(secondLink).not.toBe(firstLink);
    // The earlier link no longer works; the new one does.
    expect((await fetch(firstLink)).status).toBe(400);
    expect((await fetch(secondLink)).status).toBe(200);

    // While the IdP does not answer: 503, nothing sent, nothing recorded, the new link still works.
    idpDown = true;
    try {
      const down = await send(server, 'POST', url(`/${contactId}/login/invitation`), await owner());
      expect([down.status, code(down)]).toEqual([503, 'IDENTITY_UNAVAILABLE']);
    } finally {
      idpDown = false;
    }
    expect([(await mails()).length, await audit('contact.invite_resend')]).toEqual([2, resends + 1]);
    expect((await fetch(secondLink)).status).toBe(200);
  });

  it('the link opens the set-password page, refuses bad input, sets the password once', async () => {
    const [mail] = (
      await server.sql.query('select text from mail_outbox where recipient = $1 order by id desc limit 1', [
        EMAIL,
      ])
    ).rows;
    const link = /(http\S+action-token\S+)/.exec(mail.text)?.[1];
    expect(link).toMatch(/^http:\/\/localhost:\d+\/realms\/portaal\/login-actions\/action-token\?key=/);
    if (!link) return;
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('id="password-new"');
    expect(html).toContain('Kies uw wachtwoord');
    const post = (fields: Record<string, string>) =>
      fetch(link, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const short = await post({ 'password-new': 'kort', 'password-confirm': 'kort' });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain('Vul minstens 8 tekens in.');
    const mismatch = await post({ 'password-new': PASSWORD, 'password-confirm': `${PASSWORD}x` });
    expect(mismatch.status).toBe(400);
    const forged = await fetch(link.replace(/key=[^&]+/, 'key=eyJhbGciOiJIUzI1NiJ9.e30.x'));
    expect(forged.status).toBe(400);
    const saved = await post({ 'password-new': PASSWORD, 'password-confirm': PASSWORD });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('Uw wachtwoord is opgeslagen');
    // Used up: the link's fingerprint no longer matches the stored password.
    expect((await fetch(link)).status).toBe(400);
    expect(
      (await post({ 'password-new': 'another-one-1', 'password-confirm': 'another-one-1' })).status,
    ).toBe(400);
  });

  it('the colleague signs in and has what technical_viewer has, nothing more', async () => {
    nina = (await signIn(EMAIL, PASSWORD)).access_token;
    // Signed in with a password, but the portal learns it when the web app loads the profile.
    expect(
      ((await send(server, 'GET', url(`/${contactId}`), await owner())).json as Contact).invitation_pending,
    ).toBe(true);
    expect((await send(server, 'GET', '/api/v2/me', { token: nina })).status).toBe(200);
    expect(
      ((await send(server, 'GET', url(`/${contactId}`), await owner())).json as Contact).invitation_pending,
    ).toBe(false);
    const mailsBefore = await server.count('select count(*) from mail_outbox where recipient = $1', [EMAIL]);
    const noLonger = await send(server, 'POST', url(`/${contactId}/login/invitation`), await owner());
    expect([noLonger.status, code(noLonger)]).toEqual([409, 'LOGIN_SIGNED_IN']);
    expect(await server.count('select count(*) from mail_outbox where recipient = $1', [EMAIL])).toBe(
      mailsBefore,
    );
    const [contacts, servers, invoices] = await Promise.all([
      send(server, 'GET', url(), { token: nina }),
      send(server, 'GET', `/api/v2/customer/${CUSTOMER}/servers`, { token: nina }),
      send(server, 'GET', `/api/v2/customer/${CUSTOMER}/invoices`, { token: nina }),
    ]);
    expect([contacts.status, servers.status, invoices.status]).toEqual([200, 200, 403]);
    // Nobody changes their own rights: the colleague has no user-admin, the owner not on themselves.
    const raise = await send(server, 'PUT', url(`/${contactId}/login`), {
      token: nina,
      json: { enabled: true },
    });
    expect(raise.status).toBe(403);
    const ownerContact = await contactIdOf('sanne.devries@goudenkorst.example');
    const own = await send(server, 'PUT', url(`/${ownerContact}/login`), {
      ...(await owner()),
      json: { enabled: false },
    });
    const ownRemove = await send(server, 'DELETE', url(`/${ownerContact}/login`), await owner());
    expect([own.status, code(own), ownRemove.status, code(ownRemove)]).toEqual([
      403,
      'OWN_LOGIN_NOT_ALLOWED',
      403,
      'OWN_LOGIN_NOT_ALLOWED',
    ]);
    // Staff may manage the owner's login, but not take away the last owner who can sign in.
    const staff = { token: await token('staff-moderator') };
    const last = await send(server, 'PUT', url(`/${ownerContact}/login`), {
      ...staff,
      json: { enabled: false },
    });
    const lastRemove = await send(server, 'DELETE', url(`/${ownerContact}/login`), staff);
    expect([last.status, code(last), lastRemove.status, code(lastRemove)]).toEqual([
      409,
      'LAST_OWNER',
      409,
      'LAST_OWNER',
    ]);
  });

  it('a role change writes the membership, and the next request has the new rights', async () => {
    const detail = (await send(server, 'GET', url(`/${contactId}`), await owner())).json as Contact;
    const changed = await send(server, 'PUT', url(`/${contactId}`), {
      ...(await owner()),
      json: {
        first_name: detail.first_name,
        last_name: detail.last_name,
        email: detail.email,
        phone: detail.phone ?? '',
        roles: ['financial_viewer'],
        language: detail.language,
      },
    });
    expect(changed.status).toBe(200);
    expect((changed.json as Contact).sync).toBe('active');
    const [servers, invoices] = await Promise.all([
      send(server, 'GET', `/api/v2/customer/${CUSTOMER}/servers`, { token: nina }),
      send(server, 'GET', `/api/v2/customer/${CUSTOMER}/invoices`, { token: nina }),
    ]);
    expect([servers.status, invoices.status]).toEqual([403, 200]);
  });

  it('turning the login off ends its rights and its sign-in; on again restores them', async () => {
    const off = await send(server, 'PUT', url(`/${contactId}/login`), {
      ...(await owner()),
      json: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect((off.json as Contact).sync).toBe('disabled');
    expect((await send(server, 'GET', url(), { token: nina })).status).toBe(403);
    await expect(signIn(EMAIL, PASSWORD)).rejects.toThrow();
    const events = await audit('contact.login_disable');
    const same = await send(server, 'PUT', url(`/${contactId}/login`), {
      ...(await owner()),
      json: { enabled: false },
    });
    expect(same.status).toBe(200);
    expect(await audit('contact.login_disable')).toBe(events);

    const on = await send(server, 'PUT', url(`/${contactId}/login`), {
      ...(await owner()),
      json: { enabled: true },
    });
    expect(on.status).toBe(200);
    expect((on.json as Contact).sync).toBe('active');
    nina = (await signIn(EMAIL, PASSWORD)).access_token;
    expect((await send(server, 'GET', url(), { token: nina })).status).toBe(200);
  });

  it('while the IdP does not answer: an invitation stores nothing; a removal denies at once and is retried', async () => {
    idpDown = true;
    try {
      const other = await contactIdOf('bram.kok@goudenkorst.example');
      const [users, invites] = [
        await server.count('select count(*) from users'),
        await audit('contact.invite'),
      ];
      const refused = await send(server, 'POST', url(`/${other}/invite`), await owner());
      expect([refused.status, code(refused)]).toEqual([503, 'IDENTITY_UNAVAILABLE']);
      expect([await server.count('select count(*) from users'), await audit('contact.invite')]).toEqual([
        users,
        invites,
      ]);

      const removed = await send(server, 'DELETE', url(`/${contactId}/login`), await owner());
      expect(removed.status).toBe(200);
      const removal = removed.json as LoginRemoval;
      expect(removal.identity).toBe('pending');
      expect(removal.contact.sync).toBeNull();
      // Denied on the very next request, although the IdP still knows the login.
      expect((await send(server, 'GET', url(), { token: nina })).status).toBe(403);
      expect(await audit('contact.login_remove')).toBe(1);
      expect(await server.count('select count(*) from users where id = $1 and idp_stale', [userId])).toBe(1);
    } finally {
      idpDown = false;
    }
    // The identity job's run: the removal reaches the IdP now.
    const { db, pool } = createDatabase(server.databaseUrl, 2);
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: server.databaseUrl,
        PUBLIC_URL: server.baseUrl,
      });
      const sync = createLoginSync({
        repo: createLoginsRepo(db),
        identity: createIdentityAdmin(config, db),
        log: { warn() {}, error() {} },
      });
      expect(await sync.retryStale()).toEqual({ synced: 1, failed: 0 });
      expect(await sync.retryStale()).toEqual({ synced: 0, failed: 0 });
    } finally {
      await pool.end();
    }
    const [user] = (
      await server.sql.query('select username, password_hash, enabled, idp_stale from users where id = $1', [
        userId,
      ])
    ).rows;
    expect(user).toEqual({
      username: `removed:${userId}`,
      password_hash: null,
      enabled: false,
      idp_stale: false,
    });
    await expect(signIn(EMAIL, PASSWORD)).rejects.toThrow();
  });
});

describe('My profile', () => {
  it("shows a demo login's numbers as its contact has them, so a save keeps them", async () => {
    const me = await send(server, 'GET', '/api/v2/me', await owner());
    expect(me.status).toBe(200);
    expect(me.json as Me).toMatchObject({ phone: '+31 20 555 0101', mobile: '+31 6 12345601' });
    const [contact] = (
      await server.sql.query(
        "select phone, cellular from contacts where email = 'sanne.devries@goudenkorst.example'",
      )
    ).rows;
    expect(contact).toEqual({ phone: '+31 20 555 0101', cellular: '+31 6 12345601' });
  });

  it('changes name and numbers on the profile and the contact, validated like contacts', async () => {
    const viewer = { token: await token('viewer') };
    const before = await audit('profile.update');
    const bad = await send(server, 'PUT', '/api/v2/me/profile', {
      ...viewer,
      json: { given_name: 'Lotte', family_name: 'Smit', phone: '12', mobile: '' },
    });
    expect([bad.status, code(bad)]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await audit('profile.update')).toBe(before);
    const saved = await send(server, 'PUT', '/api/v2/me/profile', {
      ...viewer,
      json: { given_name: 'Lotte', family_name: 'Smit-Jansen', phone: '020 555 0105', mobile: '06 12345605' },
    });
    expect(saved.status).toBe(200);
    expect(saved.json as Me).toMatchObject({
      given_name: 'Lotte',
      family_name: 'Smit-Jansen',
      phone: '+31 20 555 0105',
      mobile: '+31 6 12345605',
    });
    expect(await audit('profile.update')).toBe(before + 1);
    const [contact] = (
      await server.sql.query(
        "select last_name, phone, cellular, sync from contacts where email = 'lotte.smit@goudenkorst.example'",
      )
    ).rows;
    expect(contact).toEqual({
      last_name: 'Smit-Jansen',
      phone: '+31 20 555 0105',
      cellular: '+31 6 12345605',
      sync: 'active',
    });
  });

  it('with the IdP down, the profile is saved and the login stays stale until the job pushes it', async () => {
    const viewer = { token: await token('viewer') };
    idpDown = true;
    try {
      const saved = await send(server, 'PUT', '/api/v2/me/profile', {
        ...viewer,
        json: { given_name: 'Lotte', family_name: 'Smit', phone: null, mobile: null },
      });
      expect(saved.status).toBe(200);
      expect(
        await server.count(
          "select count(*) from contacts where email = 'lotte.smit@goudenkorst.example' and sync = 'stale'",
        ),
      ).toBe(1);
    } finally {
      idpDown = false;
    }
  });
});
