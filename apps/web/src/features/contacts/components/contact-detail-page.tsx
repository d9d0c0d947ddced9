import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { type Contact, phoneHref } from '@portaal/contracts/contacts';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useItemTitle } from '../../../app/document-title.ts';
import { useSession } from '../../../app/session.ts';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { SaveFailed } from '../../../components/feedback/form-error.tsx';
import {
  isNotFound,
  LoadFailed,
  LoadingBlocks,
  NotFoundState,
} from '../../../components/feedback/page-states.tsx';
import { toast } from '../../../components/feedback/toast.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { contactsQueries } from '../api/contacts-queries.ts';
import { useDeleteContact } from '../api/use-delete-contact.ts';
import { RoleBadges, SyncBadge } from './contact-badges.tsx';
import { ContactForm } from './contact-form.tsx';
import { contactRights } from './contacts-page.tsx';
import { LoginSection } from './login-section.tsx';

/** /company/{customerId}/contacts/{id}: one contact; edit and delete for those who may. */
export function ContactDetailPage({ customerId, contactId }: { customerId: number; contactId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const detail = useQuery(contactsQueries.detail(session.api, customerId, contactId));
  useItemTitle(detail.data?.name);
  const remove = useDeleteContact(customerId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const editable = session.can(contactRights.edit, customerId);
  const deletable = session.can(contactRights.admin, customerId);
  const userAdmin = session.can(contactRights.users, customerId);
  const back = (
    <Anchor
      renderRoot={(props) => (
        <Link {...props} to="/company/$customerId/contacts" params={{ customerId: String(customerId) }} />
      )}
      size="sm"
    >
      ← {t('contacts.back')}
    </Anchor>
  );

  if (detail.isPending) {
    return (
      <Stack gap="md">
        {back}
        <LoadingBlocks count={3} height={60} />
      </Stack>
    );
  }
  if (detail.isError && isNotFound(detail.error)) return <NotFoundState error={detail.error} back={back} />;
  if (detail.isError) {
    return (
      <Stack gap="md">
        {back}
        <Title order={1}>{t('titles.contact', { ns: 'global' })}</Title>
        <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} />
      </Stack>
    );
  }
  const contact: Contact = detail.data;
  const none = (
    <Text span c="dimmed">
      –
    </Text>
  );
  const phone = (value: string | null) => (value ? <Anchor href={phoneHref(value)}>{value}</Anchor> : none);
  const events = (list: readonly string[]) =>
    list.length > 0 ? list.map((event) => t(`contacts.events.${event}`)).join(', ') : none;

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="center">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {contact.name}
          </Title>
          <SyncBadge contact={contact} />
        </Group>
        {!editing && (
          <Group gap="sm">
            {editable && (
              <Button variant="default" onClick={() => setEditing(true)}>
                {t('contacts.edit')}
              </Button>
            )}
            {deletable && (
              <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                {t('contacts.delete')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {editing ? (
        <ContactForm
          customerId={customerId}
          contact={contact}
          staff={session.can(contactRights.staff)}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            toast({ title: t('contacts.saved') });
          }}
        />
      ) : (
        <DataList
          items={[
            {
              label: t('contacts.fields.email'),
              value: <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>,
            },
            { label: t('contacts.fields.phone'), value: phone(contact.phone) },
            { label: t('contacts.fields.cellular'), value: phone(contact.cellular) },
            { label: t('contacts.fields.roles'), value: <RoleBadges roles={contact.roles} /> },
            { label: t('contacts.fields.language'), value: t(`contacts.languages.${contact.language}`) },
            { label: t('contacts.fields.notifyEmail'), value: events(contact.notifications.email) },
            { label: t('contacts.fields.notifyChat'), value: events(contact.notifications.chat) },
            {
              label: t('contacts.fields.callPosition'),
              value: contact.call_position ?? t('contacts.callList.notOn'),
            },
            {
              label: t('contacts.fields.externalNote'),
              value: contact.external_note ? (
                <Text style={{ whiteSpace: 'pre-wrap' }}>{contact.external_note}</Text>
              ) : (
                none
              ),
            },
            ...(contact.internal_note !== undefined
              ? [
                  {
                    label: t('contacts.fields.internalNote'),
                    value: contact.internal_note ? (
                      <Text style={{ whiteSpace: 'pre-wrap' }}>{contact.internal_note}</Text>
                    ) : (
                      none
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {userAdmin && !editing && <LoginSection customerId={customerId} contact={contact} />}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('contacts.deleteTitle')}>
        <Stack gap="md">
          <Text>{t('contacts.deleteConfirm', { name: contact.name })}</Text>
          <SaveFailed error={remove.error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('form.cancel', { ns: 'global' })}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(contactId, {
                  onSuccess: () => {
                    toast({ title: t('contacts.deleted', { name: contact.name }) });
                    void navigate({
                      to: '/company/$customerId/contacts',
                      params: { customerId: String(customerId) },
                    });
                  },
                })
              }
            >
              {t('contacts.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
