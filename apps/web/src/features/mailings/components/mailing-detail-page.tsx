import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { access } from '../../../app/navigation.ts';
import { useSession } from '../../../app/session.ts';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { LoadFailed, LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import { BackLink } from '../../../components/list-shell/list-shell.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { mailingsQueries } from '../api/mailings-queries.ts';
import { MailingContentTabs } from './mailing-content-tabs.tsx';
import { MailingDraftSend } from './mailing-draft-send.tsx';
import { MailingQuerySummary } from './mailing-query-summary.tsx';
import { MailingProgressBar, MailingStatusBadge } from './mailing-status.tsx';
import classes from './mailings.module.css';

const COUNTS = ['delivered', 'waiting', 'failed'] as const;

/**
 * /admin/mailings/{id} (staff, decision 0026): one mailing — its status, sender and dates, the
 * recipient query in words, the content in both languages, and the progress (delivered, waiting,
 * failed), which moves on by itself while the mailing is sending. A draft (the wizard was closed, or
 * its send refused) can be sent from here by those who may send mailings. An unknown id never gets here: the
 * route answers it with the not-found page.
 */
export function MailingDetailPage({ mailingId }: { mailingId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const { api } = session;
  const canSend = session.can(access.mailingSend);
  const progressHeading = useRef<HTMLHeadingElement>(null);
  const detail = useQuery(mailingsQueries.detail(api, mailingId));
  const back = <BackLink to="/admin/mailings">{t('mailings.back')}</BackLink>;

  if (detail.isPending) {
    return (
      <Stack gap="lg">
        {back}
        <LoadingBlocks count={3} height={120} />
      </Stack>
    );
  }
  if (detail.isError) {
    return (
      <Stack gap="lg">
        {back}
        <Title order={1}>{t('mailings.detail.title', { id: mailingId })}</Title>
        <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} />
      </Stack>
    );
  }

  const mailing = detail.data;
  return (
    <Stack gap="lg" data-testid="mailing-detail">
      {back}
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div>
          <Title order={1} data-user-content className={classes.subject}>
            {mailing.label}
          </Title>
          <Text c="dimmed" size="sm">
            {t('mailings.detail.byline', {
              name: mailing.created_by,
              date: formatDateTime(mailing.created_at),
            })}
          </Text>
        </div>
        <MailingStatusBadge status={mailing.status} />
      </Group>

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="mailing-progress-title">
        <Title order={2} size="h4" id="mailing-progress-title" mb="sm" ref={progressHeading} tabIndex={-1}>
          {t('mailings.detail.progress')}
        </Title>
        {mailing.status === 'draft' ? (
          <Text>{t('mailings.detail.draft')}</Text>
        ) : (
          <Stack gap="md">
            <dl className={classes.counts}>
              {COUNTS.map((key) => (
                <div key={key}>
                  <dt>{t(`mailings.detail.counts.${key}`)}</dt>
                  <dd className={classes.count} data-testid={`mailing-count-${key}`}>
                    {mailing[key]}
                  </dd>
                </div>
              ))}
            </dl>
            <MailingProgressBar progress={mailing} />
          </Stack>
        )}
        {canSend && <MailingDraftSend mailing={mailing} onSent={() => progressHeading.current?.focus()} />}
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="mailing-details-title">
        <Title order={2} size="h4" id="mailing-details-title" mb="sm">
          {t('mailings.detail.details')}
        </Title>
        <DataList
          items={[
            { key: 'sender', label: t('mailings.content.sender'), value: mailing.sender },
            { key: 'writer', label: t('mailings.detail.writtenBy'), value: mailing.created_by },
            {
              key: 'sent',
              label: t('mailings.detail.sentAt'),
              value: mailing.sent_at ? formatDateTime(mailing.sent_at) : t('mailings.detail.notSent'),
            },
            {
              key: 'recipients',
              label: t('mailings.check.recipients'),
              value: mailing.status === 'draft' ? t('mailings.detail.notSent') : String(mailing.total),
            },
          ]}
        />
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="mailing-list-title">
        <Title order={2} size="h4" id="mailing-list-title" mb="sm">
          {t('mailings.steps.list')}
        </Title>
        <MailingQuerySummary query={mailing.query} customers={mailing.customers} />
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="mailing-content-title">
        <Title order={2} size="h4" id="mailing-content-title" mb="sm">
          {t('mailings.detail.content')}
        </Title>
        <MailingContentTabs
          subject={mailing.subject}
          body={mailing.body}
          sender={mailing.sender}
          headingOrder={3}
        />
      </Card>
    </Stack>
  );
}
