// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import type { RequestTypes } from '@portaal/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../test/dom.ts';
import {
  CUSTOMER,
  json,
  location,
  problem,
  requestTypes,
  type Sent,
  setupTickets,
  setWide,
  ticket,
} from '../test-kit.tsx';

beforeAll(installDomShims);
// Whole journeys through several forms; slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setWide(true));
afterEach(() => {
  cleanup();
  notifications.clean();
});

const base = `/api/v2/customer/${CUSTOMER}`;
const created = ticket({ ticket_id: 10050, subject: 'Printer offline', status: 'new' });

/** The API as the new-ticket page uses it; `onPost` decides the answer to the write. */
function api(
  onPost: (sent: Sent) => Response = () => json(201, created),
  types: RequestTypes = requestTypes,
) {
  return (sent: Sent) => {
    if (sent.url === `${base}/request-types`) return json(200, types);
    if (sent.method === 'POST') return onPost(sent);
    if (sent.url === `${base}/tickets/10050`) return json(200, created);
    return problem(404, 'NOT_FOUND');
  };
}

const posts = (sent: Sent[]) => sent.filter((request) => request.method === 'POST');
const file = (name: string, size: number, type = 'application/pdf') =>
  new File([new Uint8Array(size).fill(65)], name, { type });

async function fillTicket(user: ReturnType<typeof setupTickets>['user'], category = 'Technical request') {
  await user.click(screen.getByRole('combobox', { name: 'Request type' }));
  await user.click(await screen.findByRole('option', { name: category }));
  await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Printer offline');
  await user.type(screen.getByRole('textbox', { name: 'Description' }), 'The printer on floor 2 is offline.');
}

describe('new ticket', () => {
  it('offers only the request types of the role', async () => {
    const { renderAt, user } = setupTickets({ answer: api() });
    await renderAt('/support/new-ticket');
    await user.click(await screen.findByRole('combobox', { name: 'Request type' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Technical request', 'Incident']);
  });

  it('promises in its intro only what the role may choose', async () => {
    // A viewer may only file a technical request.
    const viewer = setupTickets({
      answer: api(undefined, { ...requestTypes, categories: ['technical_request'] }),
    });
    await viewer.renderAt('/support/new-ticket');
    expect(await screen.findByText(/^Here you can/)).toHaveTextContent(/^Here you can ask a question\.$/);
    cleanup();

    const technical = setupTickets({ answer: api() });
    await technical.renderAt('/support/new-ticket');
    expect(await screen.findByText(/^Here you can/)).toHaveTextContent(
      /^Here you can ask a question or report an incident\.$/,
    );
    cleanup();

    const owner = setupTickets({
      language: 'nl',
      rights: { [CUSTOMER]: ['ticket-read', 'ticket-edit', 'billing-edit', 'subscription-edit'] },
      answer: api(undefined, {
        ...requestTypes,
        categories: ['technical_request', 'administrative_request', 'incident_request'],
      }),
    });
    await owner.renderAt('/support/new-ticket');
    expect(await screen.findByText(/^Hier kunt u/)).toHaveTextContent(
      /^Hier kunt u een vraag stellen, een storing melden of een wijziging van uw bedrijfsgegevens aanvragen\.$/,
    );
  });

  it('shows a single allowed request type as fixed text and still sends it', async () => {
    // A viewer may only file a technical request: nothing to choose.
    const { renderAt, sent, user } = setupTickets({
      answer: api(undefined, { ...requestTypes, categories: ['technical_request'] }),
    });
    await renderAt('/support/new-ticket');
    const type = await screen.findByRole('term');
    expect(type).toHaveTextContent('Request type');
    expect(type.nextElementSibling).toHaveRole('definition');
    expect(type.nextElementSibling).toHaveTextContent('Technical request');
    expect(screen.queryByRole('combobox', { name: 'Request type' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Printer offline');
    await user.type(
      screen.getByRole('textbox', { name: 'Description' }),
      'The printer on floor 2 is offline.',
    );
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]).toEqual(
      expect.objectContaining({
        url: `${base}/tickets`,
        body: expect.objectContaining({ category: 'technical_request' }),
      }),
    );
  });

  it('asks to call the service desk for an incident or a high priority', async () => {
    const { renderAt, user } = setupTickets({ answer: api() });
    await renderAt('/support/new-ticket');
    await user.click(await screen.findByRole('combobox', { name: 'Request type' }));
    await user.click(await screen.findByRole('option', { name: 'Technical request' }));
    expect(screen.queryByTestId('urgent-prompt')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'High' }));
    const prompt = await screen.findByTestId('urgent-prompt');
    expect(within(prompt).getByRole('link', { name: 'Call +31 (0)20 123 45 67' })).toHaveAttribute(
      'href',
      'tel:+31201234567',
    );
    await user.click(screen.getByRole('radio', { name: 'Normal' }));
    expect(screen.queryByTestId('urgent-prompt')).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Request type' }));
    await user.click(await screen.findByRole('option', { name: 'Incident' }));
    expect(screen.getByTestId('urgent-prompt')).toHaveTextContent('Urgent? Call the service desk');
  });

  it('checks the fields before sending and puts the focus on the first problem', async () => {
    const { renderAt, sent, user } = setupTickets({ answer: api() });
    await renderAt('/support/new-ticket');
    await screen.findByRole('combobox', { name: 'Request type' });
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'ab');
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    const type = screen.getByRole('combobox', { name: 'Request type' });
    expect(type).toHaveAccessibleDescription('This field is required.');
    expect(type).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveAccessibleDescription(
      expect.stringContaining('Enter at least 3 characters.'),
    );
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(
      expect.stringContaining('This field is required.'),
    );
    expect(posts(sent)).toEqual([]);
  });

  it('sends JSON without files, shows a toast and opens the new ticket', async () => {
    const { renderAt, sent, user } = setupTickets({ answer: api() });
    await renderAt('/support/new-ticket');
    await screen.findByRole('combobox', { name: 'Request type' });
    await fillTicket(user);
    await user.click(screen.getByRole('radio', { name: 'Low' }));
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(await screen.findByText('Ticket #10050 created')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/support/ticket/10050'));
    expect(posts(sent)).toEqual([
      expect.objectContaining({
        url: `${base}/tickets`,
        body: {
          category: 'technical_request',
          subject: 'Printer offline',
          description: 'The printer on floor 2 is offline.',
          priority: 3,
        },
      }),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Printer offline' })).toBeInTheDocument();
  });

  it('lists chosen files with their size, removes one, and sends the rest as multipart', async () => {
    const { renderAt, sent, user } = setupTickets({ answer: api() });
    await renderAt('/support/new-ticket');
    await screen.findByRole('combobox', { name: 'Request type' });
    await fillTicket(user);
    const input = screen.getByLabelText('Add files', { selector: 'input' });
    await user.upload(input, [file('error.pdf', 2048), file('screen.png', 300, 'image/png')]);
    const chosen = screen.getByRole('list', { name: 'Chosen files' });
    expect(within(chosen).getByText('error.pdf')).toBeInTheDocument();
    expect(within(chosen).getByText('2 KB')).toBeInTheDocument();
    expect(within(chosen).getByText('300 B')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove screen.png' }));
    expect(within(chosen).queryByText('screen.png')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    await waitFor(() => expect(location()).toBe('/support/ticket/10050'));
    const body = posts(sent)[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('category')).toBe('technical_request');
    expect(form.get('subject')).toBe('Printer offline');
    expect(form.get('priority')).toBe('2');
    const files = form.getAll('attachments') as File[];
    expect(files.map((item) => item.name)).toEqual(['error.pdf']);
    expect(posts(sent)[0]?.headers['content-type']).toBeUndefined();
  });

  it('refuses files the rules do not allow before sending', async () => {
    const { renderAt, sent, user } = setupTickets({ answer: api() });
    await renderAt('/support/new-ticket');
    await screen.findByRole('combobox', { name: 'Request type' });
    await fillTicket(user);
    const input = screen.getByLabelText('Add files', { selector: 'input' });
    // The chooser's accept filter is only a hint; a file can still arrive with another extension.
    await user.upload(input, [file('setup.exe', 10, 'application/octet-stream')]);
    expect(
      await screen.findByText('setup.exe: this type of file is not allowed. Allowed: pdf, png, txt.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove setup.exe' }));
    await user.upload(input, [file('a.pdf', 10), file('b.pdf', 10), file('c.pdf', 10)]);
    expect(await screen.findByText('c.pdf: attach at most 2 files.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(screen.getByRole('button', { name: 'Add files' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove c.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Remove b.pdf' }));
    await user.upload(input, [file('big.pdf', 2 * 1024 * 1024)]);
    expect(
      await screen.findByText('big.pdf: the files together would be larger than 1 MB.'),
    ).toBeInTheDocument();
    expect(posts(sent)).toEqual([]);
  });

  it('names every refused file with its reason, not only the first', async () => {
    const { renderAt, sent, user } = setupTickets({ answer: api() });
    await renderAt('/support/new-ticket');
    await screen.findByRole('combobox', { name: 'Request type' });
    await fillTicket(user);
    const input = screen.getByLabelText('Add files', { selector: 'input' });
    // Limits of the kit: pdf, png and txt; 2 files; 1 MB together.
    await user.upload(input, [
      file('setup.exe', 10, 'application/octet-stream'),
      file('empty.txt', 0, 'text/plain'),
      file('big.pdf', 2 * 1024 * 1024),
      file('ok.pdf', 10),
      file('more.png', 10, 'image/png'),
      file('third.pdf', 10),
      file('script.js', 10, 'text/javascript'),
    ]);
    const add = screen.getByRole('button', { name: 'Add files' });
    const problems = [
      'setup.exe: this type of file is not allowed. Allowed: pdf, png, txt.',
      'empty.txt is empty.',
      'big.pdf: the files together would be larger than 1 MB.',
      'third.pdf: attach at most 2 files.',
      'script.js: this type of file is not allowed. Allowed: pdf, png, txt.',
    ];
    const items = await screen.findAllByRole('listitem');
    const refused = items.filter((item) => problems.includes(item.textContent ?? ''));
    expect(refused.map((item) => item.textContent)).toEqual(problems);
    // The add button names them all to a screen reader.
    for (const text of problems) expect(add).toHaveAccessibleDescription(expect.stringContaining(text));
    expect(add).not.toHaveAccessibleDescription(expect.stringMatching(/ok\.pdf|more\.png/));
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(add).toHaveFocus();
    expect(posts(sent)).toEqual([]);
  });

  it("shows the server's refusal on the right place and keeps everything entered", async () => {
    let answer = problem(400, 'ATTACHMENT_CONTENT_MISMATCH');
    const { renderAt, user } = setupTickets({ answer: api(() => answer) });
    await renderAt('/support/new-ticket');
    await screen.findByRole('combobox', { name: 'Request type' });
    await fillTicket(user);
    await user.upload(screen.getByLabelText('Add files', { selector: 'input' }), [file('fake.pdf', 20)]);
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(
      await screen.findByText('The content of a file does not match its extension.'),
    ).toBeInTheDocument();
    expect(screen.getByText('fake.pdf')).toBeInTheDocument();

    // With the particulars the API sends, the text names the file.
    answer = problem(400, 'ATTACHMENT_CONTENT_MISMATCH', undefined, { file: 'fake.pdf', extension: 'pdf' });
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(
      await screen.findByText(
        'The content of “fake.pdf” is not a .pdf file. Rename it to its real type or attach another file.',
      ),
    ).toBeInTheDocument();

    answer = problem(400, 'VALIDATION_FAILED', [
      { field: 'subject', message: 'must be at most 200 characters' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    await waitFor(() =>
      expect(subject).toHaveAccessibleDescription(expect.stringContaining('Enter at most 200 characters.')),
    );
    expect(subject).toHaveFocus();
    expect(subject).toHaveValue('Printer offline');

    answer = problem(403, 'REQUEST_TYPE_NOT_ALLOWED');
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your role cannot file this type of request.');
    // No field is to blame: the focus goes to the message (not to the page's body).
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue(
      'The printer on floor 2 is offline.',
    );
    expect(location()).toBe('/support/new-ticket');
  });

  it('shows the change requests only with the right for them', async () => {
    const viewer = setupTickets({ answer: api() });
    await viewer.renderAt('/support/new-ticket');
    await screen.findByRole('combobox', { name: 'Request type' });
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    cleanup();

    const financial = setupTickets({
      rights: { [CUSTOMER]: ['ticket-read', 'ticket-edit', 'billing-edit'] },
      answer: api(),
    });
    await financial.renderAt('/support/new-ticket');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Support request',
      'Change or add an address',
      'Change or add a bank account',
    ]);
    cleanup();

    const owner = setupTickets({
      rights: { [CUSTOMER]: ['ticket-read', 'ticket-edit', 'billing-edit', 'subscription-edit'] },
      answer: api(),
    });
    await owner.renderAt('/support/new-ticket?request=end-contract');
    expect(await screen.findByRole('tab', { name: 'End a contract' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('files an address to add as an administrative request', async () => {
    const { renderAt, sent, user } = setupTickets({
      rights: { [CUSTOMER]: ['ticket-read', 'ticket-edit', 'billing-edit'] },
      answer: api(),
    });
    await renderAt('/support/new-ticket?request=address');
    const panel = await screen.findByRole('tabpanel', { name: 'Change or add an address' });
    const form = within(panel);
    await user.click(form.getByRole('button', { name: 'Send request' }));
    expect(form.getByRole('textbox', { name: 'Street' })).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(form.getByRole('combobox', { name: 'Address type' })).toHaveFocus();
    await user.click(form.getByRole('radio', { name: 'Add an address' }));
    await user.click(form.getByRole('combobox', { name: 'Address type' }));
    await user.click(await screen.findByRole('option', { name: 'Delivery address' }));
    await user.type(form.getByRole('textbox', { name: 'Street' }), 'Keizersgracht');
    await user.type(form.getByRole('textbox', { name: 'House number' }), '100A');
    // In the Netherlands (the country chosen) a postcode is 4 digits and 2 letters.
    const postcode = form.getByRole('textbox', { name: 'Postal code' });
    await user.type(postcode, 'zzz');
    await user.type(form.getByRole('textbox', { name: 'Town' }), 'Amsterdam');
    await user.click(form.getByRole('button', { name: 'Send request' }));
    expect(postcode).toHaveAccessibleDescription(
      'Enter a Dutch postcode: 4 digits and 2 letters, such as 1234 AB.',
    );
    expect(postcode).toHaveFocus();
    expect(posts(sent)).toEqual([]);
    await user.clear(postcode);
    await user.type(postcode, '1015 AA');
    await user.click(form.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Request sent as ticket #10050')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/support/ticket/10050'));
    expect(posts(sent)).toEqual([
      expect.objectContaining({
        url: `${base}/change-requests`,
        body: {
          type: 'address',
          action: 'add',
          address_type: 'delivery',
          street: 'Keizersgracht',
          house_number: '100A',
          postal_code: '1015 AA',
          town: 'Amsterdam',
          country: 'NL',
        },
      }),
    ]);
  });

  it('checks IBAN and BIC of a bank-account request and sends them normalised', async () => {
    const { renderAt, sent, user } = setupTickets({
      rights: { [CUSTOMER]: ['ticket-read', 'ticket-edit', 'billing-edit'] },
      answer: api(),
    });
    await renderAt('/support/new-ticket?request=bank-account');
    const panel = within(await screen.findByRole('tabpanel', { name: 'Change or add a bank account' }));
    const iban = panel.getByRole('textbox', { name: 'IBAN' });
    await user.type(iban, 'NL91 ABNA 0417 1643 01');
    await user.type(panel.getByRole('textbox', { name: 'BIC' }), 'ABN');
    await user.type(panel.getByRole('textbox', { name: 'Account holder' }), 'Bakkerij De Gouden Korst');
    await user.click(panel.getByRole('button', { name: 'Send request' }));
    expect(iban).toHaveAccessibleDescription(expect.stringContaining('Enter a valid IBAN.'));
    expect(panel.getByRole('textbox', { name: 'BIC' })).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid BIC.'),
    );
    expect(iban).toHaveFocus();
    await user.clear(iban);
    await user.type(iban, 'nl91 abna 0417 1643 00');
    await user.clear(panel.getByRole('textbox', { name: 'BIC' }));
    await user.type(panel.getByRole('textbox', { name: 'BIC' }), 'abnanl2a');
    await user.click(panel.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(location()).toBe('/support/ticket/10050'));
    expect(posts(sent)[0]).toMatchObject({
      url: `${base}/change-requests`,
      body: {
        type: 'bank_account',
        action: 'change',
        iban: 'NL91ABNA0417164300',
        bic: 'ABNANL2A',
        account_holder: 'Bakkerij De Gouden Korst',
      },
    });
  });

  it('files an end-contract request with a date', async () => {
    const { renderAt, sent, user } = setupTickets({
      rights: { [CUSTOMER]: ['ticket-read', 'ticket-edit', 'subscription-edit'] },
      answer: api(),
    });
    await renderAt('/support/new-ticket?request=end-contract');
    const panel = within(await screen.findByRole('tabpanel', { name: 'End a contract' }));
    await user.type(panel.getByRole('textbox', { name: 'Contract number' }), 'C-2024-0042');
    await user.click(panel.getByRole('button', { name: 'Send request' }));
    expect(panel.getByLabelText(/^End date/)).toHaveAccessibleDescription(
      expect.stringContaining('This field is required.'),
    );
    await user.type(panel.getByLabelText(/^End date/), '31-01-2020');
    await user.click(panel.getByRole('button', { name: 'Send request' }));
    expect(panel.getByLabelText(/^End date/)).toHaveAccessibleDescription(
      expect.stringContaining('Choose today or a later date.'),
    );
    await user.clear(panel.getByLabelText(/^End date/));
    await user.type(panel.getByLabelText(/^End date/), '31-12-2099');
    await user.type(panel.getByRole('textbox', { name: 'Reason (optional)' }), 'Moving to our own hardware.');
    await user.click(panel.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(location()).toBe('/support/ticket/10050'));
    expect(posts(sent)[0]).toMatchObject({
      url: `${base}/contracts/C-2024-0042/end-request`,
      body: {
        end_date: '2099-12-31',
        reason: 'Moving to our own hardware.',
      },
    });
    expect(posts(sent)[0]?.body).not.toHaveProperty('contract_reference');
  });

  it('speaks Dutch, with the Dutch validation texts', async () => {
    const { renderAt, user } = setupTickets({
      language: 'nl',
      rights: { [CUSTOMER]: ['ticket-read', 'ticket-edit', 'billing-edit'] },
      answer: api(),
    });
    await renderAt('/support/new-ticket');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nieuw ticket' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Adres wijzigen of toevoegen' })).toBeInTheDocument();
    await screen.findByRole('combobox', { name: 'Soort verzoek' });
    await user.click(screen.getByRole('button', { name: 'Ticket versturen' }));
    expect(screen.getByRole('combobox', { name: 'Soort verzoek' })).toHaveAccessibleDescription(
      'Dit veld is verplicht.',
    );
    await user.click(screen.getByRole('radio', { name: 'Hoog' }));
    await user.click(screen.getByRole('combobox', { name: 'Soort verzoek' }));
    await user.click(await screen.findByRole('option', { name: 'Technische vraag' }));
    expect(await screen.findByText('Spoed? Bel de servicedesk')).toBeInTheDocument();
  });
});
