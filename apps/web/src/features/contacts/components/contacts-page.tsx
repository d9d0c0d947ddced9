import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { LoadFailed, LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import { toast } from '../../../components/feedback/toast.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { contactsQueries } from '../api/contacts-queries.ts';
import { CallListSection } from './call-list-section.tsx';
import { ContactForm } from './contact-form.tsx';
import { ContactList } from './contact-list.tsx';
import { TechnicalEmailsSection } from './technical-emails-section.tsx';

export const contactRights = {
  edit: { customer: ['contact-edit'] },
  admin: { customer: ['contact-admin'] },
  users: { customer: ['user-admin'] },
  staff: { global: ['contact-read'] },
} as const;

/** /company/{customerId}/contacts: the list, the call list and the technical e-mail list. */
export function ContactsPage({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const editable = session.can(contactRights.edit, customerId);
  const [creating, setCreating] = useState(false);
  const list = useQuery(contactsQueries.list(session.api, customerId));
  const callList = useQuery(contactsQueries.callList(session.api, customerId));
  const emails = useQuery(contactsQueries.technicalEmails(session.api, customerId));

  let body: React.ReactNode;
  if (list.isPending) body = <LoadingBlocks count={4} height={48} />;
  else if (list.isError) body = <LoadFailed error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.length === 0) body = <Text c="dimmed">{t('contacts.empty')}</Text>;
  else body = <ContactList customerId={customerId} contacts={list.data} />;

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Anchor
            renderRoot={(props) => (
              <Link {...props} to="/company/{-$customerId}" params={{ customerId: String(customerId) }} />
            )}
            size="sm"
          >
            {t('company.title')}
          </Anchor>
          <Title order={1}>{t('contacts.title')}</Title>
          <Text c="dimmed" mt={4}>
            {t('contacts.intro')}
          </Text>
        </div>
        {editable && <Button onClick={() => setCreating(true)}>{t('contacts.new')}</Button>}
      </Group>
      <section aria-labelledby="contacts-list-title">
        <Title order={2} size="h3" id="contacts-list-title" mb="sm">
          {t('contacts.listTitle')}
        </Title>
        <div aria-busy={list.isFetching}>{body}</div>
      </section>
      {callList.isError ? (
        <LoadFailed error={callList.error} onRetry={() => void callList.refetch()} />
      ) : callList.data && list.data ? (
        <CallListSection
          key={callList.data.map((c) => c.contact_id).join()}
          customerId={customerId}
          callList={callList.data}
          contacts={list.data}
          editable={editable}
        />
      ) : (
        <LoadingBlocks count={1} height={120} />
      )}
      {emails.isError ? (
        <LoadFailed error={emails.error} onRetry={() => void emails.refetch()} />
      ) : emails.data ? (
        <TechnicalEmailsSection
          key={emails.data.emails.join()}
          customerId={customerId}
          emails={emails.data.emails}
          editable={editable}
        />
      ) : (
        <LoadingBlocks count={1} height={120} />
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('contacts.new')} size="lg">
        <ContactForm
          customerId={customerId}
          staff={session.can(contactRights.staff)}
          onCancel={() => setCreating(false)}
          onSaved={(contact) => {
            setCreating(false);
            toast({ title: t('contacts.created') });
            void navigate({
              to: '/company/$customerId/contacts/$id',
              params: { customerId: String(customerId), id: String(contact.contact_id) },
            });
          }}
        />
      </Modal>
      {!editable && (
        <Alert variant="light" color="blue">
          {t('contacts.readOnly')}
        </Alert>
      )}
    </Stack>
  );
}
