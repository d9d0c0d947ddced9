// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance } from 'i18next';
import { useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { theme } from '../../app/theme.ts';
import { installDomShims, readLocale } from '../../test/dom.ts';
import { DateField, type DateFieldProps } from './date-field.tsx';
import { hasDayShape, isDay, parseTypedDay } from './parse-day.ts';

beforeAll(installDomShims);
afterEach(cleanup);

describe('parseTypedDay', () => {
  it('reads a day typed day first, with any usual separator, and an ISO day', () => {
    expect(parseTypedDay('01-05-2026')).toBe('2026-05-01');
    expect(parseTypedDay(' 1-5-2026 ')).toBe('2026-05-01');
    expect(parseTypedDay('1/5/2026')).toBe('2026-05-01');
    expect(parseTypedDay('31.12.2099')).toBe('2099-12-31');
    expect(parseTypedDay('2026-05-01')).toBe('2026-05-01');
  });

  it('leaves unfinished typing and days the calendar does not have', () => {
    for (const text of [
      '',
      '01-05-202',
      '01-05',
      '2026-05-1',
      '31-02-2026',
      '29-02-2027',
      '00-01-2026',
      'mei',
    ])
      expect(parseTypedDay(text)).toBeUndefined();
    expect(parseTypedDay('29-02-2028')).toBe('2028-02-29');
  });

  it('tells text written as a day (that may not exist) from text in another shape', () => {
    for (const text of ['31-02-2026', ' 1-5-2026 ', '00-13-2026', '2026-02-31', '31/02/2026'])
      expect(hasDayShape(text)).toBe(true);
    for (const text of ['', '31-02-26', '12-2026', '2026-5-1', 'mei', '31-02-2026x'])
      expect(hasDayShape(text)).toBe(false);
  });
});

async function i18nFor(language: 'en' | 'nl') {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: ['global'],
    defaultNS: 'global',
    resources: {
      en: { global: readLocale('en', 'global') },
      nl: { global: readLocale('nl', 'global') },
    },
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** The field as the screens use it: controlled, with the value the last change gave. */
async function renderField(
  language: 'en' | 'nl',
  props: Partial<DateFieldProps> & { initial?: string } = {},
) {
  const changes: string[] = [];
  const { initial = '', ...rest } = props;
  function Controlled() {
    const [value, setValue] = useState(initial);
    return (
      <DateField
        label="Day"
        {...rest}
        value={value}
        onChange={(day) => {
          changes.push(day);
          setValue(day);
        }}
      />
    );
  }
  render(
    <I18nextProvider i18n={await i18nFor(language)}>
      <MantineProvider theme={theme} env="test">
        <Controlled />
        <button type="button">Elsewhere</button>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { changes, field: screen.getByRole('textbox', { name: 'Day' }), user: userEvent.setup() };
}

describe('DateField', () => {
  it('takes a day typed in the page format and hands it on as YYYY-MM-DD', async () => {
    const { changes, field, user } = await renderField('nl');
    expect(field).toHaveAttribute('placeholder', 'DD-MM-JJJJ');
    await user.type(field, '1-5-2026');
    expect(changes).toEqual(['2026-05-01']);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(field).toHaveValue('01-05-2026');
  });

  it('shows the calendar in Dutch, weeks from Monday, whatever the browser speaks', async () => {
    const { changes, field, user } = await renderField('nl', { initial: '2026-05-01' });
    expect(field).toHaveValue('01-05-2026');
    await user.click(field);
    expect(await screen.findByRole('button', { name: 'mei 2026' })).toBeInTheDocument();
    const weekdays = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(weekdays).toEqual(['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo']);
    await user.click(screen.getByRole('button', { name: 'Volgende maand' }));
    expect(await screen.findByRole('button', { name: 'juni 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '15 juni 2026' }));
    expect(changes).toEqual(['2026-06-15']);
    expect(field).toHaveValue('15-06-2026');
  });

  it('shows the calendar in English with British names on an English page', async () => {
    const { field, user } = await renderField('en', { initial: '2026-05-01' });
    expect(field).toHaveAttribute('placeholder', 'DD-MM-YYYY');
    await user.click(field);
    expect(await screen.findByRole('button', { name: 'May 2026' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('Mo');
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeInTheDocument();
  });

  it('greys out days before minDate, yet hands on such a day typed, for the form to explain', async () => {
    const { changes, field, user } = await renderField('en', {
      minDate: '2026-05-10',
      initial: '2026-05-12',
    });
    await user.click(field);
    expect(await screen.findByRole('button', { name: '9 May 2026' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, '01-05-2026');
    expect(changes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(changes).toEqual(['2026-05-01']);
    expect(field).toHaveValue('01-05-2026');
  });

  it('offers a named clear button when clearable', async () => {
    const { changes, field, user } = await renderField('nl', { initial: '2026-05-12', clearable: true });
    await user.click(screen.getByRole('button', { name: 'Day wissen' }));
    expect(changes).toEqual(['']);
    expect(field).toHaveValue('');
  });

  it('is emptied by clearing its text', async () => {
    const { changes, field, user } = await renderField('en', { initial: '2026-05-12' });
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(changes).toEqual(['']);
    expect(field).toHaveValue('');
  });

  it.each([
    ['en', 'This date does not exist. Check the day and the month.'],
    ['nl', 'Deze datum bestaat niet. Controleer de dag en de maand.'],
  ] as const)(
    'keeps a day the calendar does not have, hands it on for a form to refuse, and says it does not exist (%s)',
    async (language, message) => {
      const { changes, field, user } = await renderField(language, { error: 'This field is required.' });
      await user.type(field, '31-02-2020');
      await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
      expect(field).toHaveValue('31-02-2020');
      expect(changes).toEqual(['31-02-2020']);
      expect(field).toHaveAccessibleDescription(message);
      expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
      // A day typed over it takes the complaint away.
      await user.clear(field);
      await user.type(field, '28-02-2020');
      await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
      expect(changes.at(-1)).toBe('2020-02-28');
      expect(field).toHaveValue('28-02-2020');
      expect(screen.queryByText(message)).not.toBeInTheDocument();
    },
  );

  it('keeps text that is no day over a day, also where only days are taken (a filter)', async () => {
    const changes: string[] = [];
    function Filter() {
      const [value, setValue] = useState('2026-05-12');
      return (
        <DateField
          label="Day"
          value={value}
          onChange={(day) => {
            changes.push(day);
            if (day === '' || isDay(day)) setValue(day);
          }}
        />
      );
    }
    render(
      <I18nextProvider i18n={await i18nFor('en')}>
        <MantineProvider theme={theme} env="test">
          <Filter />
          <button type="button">Elsewhere</button>
        </MantineProvider>
      </I18nextProvider>,
    );
    const field = screen.getByRole('textbox', { name: 'Day' });
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '31-02-2026');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(changes).toEqual(['31-02-2026']);
    expect(field).toHaveValue('31-02-2026');
    expect(field).toHaveAccessibleDescription('This date does not exist. Check the day and the month.');
    expect(screen.queryByText('Enter a date as DD-MM-YYYY, such as 31-01-2026.')).not.toBeInTheDocument();
    // Text in another shape gets the format instead.
    await user.clear(field);
    await user.type(field, '31-01-26');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(field).toHaveAccessibleDescription('Enter a date as DD-MM-YYYY, such as 31-01-2026.');
  });

  it.each([
    ['en', '12-2026', 'Enter a date as DD-MM-YYYY, such as 31-01-2026.'],
    ['nl', '12-2026', 'Vul een datum in als DD-MM-JJJJ, zoals 31-01-2026.'],
    ['en', '29-02-2027', 'This date does not exist. Check the day and the month.'],
    ['nl', '00-01-2026', 'Deze datum bestaat niet. Controleer de dag en de maand.'],
    ['en', '01-13-2026', 'This date does not exist. Check the day and the month.'],
  ] as const)(
    'names the format for text in another shape, and says when a day does not exist (%s, %s)',
    async (language, text, message) => {
      const { field, user } = await renderField(language);
      await user.type(field, text);
      await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
      expect(field).toHaveValue(text);
      expect(field).toHaveAccessibleDescription(message);
    },
  );
});
