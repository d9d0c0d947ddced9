import { ActionIcon, Button, Group, Text, TextInput } from '@mantine/core';
import { EMAIL_MESSAGE, emailSchema } from '@portaal/contracts/contacts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveFailed } from '../../../components/feedback/form-error.tsx';
import { toast } from '../../../components/feedback/toast.tsx';
import { TitledSection } from '../../../components/layout/titled-section.tsx';
import { useSaveTechnicalEmails } from '../api/use-save-technical-emails.ts';
import classes from './contacts.module.css';

/** The technical e-mail list: addresses that get technical notices, contacts or not. */
export function TechnicalEmailsSection({
  customerId,
  emails,
  editable,
}: {
  customerId: number;
  emails: string[];
  editable: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveTechnicalEmails(customerId);
  const [list, setList] = useState(emails);
  const [entry, setEntry] = useState('');
  const [error, setError] = useState<string>();
  const dirty = list.join() !== emails.join();

  const add = () => {
    const parsed = emailSchema.safeParse(entry);
    if (!parsed.success) {
      setError(
        parsed.error.issues[0]?.message === EMAIL_MESSAGE
          ? t('contacts.form.invalidEmail')
          : t('form.format', { ns: 'global' }),
      );
      return;
    }
    if (list.includes(parsed.data)) {
      setError(t('contacts.technicalEmails.duplicate'));
      return;
    }
    setList([...list, parsed.data]);
    setEntry('');
    setError(undefined);
  };

  return (
    <TitledSection
      id="technical-emails-title"
      title={t('contacts.technicalEmails.title')}
      intro={t('contacts.technicalEmails.intro')}
    >
      {list.length === 0 ? (
        <Text c="dimmed">{t('contacts.technicalEmails.empty')}</Text>
      ) : (
        <ul className={classes.callList}>
          {list.map((email) => (
            <li key={email} className={classes.callItem}>
              <span className={`${classes.callName} ${classes.email}`}>{email}</span>
              {editable && (
                <ActionIcon
                  variant="default"
                  aria-label={t('contacts.technicalEmails.remove', { email })}
                  onClick={() => setList(list.filter((item) => item !== email))}
                >
                  ×
                </ActionIcon>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('contacts.technicalEmails.add')}
            type="email"
            value={entry}
            error={error}
            onChange={(event) => setEntry(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            w={280}
          />
          <Button variant="default" mt={25} onClick={add}>
            {t('contacts.technicalEmails.addButton')}
          </Button>
          <Button
            mt={25}
            disabled={!dirty}
            loading={save.isPending}
            onClick={() =>
              // A promise rather than mutate's callbacks: the saved list remounts this section.
              save
                .mutateAsync(list)
                .then(() => toast({ title: t('contacts.technicalEmails.saved') }))
                .catch(() => undefined)
            }
          >
            {t('contacts.technicalEmails.save')}
          </Button>
        </Group>
      )}
      <SaveFailed error={save.error} />
    </TitledSection>
  );
}
