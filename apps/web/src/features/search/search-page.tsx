import { Alert, Stack, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const SEARCH_MIN_LENGTH = 3;

/** Search input with the 3-character minimum; results arrive with the areas of later releases. */
export function SearchPage({ query }: { query: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(query);
  const tooShort = value.trim().length > 0 && value.trim().length < SEARCH_MIN_LENGTH;
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t('search.title')}</Title>
      <search>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (value.trim().length >= SEARCH_MIN_LENGTH)
              void navigate({ to: '/search', search: { q: value.trim() } });
          }}
        >
          <TextInput
            label={t('search.label')}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={tooShort ? t('search.minLength', { count: SEARCH_MIN_LENGTH }) : undefined}
            type="search"
          />
        </form>
      </search>
      {query.length >= SEARCH_MIN_LENGTH && <Alert color="blue">{t('search.noResultsYet', { query })}</Alert>}
    </Stack>
  );
}
