import { Button, Card, Group, Input, Stack, Title } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchResults } from './components/search-results.tsx';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from './search-rules.ts';
import { takeTypeAhead } from './type-ahead.ts';

/** Search input with the 3-character minimum, and the hits grouped by kind with the matches marked. */
export function SearchPage({ query }: { query: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState(query);
  // A short query from the URL is reported at once; a typed one when it is submitted.
  const [submitted, setSubmitted] = useState(query.length > 0);
  // The search this field sent last: a different ?q= came from elsewhere (the header's box, the back
  // button) and replaces what is in the field, with its error judged afresh; our own value coming
  // back must not, or it would undo what was typed meanwhile.
  const sent = useRef(query);
  const field = useRef<HTMLInputElement>(null);
  // The header's `/` and search link on phones come here asking for the field (HeaderSearch); every
  // such visit has a history key of its own, so pressing `/` again on this screen focuses the field
  // again.
  const focusRequest = useRouterState({
    select: (state) => (state.location.state.focusSearch ? state.location.state.__TSR_key : undefined),
  });
  useEffect(() => {
    if (focusRequest === undefined) return;
    // Keys pressed after `/` while this screen loaded continue the field's text.
    const typed = takeTypeAhead();
    if (typed) setValue((current) => `${current}${typed}`.slice(0, SEARCH_MAX_LENGTH));
    field.current?.focus();
  }, [focusRequest]);

  useEffect(() => {
    if (query !== sent.current) {
      sent.current = query;
      setValue(query);
      setSubmitted(query.length > 0);
    }
  }, [query]);

  const trimmed = value.trim();
  const tooShort = trimmed.length < SEARCH_MIN_LENGTH;
  const error = submitted && tooShort ? t('search.minLength', { count: SEARCH_MIN_LENGTH }) : undefined;
  const searched = query.trim().length >= SEARCH_MIN_LENGTH ? query.trim() : undefined;

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t('search.title')}</Title>
      <search>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (tooShort) return;
            sent.current = trimmed;
            void navigate({ to: '/search', search: { q: trimmed } });
          }}
        >
          <Input.Wrapper
            id={id}
            label={t('search.label')}
            description={t('search.hint', { count: SEARCH_MIN_LENGTH })}
            error={error}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Input
                ref={field}
                id={id}
                type="search"
                value={value}
                onChange={(event) => setValue(event.currentTarget.value)}
                maxLength={SEARCH_MAX_LENGTH}
                error={Boolean(error)}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-description ${id}-error` : `${id}-description`}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="search-input"
              />
              <Button type="submit">{t('search.submit')}</Button>
            </Group>
          </Input.Wrapper>
        </form>
      </search>
      {searched && (
        <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={`${id}-results`}>
          <Stack gap="xs">
            <Title order={2} size="h4" id={`${id}-results`}>
              {t('search.resultsTitle', { query: searched })}
            </Title>
            <SearchResults query={searched} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
