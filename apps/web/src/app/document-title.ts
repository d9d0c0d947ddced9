import { useMatches } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppLanguage, currentLanguage } from '../lib/i18n.ts';
import type { AreaKey } from './navigation.ts';

/** What a route's screen is called in the document title (WCAG 2.4.2), declared in its staticData. */
export interface RouteTitle {
  /**
   * A translation key (namespace `global` unless it names one, like `support:…`), interpolated with the
   * route's params and search: `titles.ticket` is 'Ticket #{{id}}'. A function picks the key from them.
   * Left out, the area alone names the page.
   */
  page?: string | ((match: TitleMatch) => string);
  /**
   * Values for the page's text instead of the raw params and search, in the reader's language: a
   * month '2026-10' read as 'October 2026'. Left out, the params and search are used as they are.
   */
  values?: (match: TitleMatch, language: AppLanguage) => Record<string, unknown>;
  /** The sidebar area the screen belongs to (`global:nav.<area>`). */
  area?: AreaKey;
}

export interface TitleMatch {
  params: Record<string, unknown>;
  search: Record<string, unknown>;
}

/** 'Ticket #10048 · Support · Portaal': page · area · brand, each part once. */
export function formatDocumentTitle(parts: (string | undefined)[], brand: string): string {
  const unique: string[] = [];
  for (const part of [...parts, brand]) {
    const text = part?.trim();
    if (text && !unique.includes(text)) unique.push(text);
  }
  return unique.join(' · ');
}

/** The translated page and area of a route title, from the match's params and search. */
export function titleParts(
  title: RouteTitle,
  match: TitleMatch,
  t: TFunction,
  language: AppLanguage = 'en',
): string[] {
  const key = typeof title.page === 'function' ? title.page(match) : title.page;
  const values = { ...match.search, ...match.params, ...title.values?.(match, language) };
  return [
    key ? String(t(key, { ns: 'global', ...values })) : undefined,
    title.area ? String(t(`nav.${title.area}`, { ns: 'global' })) : undefined,
  ].filter((part): part is string => part !== undefined);
}

/** Sets document.title while mounted and whenever the text changes (navigation, language). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

// The name of the one item a screen shows ('Jan Jansen', 'server01'), which its route cannot know:
// the screen sets it once loaded (useItemTitle) and the title leads with it.
let itemName: string | undefined;
const itemListeners = new Set<() => void>();
const subscribeItem = (listener: () => void) => {
  itemListeners.add(listener);
  return () => itemListeners.delete(listener);
};
function setItemName(name: string | undefined) {
  itemName = name;
  for (const listener of itemListeners) listener();
}

/** Puts the shown item's name first in the document title while the screen is mounted. */
export function useItemTitle(name: string | undefined): void {
  useEffect(() => {
    setItemName(name);
    return () => setItemName(undefined);
  }, [name]);
}

/**
 * The title of the current screen: the shown item's name (useItemTitle) and the deepest matched route
 * with `staticData.title`, the not-found title when the router found nothing (or a route threw
 * notFound()), the error title when a route failed. A new route needs one line:
 * `staticData: { title: { page: 'titles.x', area: 'y' } }`.
 */
export function useRouteDocumentTitle(brand: string): void {
  const { t, i18n } = useTranslation('global');
  const matches = useMatches();
  const item = useSyncExternalStore(subscribeItem, () => itemName);
  let parts: (string | undefined)[] = [];
  if (matches.some((match) => match.status === 'notFound' || match._notFound)) {
    parts = [t('titles.notFound')];
  } else if (matches.some((match) => match.status === 'error')) {
    parts = [t('titles.error')];
  } else {
    const match = matches.findLast((candidate) => candidate.staticData?.title);
    const title = match?.staticData.title;
    if (match && title)
      parts = titleParts(
        title,
        {
          params: match.params as Record<string, unknown>,
          search: match.search as Record<string, unknown>,
        },
        t,
        currentLanguage(i18n),
      );
    parts.unshift(item);
  }
  useDocumentTitle(formatDocumentTitle(parts, brand));
}
