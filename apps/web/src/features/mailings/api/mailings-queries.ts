import type { MailingQuery } from '@portaal/contracts/mailings';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ApiClient, dataOf, nextCursorOf } from '../../../lib/api-client.ts';

export const MAILINGS_PAGE_SIZE = 20;

/** Query-option factories of the staff mailings (/admin/mailings, /admin/mailings/{id}, …/new). */
export const mailingsQueries = {
  all: () => ['mailings'] as const,
  list: (api: ApiClient) =>
    infiniteQueryOptions({
      queryKey: [...mailingsQueries.all(), 'list'] as const,
      queryFn: async ({ pageParam, signal }) => {
        const { data, response } = await api.GET('/api/admin/v2/mailings', {
          params: { query: { limit: MAILINGS_PAGE_SIZE, cursor: pageParam } },
          signal,
        });
        return { items: data ?? [], nextCursor: nextCursorOf(response) };
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor,
      // Mailings that are being sent move on by themselves.
      refetchInterval: (query) =>
        query.state.data?.pages.some((page) => page.items.some((item) => item.status === 'sending'))
          ? 2000
          : false,
    }),
  preview: (api: ApiClient, query: MailingQuery) =>
    queryOptions({
      queryKey: [...mailingsQueries.all(), 'preview', query] as const,
      queryFn: ({ signal }) => dataOf(api.POST('/api/admin/v2/mailings/recipients', { body: query, signal })),
      placeholderData: keepPreviousData,
      staleTime: 10_000,
    }),
  /** One mailing (/admin/mailings/{id}): content, query and progress; it moves on while sending. */
  detail: (api: ApiClient, mailingId: number) =>
    queryOptions({
      queryKey: [...mailingsQueries.all(), mailingId, 'detail'] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/admin/v2/mailings/{mailing_id}', {
            params: { path: { mailing_id: mailingId } },
            signal,
          }),
        ),
      refetchInterval: (query) => (query.state.data?.status === 'sending' ? 2000 : false),
    }),
  progress: (api: ApiClient, mailingId: number) =>
    queryOptions({
      queryKey: [...mailingsQueries.all(), mailingId, 'progress'] as const,
      queryFn: ({ signal }) =>
        dataOf(
          api.GET('/api/admin/v2/mailings/{mailing_id}/progress', {
            params: { path: { mailing_id: mailingId } },
            signal,
          }),
        ),
      refetchInterval: (query) => (query.state.data?.status === 'sending' ? 1000 : false),
    }),
};
