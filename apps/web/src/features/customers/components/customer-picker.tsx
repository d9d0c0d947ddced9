import { CloseButton, Combobox, InputBase, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { customersQueries } from '../api/customers-queries.ts';
import classes from './customer-picker.module.css';

/** SPEC.md §7: a search needs at least 3 characters; shorter text filters the first page here. */
const SEARCH_MIN = 3;
const SEARCH_DEBOUNCE_MS = 250;

export interface PickedCustomer {
  id: number;
  name: string;
}

export interface CustomerPickerProps {
  label: string;
  description?: string;
  /** The chosen customers, in the order they were chosen. */
  value: PickedCustomer[];
  onChange: (customers: PickedCustomer[]) => void;
  /** No more than this many can be chosen (the field is disabled at the limit). */
  max?: number;
  error?: ReactNode;
}

/**
 * Chooses several customers (staff): a search box over the staff customer search of the switcher
 * (`GET /api/v2/customer?search=`, which matches the name, the customer number and the links), and
 * the chosen ones by name below it, each with its own remove button. Keyboard: type, the first match
 * is highlighted (arrows move), Enter takes it and the box is empty for the next; Tab reaches each
 * remove button, and removing one puts the focus on the next.
 */
export function CustomerPicker({ label, description, value, onChange, max, error }: CustomerPickerProps) {
  const { t } = useTranslation();
  const { api } = useSession();
  const [search, setSearch] = useState('');
  const text = search.trim();
  const [query] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const searching = query.length >= SEARCH_MIN;
  const found = useQuery({
    ...customersQueries.list(api, searching ? query : ''),
    placeholderData: keepPreviousData,
  });
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);

  const chosen = new Set(value.map((customer) => customer.id));
  const typed = text.toLowerCase();
  // The API has searched (name, number, links) from 3 characters; shorter text filters the first page.
  // The customer with the typed number, then names that start with the text, come first: the match
  // Enter takes is the one meant, also when the search answers after the first page was filtered.
  const rank = (customer: { customer_id: number; display_name: string }) =>
    String(customer.customer_id) === typed
      ? 0
      : customer.display_name.toLowerCase().startsWith(typed)
        ? 1
        : 2;
  const options = (found.data ?? [])
    .filter(
      (customer) =>
        !chosen.has(customer.customer_id) &&
        (searching ||
          typed === '' ||
          customer.display_name.toLowerCase().includes(typed) ||
          String(customer.customer_id).startsWith(typed)),
    )
    .sort((a, b) => rank(a) - rank(b));
  const optionKey = options.map((customer) => customer.customer_id).join(',');
  const full = max !== undefined && value.length >= max;

  // The first match of what is typed is highlighted whenever the matches change, so Enter takes it;
  // with nothing typed nothing is, so Enter in the empty box never picks a customer by itself.
  const typedSomething = text !== '';
  useEffect(() => {
    if (optionKey && typedSomething) combobox.selectFirstOption();
    else combobox.resetSelectedOption();
  }, [optionKey, typedSomething, combobox.selectFirstOption, combobox.resetSelectedOption]);

  const add = (id: string) => {
    const customer = options.find((item) => String(item.customer_id) === id);
    setSearch('');
    // Closed until the next one is typed, so the list does not cover what follows the field.
    combobox.closeDropdown();
    if (!customer || full) return;
    onChange([...value, { id: customer.customer_id, name: customer.display_name }]);
  };

  const remove = (index: number) => {
    onChange(value.filter((_, position) => position !== index));
    // The focus goes to the next remove button (or the one before it), or back to the search box.
    requestAnimationFrame(() => {
      const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
      const next = buttons[Math.min(index, buttons.length - 1)];
      (next ?? input.current)?.focus();
    });
  };

  return (
    <div>
      <Combobox store={combobox} onOptionSubmit={add} withinPortal>
        <Combobox.Target withExpandedAttribute>
          <InputBase
            ref={input}
            label={label}
            description={description}
            placeholder={t('adminCustomers.picker.placeholder')}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              combobox.openDropdown();
            }}
            onClick={() => combobox.openDropdown()}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            // Enter chooses; it never submits the form the picker is in.
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
            rightSection={<Combobox.Chevron />}
            rightSectionPointerEvents="none"
            error={error}
            disabled={full}
            autoComplete="off"
            data-testid="customer-picker"
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Options mah={280} className={classes.options}>
            {options.length > 0 ? (
              options.map((customer) => (
                <Combobox.Option value={String(customer.customer_id)} key={customer.customer_id}>
                  {t('adminCustomers.picker.option', {
                    name: customer.display_name,
                    id: customer.customer_id,
                  })}
                </Combobox.Option>
              ))
            ) : (
              <Combobox.Empty>
                {found.isFetching ? t('adminCustomers.picker.searching') : t('adminCustomers.picker.none')}
              </Combobox.Empty>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {value.length > 0 && (
        <ul
          ref={list}
          className={classes.chosen}
          aria-label={t('adminCustomers.picker.chosen', { count: value.length })}
          data-testid="customer-picker-chosen"
        >
          {value.map((customer, index) => (
            <li key={customer.id} className={classes.item}>
              <Text span size="sm" data-user-content className={classes.name}>
                {customer.name}
              </Text>
              <Text span size="xs" c="dimmed">
                {customer.id}
              </Text>
              <CloseButton
                size="sm"
                aria-label={t('adminCustomers.picker.remove', { name: customer.name })}
                onClick={() => remove(index)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
