// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme.ts';
import { installDomShims, testI18n } from '../../../test/dom.ts';
import { MailingContentStep } from './mailing-content-step.tsx';
import { initialWizardValues, type WizardValues, wizardRules } from './wizard-values.ts';

beforeAll(() => {
  installDomShims();
  // Mantine's autosize waits for the fonts, which jsdom does not have.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    });
  }
});
afterEach(cleanup);

function Step() {
  const { t } = useTranslation();
  const form = useForm<WizardValues>({
    mode: 'controlled',
    initialValues: initialWizardValues('Portaal'),
    validate: wizardRules(t),
  });
  return (
    <>
      <MailingContentStep form={form} />
      <button type="button" onClick={() => form.validate()}>
        Check
      </button>
    </>
  );
}

async function renderStep(language: 'en' | 'nl') {
  render(
    <I18nextProvider i18n={await testI18n(language)}>
      <MantineProvider theme={theme} env="test">
        <Step />
      </MantineProvider>
    </I18nextProvider>,
  );
  return userEvent.setup();
}

describe('MailingContentStep', () => {
  it('keeps a pasted subject over the maximum whole and says the maximum (en)', async () => {
    const user = await renderStep('en');
    const subject = screen.getByRole('textbox', { name: /^English subject/ });
    expect(subject).toHaveAccessibleDescription('10 to 200 characters.');
    await user.click(subject);
    await user.paste('x'.repeat(250));
    expect(subject).toHaveValue('x'.repeat(250));
    expect(screen.getByText('Enter at most 200 characters; this has 250.')).toBeInTheDocument();
  });

  it('gives the texts the contract’s maximum, named in the hint and the message (nl)', async () => {
    const user = await renderStep('nl');
    const body = screen.getByRole('textbox', { name: /^Nederlandse tekst/ });
    expect(body).toHaveAccessibleDescription(
      '20 tot 20.000 tekens. Een lege regel begint een nieuwe alinea.',
    );
    await user.click(body);
    await user.paste('y'.repeat(20_001));
    expect(body).toHaveValue('y'.repeat(20_001));
    expect(screen.getByText('Vul hoogstens 20.000 tekens in; dit zijn er 20.001.')).toBeInTheDocument();
    const label = screen.getByRole('textbox', { name: /^Label/ });
    await user.click(label);
    await user.paste('z'.repeat(101));
    expect(label).toHaveValue('z'.repeat(101));
    expect(screen.getByText('Vul hoogstens 100 tekens in; dit zijn er 101.')).toBeInTheDocument();
  });

  it('refuses control characters in the label, a subject and a text with the field’s own message (en)', async () => {
    const user = await renderStep('en');
    const label = screen.getByRole('textbox', { name: /^Label/ });
    const subject = screen.getByRole('textbox', { name: /^Dutch subject/ });
    const body = screen.getByRole('textbox', { name: /^Dutch text/ });
    await user.click(label);
    await user.paste('Walk\u0000ctrl label');
    await user.click(subject);
    await user.paste('Gepland onderhoud\u001b[31m');
    await user.click(body);
    await user.paste('Een tekst\u0007 die lang genoeg is.\n\nMet een tweede alinea.');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    for (const field of [label, subject, body]) {
      expect(field).toBeInvalid();
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining('The entered value is not correctly formatted.'),
      );
    }
  });

  it('takes line breaks in a text but refuses a bell in it (nl)', async () => {
    const user = await renderStep('nl');
    const body = screen.getByRole('textbox', { name: /^Engelse tekst/ });
    await user.click(body);
    await user.paste('A text that is long enough.\n\nWith a second paragraph.');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(body).not.toBeInvalid();
    await user.click(body);
    await user.paste('\u0007');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(body).toHaveAccessibleDescription(
      expect.stringContaining('De ingevulde waarde is niet juist opgemaakt.'),
    );
  });
});
