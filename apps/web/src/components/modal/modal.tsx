import { Modal as MantineModal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The fields a person fills in: the first of them is where a dialog with a form starts. */
const FIELD =
  'input:not([type="hidden"]):not(:disabled):not([readonly]), textarea:not(:disabled):not([readonly]), select:not(:disabled)';

/**
 * Mantine's focus trap focuses the element marked data-autofocus, else the first one that takes the
 * focus: the close button in the header, so a form's dialog opened with its first field one Tab away.
 * Marked when the body mounts, before the trap looks; a dialog that marks its own keeps it.
 */
function markFirstField(body: HTMLDivElement | null) {
  if (!body || body.querySelector('[data-autofocus]')) return;
  body.querySelector(FIELD)?.setAttribute('data-autofocus', '');
}

/**
 * Mantine's Modal with a translated name on its close button: Mantine's own is an unnamed icon
 * button ("button" to a screen reader), and a theme default cannot translate. Every dialog of the app
 * uses this one (modal.test.tsx checks that no other file imports Mantine's). A dialog with a form
 * opens with the focus in its first field rather than on the close button.
 */
export function Modal({ closeButtonProps, children, ...props }: ModalProps) {
  const { t } = useTranslation('global');
  return (
    <MantineModal {...props} closeButtonProps={{ 'aria-label': t('closeDialog'), ...closeButtonProps }}>
      <div ref={markFirstField}>{children}</div>
    </MantineModal>
  );
}
