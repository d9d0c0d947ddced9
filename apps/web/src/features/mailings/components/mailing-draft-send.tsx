import { Button, Group, Stack, Text } from '@mantine/core';
import type { Mailing } from '@portaal/contracts/mailings';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { FormError } from '../../../components/feedback/form-error.tsx';
import { LoadFailed, useApiErrorText } from '../../../components/feedback/page-states.tsx';
import { ApiError, isSessionExpired } from '../../../lib/api-client.ts';
import { mailingsQueries } from '../api/mailings-queries.ts';
import { useSendMailing } from '../api/use-send-mailing.ts';
import { SendConfirmation } from './send-confirmation.tsx';

/** Refusals of a draft's send that this screen words itself: the general texts speak of the wizard. */
const DRAFT_SEND_CODES = ['MAILING_NO_RECIPIENTS', 'MAILING_NOT_DRAFT'];

function sendErrorText(error: unknown, t: TFunction, errorText: (error: unknown) => string): string {
  if (error instanceof ApiError && error.code && DRAFT_SEND_CODES.includes(error.code)) {
    return t(`mailings.draft.errors.${error.code}`);
  }
  return errorText(error);
}

/**
 * Sending a draft from its detail screen (staff moderators; the page renders this only for them):
 * the recipients its query reaches now, and "Send mailing" behind the wizard's confirmation. The send
 * is the wizard's (useSendMailing); on success the detail is read again and shows the progress, and
 * `onSent` gets the focus away from the button that went with the draft. A refusal changes nothing and
 * says why. Stays mounted once the mailing is sent, so its dialog can close and hand the focus on.
 */
export function MailingDraftSend({ mailing, onSent }: { mailing: Mailing; onSent: () => void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const { api } = useSession();
  const isDraft = mailing.status === 'draft';
  const preview = useQuery({ ...mailingsQueries.preview(api, mailing.query), enabled: isDraft });
  const sendMailing = useSendMailing();
  const [confirming, setConfirming] = useState(false);
  // The refusal itself, not its text: after a 401 the message offers to sign in again.
  const [failure, setFailure] = useState<unknown>();
  const count = preview.data?.count;
  const countId = `mailing-draft-count-${mailing.mailing_id}`;

  const open = () => {
    setFailure(undefined);
    // The count as it is at this moment: contacts may have changed their choice since the page opened.
    void preview.refetch();
    setConfirming(true);
  };

  const send = () =>
    sendMailing.mutate(
      { mailingId: mailing.mailing_id },
      {
        onSuccess: () => setConfirming(false),
        onError: (failure) => {
          setConfirming(false);
          setFailure(failure);
          // The count said otherwise: show what the list reaches now (the mailing itself is unchanged).
          if (failure instanceof ApiError && failure.code === 'MAILING_NO_RECIPIENTS') void preview.refetch();
        },
      },
    );

  return (
    <>
      {isDraft && (
        <Stack gap="sm" mt="md">
          {preview.isError ? (
            <LoadFailed error={preview.error} onRetry={() => void preview.refetch()} notFound={false} />
          ) : (
            <Text id={countId} data-testid="draft-recipient-count">
              {count === undefined
                ? t('mailings.draft.counting')
                : count === 0
                  ? t('mailings.draft.none')
                  : t('mailings.draft.count', { count })}
            </Text>
          )}
          {preview.data && preview.data.count > 0 && (
            <Text size="sm" c="dimmed">
              {t('mailings.list.perLanguage', preview.data.languages)}
            </Text>
          )}
          <Group>
            <Button
              color="red"
              onClick={open}
              loading={sendMailing.isPending}
              disabled={!count}
              aria-describedby={countId}
            >
              {t('mailings.send')}
            </Button>
          </Group>
          {failure !== undefined && (
            <div data-testid="draft-send-error">
              <FormError
                message={sendErrorText(failure, t, errorText)}
                sessionExpired={isSessionExpired(failure)}
              />
            </div>
          )}
        </Stack>
      )}
      <SendConfirmation
        opened={confirming}
        count={count}
        sending={sendMailing.isPending}
        onCancel={() => setConfirming(false)}
        onSend={send}
        onExitTransitionEnd={() => (sendMailing.isSuccess ? onSent() : undefined)}
      />
    </>
  );
}
