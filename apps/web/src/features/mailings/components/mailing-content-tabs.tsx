import { Tabs, Text, Title, type TitleOrder } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './mailings.module.css';

/** A mailing's subject and body per language, as each recipient reads them (wizard check, detail). */
export function MailingContentTabs({
  subject,
  body,
  sender,
  headingOrder,
}: {
  subject: { en: string; nl: string };
  body: { en: string; nl: string };
  sender: string;
  /** The subject's heading level under the section it is shown in. */
  headingOrder: TitleOrder;
}) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="en" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="en">{t('mailings.language.en')}</Tabs.Tab>
        <Tabs.Tab value="nl">{t('mailings.language.nl')}</Tabs.Tab>
      </Tabs.List>
      {(['en', 'nl'] as const).map((code) => (
        <Tabs.Panel key={code} value={code} pt="md" lang={code}>
          <Title order={headingOrder} size="h4" data-user-content className={classes.subject}>
            {subject[code]}
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            {t('mailings.check.from', { sender })}
          </Text>
          <div className={classes.preview} data-user-content data-testid={`preview-${code}`}>
            {body[code]}
          </div>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
