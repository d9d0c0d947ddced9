import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal/modal.tsx';

interface SendConfirmationProps {
  opened: boolean;
  /** The recipients the mailing reaches now (undefined while asked). */
  count: number | undefined;
  sending?: boolean;
  onCancel(): void;
  onSend(): void;
  onExitTransitionEnd?(): void;
}

/**
 * The question before a mailing goes out (the wizard's last step and a draft's detail screen). Sending
 * cannot be undone, so the focus starts on Cancel: Enter right after opening sends nothing.
 */
export function SendConfirmation({
  opened,
  count,
  sending = false,
  onCancel,
  onSend,
  onExitTransitionEnd,
}: SendConfirmationProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => (sending ? undefined : onCancel())}
      onExitTransitionEnd={onExitTransitionEnd}
      title={t('mailings.confirm.title')}
      centered
    >
      <Stack gap="md">
        <Text>{t('mailings.confirm.text', { count: count ?? 0 })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={sending} data-autofocus>
            {t('mailings.confirm.cancel')}
          </Button>
          <Button color="red" onClick={onSend} loading={sending} disabled={!count}>
            {t('mailings.confirm.send', { count: count ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
