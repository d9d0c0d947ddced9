import { Card, Stack, Tabs, Text, Title } from '@mantine/core';
import type { MailingPreview } from '@portaal/contracts/mailings';
import { useTranslation } from 'react-i18next';
import classes from './mailings.module.css';
import type { WizardValues } from './wizard-values.ts';

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
      <Tabs defaultValue="en" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="en">{t('mailings.language.en')}</Tabs.Tab>
          <Tabs.Tab value="nl">{t('mailings.language.nl')}</Tabs.Tab>
        </Tabs.List>
        {(['en', 'nl'] as const).map((code) => (
          <Tabs.Panel key={code} value={code} pt="md" lang={code}>
            <Title order={2} size="h4" data-user-content className={classes.subject}>
              {values.subject[code]}
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              {t('mailings.check.from', { sender: values.sender })}
            </Text>
            <div className={classes.preview} data-user-content data-testid={`preview-${code}`}>
              {values.body[code]}
            </div>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
