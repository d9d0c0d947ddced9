import { Modal as MantineModal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's Modal with a translated name on its close button: Mantine's own is an unnamed icon
 * button ("button" to a screen reader), and a theme default cannot translate. Every dialog of the app
 * uses this one (modal.test.tsx checks that no other file imports Mantine's).
 */
export function Modal({ closeButtonProps, ...props }: ModalProps) {
  const { t } = useTranslation('global');
  return (
    <MantineModal {...props} closeButtonProps={{ 'aria-label': t('closeDialog'), ...closeButtonProps }} />
  );
}
