import { SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAILING_BODY_MIN, MAILING_SUBJECT_MIN } from '@portaal/contracts/mailings';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/growing-textarea/growing-textarea.tsx';
import { contentMax, type WizardValues } from './wizard-values.ts';

type Path = Parameters<UseFormReturnType<WizardValues>['getInputProps']>[0];

/**
 * Step 2: the label (staff only), the sender, and subject and body in English and Dutch. The fields
 * have no maxLength: a browser cuts a longer paste off unseen. Their hints name the maximum, and
 * text over it is refused at once with the maximum and its length.
 */
export function MailingContentStep({ form }: { form: UseFormReturnType<WizardValues> }) {
  const { t } = useTranslation();
  const limited = (path: Path, max: number) => {
    const props = form.getInputProps(path);
    return {
      ...props,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        props.onChange(event);
        if (event.currentTarget.value.trim().length > max) form.validateField(path);
      },
    };
  };
  const language = (code: 'en' | 'nl') => (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Title order={2} size="h4" component="legend" mb="xs">
        {t(`mailings.content.in.${code}`)}
      </Title>
      <TextInput
        label={t(`mailings.content.subject.${code}`)}
        description={t('mailings.content.subjectHint', { min: MAILING_SUBJECT_MIN, max: contentMax.subject })}
        required
        lang={code}
        data-field={`subject.${code}`}
        {...limited(`subject.${code}`, contentMax.subject)}
      />
      <GrowingTextarea
        label={t(`mailings.content.body.${code}`)}
        description={t('mailings.content.bodyHint', { min: MAILING_BODY_MIN, max: contentMax.body })}
        required
        minRows={6}
        maxRows={16}
        lang={code}
        data-field={`body.${code}`}
        {...limited(`body.${code}`, contentMax.body)}
      />
    </Stack>
  );
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('mailings.content.label')}
          description={t('mailings.content.labelHint', { max: contentMax.label })}
          required
          data-field="label"
          {...limited('label', contentMax.label)}
        />
        <TextInput
          label={t('mailings.content.sender')}
          description={t('mailings.content.senderHint', { max: contentMax.sender })}
          required
          data-field="sender"
          {...limited('sender', contentMax.sender)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        {language('en')}
        {language('nl')}
      </SimpleGrid>
    </Stack>
  );
}
