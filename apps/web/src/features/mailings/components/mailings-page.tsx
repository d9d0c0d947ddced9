import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MailingSummary } from '@portaal/contracts/mailings';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { access } from '../../../app/navigation.ts';
import { useSession } from '../../../app/session.ts';
import { LoadFailed, LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import { LoadMore } from '../../../components/list-shell/list-shell.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { mailingsQueries } from '../api/mailings-queries.ts';
import { MailingProgressBar, MailingStatusBadge } from './mailing-status.tsx';
import classes from './mailings.module.css';

const WIDE_LIST_QUERY = '(min-width: 62em)';

/**
 * /admin/mailings (staff, decision 0026): the mailings, newest first, with their progress; each
 * label opens the mailing.
 */
export function MailingsPage() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const session = useSession();
  const canSend = session.can(access.mailingSend);
  const list = useInfiniteQuery(mailingsQueries.list(session.api));
  const wide = useMediaQuery(WIDE_LIST_QUERY, true);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const subjectOf = (mailing: MailingSummary) =>
    language === 'nl' ? mailing.subject.nl : mailing.subject.en;
  const dateOf = (mailing: MailingSummary) => formatDateTime(mailing.sent_at ?? mailing.created_at);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t('mailings.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('mailings.intro')}
          </Text>
        </div>
        {canSend && (
          <Button component={Link} to="/admin/mailings/new">
            {t('mailings.new')}
          </Button>
        )}
      </Group>
      {list.isPending ? (
        <LoadingBlocks count={3} height={70} />
      ) : list.isError ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Card withBorder radius="md" padding="xl" data-testid="mailings-empty">
          <Text ta="center">{t('mailings.empty')}</Text>
        </Card>
      ) : wide ? (
        <Table.ScrollContainer minWidth={700}>
          <Table striped highlightOnHover data-testid="mailings-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('mailings.columns.label')}</Table.Th>
                <Table.Th>{t('mailings.columns.subject')}</Table.Th>
                <Table.Th>{t('mailings.columns.status')}</Table.Th>
                <Table.Th>{t('mailings.columns.progress')}</Table.Th>
                <Table.Th>{t('mailings.columns.date')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((mailing) => (
                <Table.Tr key={mailing.mailing_id}>
                  <Table.Td>
                    <MailingLink mailing={mailing} />
                  </Table.Td>
                  <Table.Td data-user-content className={classes.subject}>
                    {subjectOf(mailing)}
                  </Table.Td>
                  <Table.Td>
                    <MailingStatusBadge status={mailing.status} />
                  </Table.Td>
                  <Table.Td className={classes.progressCell}>
                    <MailingProgressOrDraft mailing={mailing} />
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{dateOf(mailing)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack gap="sm" component="ul" className={classes.cards} data-testid="mailings-cards">
          {items.map((mailing) => (
            <Card key={mailing.mailing_id} withBorder radius="md" padding="md" component="li">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <MailingLink mailing={mailing} />
                <MailingStatusBadge status={mailing.status} />
              </Group>
              <Text size="sm" data-user-content className={classes.subject}>
                {subjectOf(mailing)}
              </Text>
              <Text size="sm" c="dimmed" mb="xs">
                {dateOf(mailing)}
              </Text>
              <MailingProgressOrDraft mailing={mailing} />
            </Card>
          ))}
        </Stack>
      )}
      <LoadMore query={list} label={t('mailings.more')} />
    </Stack>
  );
}

/** A draft has no recipients fixed yet: "not sent yet" instead of a bar of 0 of 0 delivered. */
function MailingProgressOrDraft({ mailing }: { mailing: MailingSummary }) {
  const { t } = useTranslation();
  if (mailing.status !== 'draft') return <MailingProgressBar progress={mailing} />;
  return (
    <Text size="sm" c="dimmed" data-testid="mailing-not-sent">
      {t('mailings.detail.notSent')}
    </Text>
  );
}

/** The label, as the link that opens the mailing (rows and cards alike). */
function MailingLink({ mailing }: { mailing: MailingSummary }) {
  return (
    <Anchor
      renderRoot={(props) => (
        <Link {...props} to="/admin/mailings/$id" params={{ id: String(mailing.mailing_id) }} />
      )}
      underline="always"
      fw={600}
      data-user-content
      className={classes.subject}
      data-testid="mailing-link"
    >
      {mailing.label}
    </Anchor>
  );
}
