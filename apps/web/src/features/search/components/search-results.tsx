import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { SearchHit } from '@portaal/contracts/search';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { LoadFailed, LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import { formatDate } from '../../../lib/format.ts';
import { searchQueries } from '../api/search-queries.ts';

/** The text with every (case-insensitive) occurrence of the query marked. */
export function Highlight({ text, query }: { text: string; query: string }) {
  const lower = text.toLowerCase();
  const needle = query.toLowerCase();
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  while (needle.length > 0) {
    const found = lower.indexOf(needle, at);
    if (found < 0) break;
    if (found > at) parts.push({ text: text.slice(at, found), match: false });
    parts.push({ text: text.slice(found, found + needle.length), match: true });
    at = found + needle.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return (
    <>
      {parts.map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text, in order
        part.match ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>,
      )}
    </>
  );
}

/** A hit's second line in the reader's language: a ticket's status by its label, a day in their format. */
export function subtitleOf(hit: SearchHit, t: TFunction): string {
  if (!hit.subtitle_parts) return hit.subtitle;
  return hit.subtitle_parts
    .map((part) =>
      'text' in part
        ? part.text
        : 'ticket_status' in part
          ? t(`support:status.${part.ticket_status}`)
          : formatDate(part.date),
    )
    .join(' · ');
}

/** The hits of a search, grouped by kind, each a link to its screen. */
export function SearchResults({ query }: { query: string }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const selected = useSelectedCustomer();
  const results = useQuery(searchQueries.results(api, query, selected?.id));
  if (results.isPending) return <LoadingBlocks count={3} height={60} />;
  if (results.isError) return <LoadFailed error={results.error} onRetry={() => void results.refetch()} />;
  if (results.data.groups.length === 0) return <Text>{t('search.none', { query })}</Text>;
  return (
    <Stack gap="lg">
      {results.data.groups.map((group) => (
        <section key={group.kind} aria-labelledby={`search-${group.kind}`}>
          <Title order={3} size="h4" id={`search-${group.kind}`} mb="xs">
            {t(`search.kinds.${group.kind}`, { defaultValue: group.kind })}
          </Title>
          <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {group.hits.map((hit) => (
              <li key={hit.id}>
                <Anchor renderRoot={(props) => <Link {...props} to={hit.route} />} fw={600}>
                  <Highlight text={hit.title} query={query} />
                </Anchor>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  <Highlight text={subtitleOf(hit, t)} query={query} />
                </Text>
              </li>
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
