import { ActionIcon, Box, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BREAKPOINTS_PX } from '../../../app/theme.ts';
import { StrokeIcon } from '../../../components/icon/stroke-icon.tsx';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '../search-rules.ts';
import { startTypeAhead, typing } from '../type-ahead.ts';

/** Magnifying glass; the link's label carries the meaning. */
const SEARCH_ICON = ['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M20 20l-4-4'];

/**
 * The header's search box (phones, below `sm`, get a search button that opens the Search screen): `/`
 * focuses it, Enter opens the Search screen with the text, unless `openDirectly` opens what the text
 * names at once (a ticket number opens the ticket) and says so. On phones `/` opens the Search screen
 * with its field focused instead, and what is typed meanwhile lands in that field.
 */
export function HeaderSearch({ openDirectly }: { openDirectly?: (query: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  // The box is hidden below sm (visibleFrom="sm"), and a hidden field cannot take the focus.
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS_PX.sm / 16}em)`, true, {
    getInitialValueInEffect: false,
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      event.preventDefault();
      if (wide) {
        input.current?.focus();
        return;
      }
      // What is typed while the screen loads goes into its field.
      startTypeAhead();
      // On the Search screen already, its search stays and no history entry is added.
      const here = router.state.location.pathname === '/search';
      void navigate({ to: '/search', search: here ? true : {}, replace: here, state: { focusSearch: true } });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [wide, navigate, router]);

  return (
    <>
      <ActionIcon
        component={Link}
        to="/search"
        // Like `/` on phones: the screen focuses its field, so what is typed next is searched.
        state={{ focusSearch: true }}
        hiddenFrom="sm"
        variant="default"
        size="lg"
        aria-label={t('search.open')}
        data-testid="header-search-button"
      >
        <StrokeIcon paths={SEARCH_ICON} size={20} />
      </ActionIcon>
      <Box
        component="form"
        role="search"
        visibleFrom="sm"
        onSubmit={async (event) => {
          event.preventDefault();
          const q = value.trim();
          if (q && (await openDirectly?.(q))) {
            setValue('');
            return;
          }
          // A short text still opens the screen, which explains the minimum.
          void navigate({ to: '/search', search: q ? { q } : {} });
          if (q.length >= SEARCH_MIN_LENGTH) setValue('');
        }}
      >
        <TextInput
          ref={input}
          type="search"
          size="sm"
          w={220}
          aria-label={t('search.label')}
          placeholder={t('search.headerPlaceholder')}
          value={value}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(event) => setValue(event.currentTarget.value)}
          aria-keyshortcuts="/"
          data-testid="header-search"
        />
      </Box>
    </>
  );
}
