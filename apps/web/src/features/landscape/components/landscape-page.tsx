import {
  Card,
  Group,
  NativeSelect,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { LandscapeObject } from '@portaal/contracts';
import { type LandscapeKind, landscapeKinds, landscapeStatuses } from '@portaal/contracts/landscape-rules';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { StaticPageHeading } from '../../../components/layout/page-heading.tsx';
import { FilterBar, PagedList } from '../../../components/list-shell/list-shell.tsx';
import { useSearchText } from '../../../lib/use-search-text.ts';
import { landscapeQueries } from '../api/landscape-queries.ts';
import { filtersOf, type LandscapeSearch, landscapeSorts } from '../utils/search-params.ts';
import { fieldsByKind } from './fields.tsx';
import classes from './landscape.module.css';
import { LandscapeStatusBadge } from './landscape-badges.tsx';
import { ObjectLink } from './object-link.tsx';

/** Wide enough for a table; below it the objects stack as cards. */
const WIDE_LIST_QUERY = '(min-width: 62em)';

/** /servers/system-landscape: a tab per kind with its table, filters, search and "load more". */
export function LandscapePage({
  search,
  onSearchChange,
}: {
  search: LandscapeSearch;
  onSearchChange: (search: LandscapeSearch) => void;
}) {
  const { t } = useTranslation('default');
  const { api } = useSession();
  const selected = useSelectedCustomer();
  const kind = search.kind ?? 'devices';
  const summary = useQuery({
    ...landscapeQueries.summary(api, selected?.id ?? 0),
    enabled: selected !== undefined,
  });
  const filters = filtersOf(search);
  const { inputProps } = useSearchText(filters.q, (q) => onSearchChange({ ...search, q: q || undefined }));

  return (
    <Stack gap="lg">
      <StaticPageHeading path="/servers/system-landscape" />
      {selected === undefined ? (
        <Text>{t('landscape.noSelection')}</Text>
      ) : (
        <Tabs
          value={kind}
          onChange={(value) => {
            const next = landscapeKinds.find((candidate) => candidate === value);
            if (next) onSearchChange({ ...search, kind: next === 'devices' ? undefined : next });
          }}
          keepMounted={false}
          activateTabWithKeyboard
        >
          <div className={classes.tabs}>
            <Tabs.List aria-label={t('landscape.kindsLabel')}>
              {landscapeKinds.map((candidate) => (
                <Tabs.Tab key={candidate} value={candidate} data-testid={`tab-${candidate}`}>
                  {t(`landscape.kinds.${candidate}`)}
                  {summary.data && (
                    <Text span c="dimmed" size="sm" ml={6}>
                      {summary.data.counts[candidate]}
                    </Text>
                  )}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </div>
          <Stack gap="md" mt="md">
            <FilterBar>
              <TextInput
                label={t('landscape.filters.search')}
                placeholder={t('landscape.filters.searchPlaceholder')}
                {...inputProps}
                maxLength={100}
                style={{ flex: '1 1 14rem' }}
                type="search"
              />
              <NativeSelect
                label={t('landscape.filters.status')}
                value={filters.status}
                onChange={(event) =>
                  onSearchChange({ ...search, status: event.currentTarget.value || undefined })
                }
                data={[
                  { value: '', label: t('landscape.filters.any') },
                  ...landscapeStatuses.map((status) => ({
                    value: status,
                    label: t(`landscape.status.${status}`),
                  })),
                ]}
                style={{ flex: '0 1 11rem' }}
              />
              <NativeSelect
                label={t('landscape.filters.location')}
                value={filters.location}
                onChange={(event) =>
                  onSearchChange({ ...search, location: event.currentTarget.value || undefined })
                }
                data={[
                  { value: '', label: t('landscape.filters.any') },
                  ...(summary.data?.datacenters ?? []).map((site) => ({
                    value: site.slug,
                    label: site.name,
                  })),
                ]}
                style={{ flex: '0 1 14rem' }}
              />
              <NativeSelect
                label={t('landscape.filters.sort')}
                value={filters.sort}
                onChange={(event) =>
                  onSearchChange({
                    ...search,
                    sort: landscapeSorts.find(
                      (sort) => sort === event.currentTarget.value && sort !== 'name',
                    ),
                  })
                }
                data={landscapeSorts.map((sort) => ({ value: sort, label: t(`landscape.sorts.${sort}`) }))}
                style={{ flex: '0 1 11rem' }}
              />
            </FilterBar>
            <Tabs.Panel value={kind}>
              <LandscapeResults
                key={`${selected.id}-${kind}`}
                customerId={selected.id}
                kind={kind}
                search={search}
              />
            </Tabs.Panel>
          </Stack>
        </Tabs>
      )}
    </Stack>
  );
}

function LandscapeResults({
  customerId,
  kind,
  search,
}: {
  customerId: number;
  kind: LandscapeKind;
  search: LandscapeSearch;
}) {
  const { t } = useTranslation('default');
  const { api } = useSession();
  const filters = filtersOf(search);
  const query = useInfiniteQuery({
    ...landscapeQueries.list(api, customerId, kind, filters),
    placeholderData: keepPreviousData,
  });
  const wide = useMediaQuery(WIDE_LIST_QUERY, true, { getInitialValueInEffect: false });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const [focusIndex, setFocusIndex] = useState<number>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: tried again when the new page renders
  useEffect(() => {
    if (focusIndex === undefined) return;
    const link = document.getElementById(`landscape-link-${focusIndex}`);
    if (link) {
      link.focus();
      setFocusIndex(undefined);
    }
  }, [focusIndex, items]);

  const loadMore = async () => {
    const firstNew = items.length;
    await query.fetchNextPage();
    setFocusIndex(firstNew);
  };
  const filtered = Boolean(filters.q || filters.status || filters.location);

  return (
    <PagedList
      id="landscape-list-title"
      title={t(`landscape.kinds.${kind}`)}
      query={query}
      count={items.length}
      shown={t('landscape.shown', { count: items.length })}
      status={<VisuallyHidden>{t('landscape.emptyTitle')}</VisuallyHidden>}
      countTestId="landscape-count"
      empty={{
        title: filtered ? t('landscape.noMatchTitle') : t('landscape.emptyTitle'),
        text: filtered ? t('landscape.noMatchText') : t('landscape.emptyText'),
        testId: 'landscape-empty',
      }}
      loadMoreLabel={t('landscape.loadMore')}
      onLoadMore={loadMore}
      allShown={(query.data?.pages.length ?? 0) > 1 && t('landscape.allShown')}
    >
      {wide ? <ObjectTable kind={kind} items={items} /> : <ObjectCards kind={kind} items={items} />}
    </PagedList>
  );
}

function ObjectTable({ kind, items }: { kind: LandscapeKind; items: LandscapeObject[] }) {
  const { t } = useTranslation('default');
  const columns = fieldsByKind[kind].filter((field) => field.column);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" data-testid="landscape-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t(`landscape.nameOf.${kind}`)}</Table.Th>
            {columns.map((field) => (
              <Table.Th scope="col" key={field.key}>
                {t(`landscape.fields.${field.key}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, index) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <ObjectLink id={item.id} elementId={`landscape-link-${index}`} fw={500}>
                  {item.name}
                </ObjectLink>
              </Table.Td>
              {columns.map((field) => (
                <Table.Td key={field.key}>
                  <Text size="sm" span>
                    {field.render(item, t)}
                  </Text>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ObjectCards({ kind, items }: { kind: LandscapeKind; items: LandscapeObject[] }) {
  const { t } = useTranslation('default');
  const columns = fieldsByKind[kind].filter((field) => field.column && field.key !== 'status').slice(0, 3);
  return (
    <ul className={classes.cards} data-testid="landscape-cards">
      {items.map((item, index) => (
        <Card key={item.id} component="li" withBorder padding="sm">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <ObjectLink
                id={item.id}
                elementId={`landscape-link-${index}`}
                fw={500}
                className={kind === 'ip-addresses' || kind === 'prefixes' ? classes.mono : undefined}
              >
                {item.name}
              </ObjectLink>
              <LandscapeStatusBadge status={item.status} withLabel />
            </Group>
            {columns.map((field) => (
              <Text size="sm" key={field.key}>
                <Text span c="dimmed" size="sm">
                  {t(`landscape.fields.${field.key}`)}:{' '}
                </Text>
                {field.render(item, t)}
              </Text>
            ))}
          </Stack>
        </Card>
      ))}
    </ul>
  );
}
