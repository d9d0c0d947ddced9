import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Contact } from '@portaal/contracts/contacts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { SaveFailed } from '../../../components/feedback/form-error.tsx';
import { toast } from '../../../components/feedback/toast.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import {
  useInviteContact,
  useRemoveLogin,
  useResendInvitation,
  useSetLogin,
} from '../api/use-login-actions.ts';
import { isOwnLogin } from '../utils/own-login.ts';

/**
 * The contact's login, for user-admins (the owner, staff moderators): invite, send the invitation
 * again while it has not been used (the person has not signed in yet), turn off and on, remove with a
 * confirmation. A removal the sign-in service did not confirm shows SPEC.md's failed-removal
 * message (contact the provider); the portal has taken the rights away all the same.
 */
export function LoginSection({ customerId, contact }: { customerId: number; contact: Contact }) {
  const { t } = useTranslation();
  const session = useSession();
  const invite = useInviteContact(customerId, contact.contact_id);
  const resend = useResendInvitation(customerId, contact.contact_id);
  const setLogin = useSetLogin(customerId, contact.contact_id);
  const remove = useRemoveLogin(customerId, contact.contact_id);
  const [confirming, setConfirming] = useState(false);
  const [removalPending, setRemovalPending] = useState(false);
  const name = contact.name;
  const role = t(`profile.roles.names.${contact.roles[0] ?? 'viewer'}`);
  const own = isOwnLogin(session.auth.getState().userInfo?.email, contact);
  const failed = [invite, resend, setLogin].find((mutation) => mutation.isError)?.error;

  let text: string;
  if (!contact.sync) text = t('contacts.login.none', { name, role });
  else if (contact.sync === 'disabled') text = t('contacts.login.disabledText', { name });
  else if (contact.invitation_pending) text = t('contacts.login.invitedText', { name, role });
  else text = t('contacts.login.active', { name, role });

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="contact-login-title">
      <Stack gap="md">
        {/* The sync label is beside the page heading already. */}
        <Title order={2} size="h3" id="contact-login-title">
          {t('contacts.login.title')}
        </Title>
        <Text>{text}</Text>
        {contact.sync === 'stale' && (
          <Text size="sm" c="dimmed">
            {t('contacts.login.staleText')}
          </Text>
        )}
        {removalPending && (
          <Alert color="red" variant="light" title={t('contacts.login.removeFailedTitle')} role="alert">
            {t('contacts.login.removeFailed', { name })}
          </Alert>
        )}
        <SaveFailed error={failed} />
        {own ? (
          <Text size="sm" c="dimmed">
            {t('contacts.login.ownLogin')}
          </Text>
        ) : (
          <Group gap="sm">
            {!contact.sync && (
              <Button
                loading={invite.isPending}
                onClick={() =>
                  invite.mutate(undefined, {
                    onSuccess: () => toast({ title: t('contacts.login.invited', { email: contact.email }) }),
                  })
                }
              >
                {t('contacts.login.invite')}
              </Button>
            )}
            {contact.sync && contact.sync !== 'disabled' && contact.invitation_pending && (
              <Button
                loading={resend.isPending}
                onClick={() =>
                  resend.mutate(undefined, {
                    onSuccess: () => toast({ title: t('contacts.login.resent', { email: contact.email }) }),
                  })
                }
              >
                {t('contacts.login.resend')}
              </Button>
            )}
            {contact.sync && (
              <Button
                variant="default"
                loading={setLogin.isPending}
                onClick={() => {
                  const enabled = contact.sync === 'disabled';
                  setLogin.mutate(enabled, {
                    onSuccess: () =>
                      toast({
                        title: t(enabled ? 'contacts.login.enabledDone' : 'contacts.login.disabledDone', {
                          name,
                        }),
                      }),
                  });
                }}
              >
                {contact.sync === 'disabled' ? t('contacts.login.enable') : t('contacts.login.disable')}
              </Button>
            )}
            {contact.sync && (
              <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                {t('contacts.login.remove')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('contacts.login.removeTitle')}>
        <Stack gap="md">
          <Text>{t('contacts.login.removeConfirm', { name })}</Text>
          <SaveFailed error={remove.error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('form.cancel', { ns: 'global' })}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: (removal) => {
                    setConfirming(false);
                    setRemovalPending(removal.identity === 'pending');
                    if (removal.identity === 'removed')
                      toast({ title: t('contacts.login.removed', { name }) });
                  },
                })
              }
            >
              {t('contacts.login.remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
