import { Button, Card, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  type MyNotificationChoices,
  type NotificationEvent,
  notificationEvents,
} from '@portaal/contracts/contacts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { SaveFailed } from '../../../components/feedback/form-error.tsx';
import { LoadFailed, LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import { toast } from '../../../components/feedback/toast.tsx';
import { notificationChoicesQueries } from '../api/notification-choices-queries.ts';
import { useSaveNotificationChoices } from '../api/use-save-notification-choices.ts';
import classes from './notification-choices.module.css';

const MEDIA = ['email', 'chat'] as const;
type Medium = (typeof MEDIA)[number];

const toggle = (list: readonly NotificationEvent[], event: NotificationEvent, on: boolean) =>
  notificationEvents.filter((item) => (item === event ? on : list.includes(item)));

/** One customer's choices: a row per event, a checkbox per medium, saved together. */
function CustomerChoices({ entry, titled }: { entry: MyNotificationChoices; titled: boolean }) {
  const { t } = useTranslation();
  const save = useSaveNotificationChoices();
  const [choices, setChoices] = useState({ email: entry.email, chat: entry.chat });
  const dirty = MEDIA.some((medium) => choices[medium].join() !== entry[medium].join());
  const headingId = `notification-choices-${entry.customer_id}`;

  return (
    <Stack gap="sm" aria-labelledby={titled ? headingId : undefined} role={titled ? 'group' : undefined}>
      {titled && (
        <Title order={3} size="h5" id={headingId} className={classes.customer}>
          {entry.display_name}
        </Title>
      )}
      <Table className={classes.table} verticalSpacing={6} horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('notificationChoices.event')}</Table.Th>
            {MEDIA.map((medium) => (
              <Table.Th key={medium} scope="col" className={classes.medium}>
                {t(`notificationChoices.media.${medium}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {notificationEvents.map((event) => (
            <Table.Tr key={event}>
              <Table.Th scope="row" fw={400}>
                {t(`notificationChoices.events.${event}`)}
              </Table.Th>
              {MEDIA.map((medium: Medium) => (
                <Table.Td key={medium} className={classes.medium}>
                  <Checkbox
                    className={classes.checkbox}
                    aria-label={t('notificationChoices.choice', {
                      event: t(`notificationChoices.events.${event}`),
                      medium: t(`notificationChoices.media.${medium}`),
                    })}
                    checked={choices[medium].includes(event)}
                    onChange={(change) => {
                      const on = change.currentTarget.checked;
                      setChoices((current) => ({ ...current, [medium]: toggle(current[medium], event, on) }));
                    }}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <SaveFailed error={save.error} />
      <Group>
        <Button
          size="sm"
          classNames={{ root: classes.save, label: classes.saveLabel }}
          disabled={!dirty}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { customerId: entry.customer_id, choices },
              { onSuccess: () => toast({ title: t('notificationChoices.saved') }) },
            )
          }
        >
          {titled
            ? t('notificationChoices.saveFor', { name: entry.display_name })
            : t('notificationChoices.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The profile's notification choices (DESIGN.md §8): per customer where the caller is a contact,
 * which events arrive by e-mail and which go to the company's chat channels.
 */
export function NotificationChoicesSection() {
  const { t } = useTranslation();
  const { api } = useSession();
  const query = useQuery(notificationChoicesQueries.list(api));

  let body: ReactNode;
  if (query.isError) body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <LoadingBlocks count={1} height={180} />;
  else if (query.data.length === 0) body = <Text c="dimmed">{t('notificationChoices.none')}</Text>;
  else {
    const titled = query.data.length > 1;
    body = (
      <Stack gap="lg">
        {query.data.map((entry) => (
          // A saved answer remounts the form with the stored choices.
          <CustomerChoices
            key={`${entry.customer_id}:${entry.email}:${entry.chat}`}
            entry={entry}
            titled={titled}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="section"
      aria-labelledby="profile-notifications-title"
    >
      <Title order={2} size="h3" id="profile-notifications-title" mb={4}>
        {t('notificationChoices.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('notificationChoices.intro')}
      </Text>
      {body}
    </Card>
  );
}
