import { Badge, Button, Group, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { isSearchable, TICKET_SEARCH_MIN_LENGTH } from '@portaal/contracts/ticket-rules';
import { type FormEvent, lazy, type RefObject, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BREAKPOINTS_PX } from '../../../app/theme.ts';
import { hasFilters, TICKET_SEARCH_MAX_LENGTH, type TicketFilters } from '../utils/search-params.ts';
import { Icon } from './icons.tsx';
import classes from './tickets.module.css';

/** Typing pauses this long before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 350;

/** Below this width (768 px) the status, priority and request-type filters fold away behind a button. */
export const UNFOLDED_FILTERS_QUERY = `(min-width: ${BREAKPOINTS_PX.sm / 16}em)`;

/**
 * The status, priority and request-type selects, loaded when first shown: a phone folds them away, so
 * its first screen of the list does without MultiSelect and the popover code under it (about 27 kB).
 */
const TicketFilterSelects = lazy(() =>
  import('./ticket-filter-selects.tsx').then((module) => ({ default: module.TicketFilterSelects })),
);

/** While the selects load: inputs of their size and labels, so nothing moves when they arrive. */
function SelectPlaceholders() {
  const { t } = useTranslation('support');
  return (['status', 'priority', 'category'] as const).map((field) => (
    <TextInput key={field} label={t(`fields.${field}`)} disabled aria-busy="true" />
  ));
}

/** Search (ticket number or subject, debounced) and the status, priority and request-type filters. */
export function TicketFiltersBar({
  filters,
  typed,
  onChange,
  onClear,
  searchRef,
}: {
  filters: TicketFilters;
  /** The URL's search as written, also when too short to apply (a link's ?q=ab): the box shows it and says why. */
  typed?: string;
  onChange: (filters: TicketFilters) => void;
  /** Removes every filter (and moves the focus somewhere that stays). */
  onClear: () => void;
  searchRef?: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation('support');
  const folded = !useMediaQuery(UNFOLDED_FILTERS_QUERY, true, { getInitialValueInEffect: false });
  const [unfolded, setUnfolded] = useState(false);
  const moreId = useId();
  const active = filters.status.length + filters.priority.length + filters.category.length;
  const [text, setText] = useState(typed ?? filters.search);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // The search this bar sent last: a different value in the URL came from elsewhere (back button,
  // "clear filters") and replaces what is in the box; our own value coming back must not, or it
  // would undo what was typed meanwhile.
  const sent = useRef(filters.search);

  useEffect(() => {
    if (filters.search !== sent.current) {
      sent.current = filters.search;
      setText(filters.search);
    }
  }, [filters.search]);

  // Too short to search (SPEC.md §9): the list shows everything meanwhile, and the box says why.
  const tooShort = text.trim() !== '' && !isSearchable(text);
  const apply = (value: string) => {
    const search = isSearchable(value) ? value.trim() : '';
    if (search === sent.current) return;
    sent.current = search;
    onChange({ ...filters, search });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typing pauses, not on every filter change
  useEffect(() => apply(debounced), [debounced]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(text);
  };

  const clear = () => {
    sent.current = '';
    setText('');
    onClear();
  };

  const filtersToggle = (
    <Button
      variant="default"
      leftSection={<Icon name="filter" />}
      rightSection={
        active > 0 ? (
          <Badge size="sm" circle aria-hidden="true">
            {active}
          </Badge>
        ) : undefined
      }
      aria-expanded={unfolded}
      aria-controls={moreId}
      aria-label={active > 0 ? t('list.filtersToggleActive', { count: active }) : undefined}
      onClick={() => setUnfolded((value) => !value)}
      data-testid="filters-toggle"
    >
      {t('list.filtersToggle')}
    </Button>
  );

  return (
    // biome-ignore lint/a11y/useSemanticElements: the same landmark as <search>, which jsdom (component tests) does not know
    <form role="search" aria-label={t('list.filters')} onSubmit={submit}>
      {/* On phones the search stays, and the other filters fold away behind a button that says how
          many are set: unfolded they would fill the whole first screen. On wider screens the
          wrapper is display: contents, so all four sit in one grid. */}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
        {/* The Filters button sits in the field's input row (inputContainer), so a hint below the
            input leaves it level with the input. */}
        <TextInput
          className={classes.searchRow}
          ref={searchRef}
          type="search"
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={text}
          maxLength={TICKET_SEARCH_MAX_LENGTH}
          description={tooShort ? t('list.searchTooShort', { min: TICKET_SEARCH_MIN_LENGTH }) : undefined}
          inputWrapperOrder={['label', 'input', 'description']}
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap">
              <div className={classes.searchField}>{input}</div>
              {folded && filtersToggle}
            </Group>
          )}
          onChange={(event) => setText(event.currentTarget.value)}
          leftSection={<Icon name="search" />}
          autoComplete="off"
        />
        {/* Folded, the three selects are neither loaded nor rendered (each brings a listbox and
            positions it): a phone's first screen of the list does without that code and work. */}
        <div id={moreId} className={classes.moreFilters} hidden={folded && !unfolded}>
          {(!folded || unfolded) && (
            <Suspense fallback={<SelectPlaceholders />}>
              <TicketFilterSelects filters={filters} onChange={onChange} />
            </Suspense>
          )}
        </div>
      </SimpleGrid>
      <Group justify="space-between" mt="xs" gap="xs" wrap="wrap">
        {filters.status.length === 0 ? (
          <Switch
            label={t('list.showClosed')}
            checked={filters.closed}
            onChange={(event) => onChange({ ...filters, closed: event.currentTarget.checked })}
          />
        ) : (
          <span />
        )}
        {hasFilters(filters) && (
          <Button variant="subtle" size="compact-sm" onClick={clear}>
            {t('list.clear')}
          </Button>
        )}
      </Group>
    </form>
  );
}
