// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Button, MantineProvider, TextInput } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { theme } from '../../app/theme.ts';
import { installDomShims, testI18n } from '../../test/dom.ts';
import { Modal } from './modal.tsx';

beforeAll(installDomShims);
afterEach(cleanup);

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the app’s Modal', () => {
  it.each([
    ['en', 'Close'],
    ['nl', 'Sluiten'],
  ] as const)('names its close button in %s', async (language, name) => {
    render(
      <I18nextProvider i18n={await testI18n(language)}>
        <MantineProvider theme={theme} env="test">
          <Modal opened onClose={() => {}} title="Dialog">
            <p>Body</p>
          </Modal>
        </MantineProvider>
      </I18nextProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Dialog' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('opens a form with the focus in its first field, not on the close button', async () => {
    render(
      <I18nextProvider i18n={await testI18n('en')}>
        <MantineProvider theme={theme} env="test">
          <Modal opened onClose={() => {}} title="New contact">
            <form>
              <TextInput label="Name" disabled />
              <TextInput label="E-mail" />
              <TextInput label="Phone" />
            </form>
          </Modal>
        </MantineProvider>
      </I18nextProvider>,
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus());
  });

  it('keeps the focus a dialog asks for itself', async () => {
    render(
      <I18nextProvider i18n={await testI18n('en')}>
        <MantineProvider theme={theme} env="test">
          <Modal opened onClose={() => {}} title="Delete">
            <TextInput label="Reason" />
            <Button data-autofocus>Cancel</Button>
          </Modal>
        </MantineProvider>
      </I18nextProvider>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
  });

  it('is the only modal: no other file uses Mantine’s, whose close button has no name', () => {
    const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !file.includes('.test.') && path.basename(file) !== 'modal.tsx',
    );
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((file) => {
      const source = readFileSync(path.join(srcDir, file), 'utf8');
      return [...source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g)].some(
        (match) => /(?:^|[\s,])Modal(?:[\s,]|$)/.test(match[1] ?? ''),
      );
    });
    expect(offenders).toEqual([]);
  });
});
