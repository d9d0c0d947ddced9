import { SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  MAILING_BODY_MIN,
  MAILING_LABEL_MAX,
  MAILING_SENDER_MAX,
  MAILING_SUBJECT_MAX,
  MAILING_SUBJECT_MIN,
} from '@portaal/contracts/mailings';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/growing-textarea/growing-textarea.tsx';
import type { WizardValues } from './wizard-values.ts';

/** Step 2: the label (staff only), the sender, and subject and body in English and Dutch. */
export function MailingContentStep({ form }: { form: UseFormReturnType<WizardValues> }) {
  const { t } = useTranslation();
  const language = (code: 'en' | 'nl') => (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Title order={2} size="h4" component="legend" mb="xs">
        {t(`mailings.content.in.${code}`)}
      </Title>
      <TextInput
        label={t(`mailings.content.subject.${code}`)}
        description={t('mailings.content.subjectHint', { min: MAILING_SUBJECT_MIN })}
        required
        maxLength={MAILING_SUBJECT_MAX}
        lang={code}
        data-field={`subject.${code}`}
        {...form.getInputProps(`subject.${code}`)}
      />
      <GrowingTextarea
        label={t(`mailings.content.body.${code}`)}
        description={t('mailings.content.bodyHint', { min: MAILING_BODY_MIN })}
        required
        minRows={6}
        maxRows={16}
        lang={code}
        data-field={`body.${code}`}
        {...form.getInputProps(`body.${code}`)}
      />
    </Stack>
  );
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('mailings.content.label')}
          description={t('mailings.content.labelHint')}
          required
          maxLength={MAILING_LABEL_MAX}
          data-field="label"
          {...form.getInputProps('label')}
        />
        <TextInput
          label={t('mailings.content.sender')}
          description={t('mailings.content.senderHint')}
          required
          maxLength={MAILING_SENDER_MAX}
          data-field="sender"
          {...form.getInputProps('sender')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        {language('en')}
        {language('nl')}
      </SimpleGrid>
    </Stack>
  );
}
