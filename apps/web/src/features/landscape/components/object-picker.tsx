import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { landscapeQueries } from '../api/landscape-queries.ts';

const SEARCH_DEBOUNCE_MS = 250;

export interface ObjectPickerProps {
  customerId: number;
  /** The chosen object id, or null for none. */
  value: string | null;
  onChange: (id: string | null) => void;
  error?: ReactNode;
  disabled?: boolean;
}

/**
 * A searchable choice of one of the customer's landscape objects (the new-ticket form's "about"):
 * servers when nothing is typed, every kind that matches the text otherwise, grouped by kind. The
 * landscape API does the searching, so only the customer's own objects are ever offered.
 */
export function ObjectPicker({ customerId, value, onChange, error, disabled }: ObjectPickerProps) {
  const { t } = useTranslation('default');
  const { api } = useSession();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // The chosen object's name shows in the box; typing it again would only search for itself.
  const selected = useQuery({
    ...landscapeQueries.object(api, customerId, value ?? ''),
    enabled: value !== null,
  });
  const selectedName = selected.data?.object.name;
  const text = debounced === selectedName ? '' : debounced;
  const options = useQuery({
    ...landscapeQueries.picker(api, customerId, text.length >= 2 ? text : ''),
    placeholderData: keepPreviousData,
  });

  const groups = (options.data ?? []).map((page) => ({
    group: t(`landscape.kinds.${page.kind}`),
    items: page.items.map((object) => ({ value: object.id, label: object.name })),
  }));
  // The chosen object stays an option, or the box would show nothing for it.
  if (value !== null && !groups.some((group) => group.items.some((item) => item.value === value))) {
    const kind = value.split('/')[0] ?? 'devices';
    groups.unshift({
      group: t(`landscape.kinds.${kind}`),
      items: [{ value, label: selectedName ?? value }],
    });
  }

  return (
    <Select
      label={t('landscape.picker.label')}
      description={t('landscape.picker.hint')}
      placeholder={t('landscape.picker.placeholder')}
      data={groups}
      value={value}
      onChange={(next) => onChange(next)}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The API has filtered already (names, DNS names, addresses); the box must not filter again.
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? t('landscape.picker.searching') : t('landscape.picker.none')}
      error={error}
      disabled={disabled}
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
      data-testid="object-picker"
    />
  );
}
