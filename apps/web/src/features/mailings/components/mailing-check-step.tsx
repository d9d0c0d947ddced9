import { Card, Stack, Text, Title } from '@mantine/core';
import type { MailingPreview } from '@portaal/contracts/mailings';
import { useTranslation } from 'react-i18next';
import { MailingContentTabs } from './mailing-content-tabs.tsx';
import { MailingQuerySummary } from './mailing-query-summary.tsx';
import classes from './mailings.module.css';
import { toQuery, type WizardValues } from './wizard-values.ts';

/** Step 3: what will be sent to whom, per language, before it is sent. */
export function MailingCheckStep({ values, preview }: { values: WizardValues; preview?: MailingPreview }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <div className={classes.summary}>
        <Card withBorder radius="md" padding="lg">
          <Text size="sm" c="dimmed">
            {t('mailings.check.recipients')}
          </Text>
          <Text className={classes.count} data-testid="check-recipient-count">
            {preview?.count ?? '–'}
          </Text>
          {preview && (
            <Text size="sm" c="dimmed">
              {t('mailings.list.perLanguage', preview.languages)}
            </Text>
          )}
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Text size="sm" c="dimmed">
            {t('mailings.content.label')}
          </Text>
          <Text fw={600} data-user-content className={classes.subject}>
            {values.label}
          </Text>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Text size="sm" c="dimmed">
            {t('mailings.content.sender')}
          </Text>
          <Text fw={600} data-user-content className={classes.subject}>
            {values.sender}
          </Text>
        </Card>
      </div>
      <section aria-labelledby="mailing-check-list">
        <Title order={3} size="h5" id="mailing-check-list" mb="xs">
          {t('mailings.steps.list')}
        </Title>
        <MailingQuerySummary
          query={toQuery(values.query)}
          customers={values.query.customers.map((customer) => ({
            customer_id: customer.id,
            name: customer.name,
          }))}
        />
      </section>
      <MailingContentTabs
        subject={values.subject}
        body={values.body}
        sender={values.sender}
        headingOrder={2}
      />
    </Stack>
  );
}
