import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import type { ReactNode } from 'react';

export const DEFAULT_TOAST_TIMEOUT = 5000;

/** The generic toast of SPEC.md §3. */
export interface Toast {
  id?: string;
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  avatar?: string;
  closeButton?: boolean;
  /** ms; false keeps the toast until it is closed. */
  timeout?: number | false;
  actions?: { label: string; onClick: () => void }[];
  /** Runs when the toast closes, however it closes. */
  callback?: () => void;
  color?: string;
  click?: () => void;
}

/** Shows a toast: auto-closes after its timeout (paused while hovered), closes on its button or an action. */
export function toast({
  id,
  title,
  description,
  icon,
  avatar,
  closeButton = true,
  timeout = DEFAULT_TOAST_TIMEOUT,
  actions = [],
  callback,
  color = 'green',
  click,
}: Toast): string {
  const toastId = id ?? `toast-${Math.random().toString(36).slice(2)}`;
  notifications.show({
    id: toastId,
    title,
    color,
    icon: icon ?? (avatar ? <Avatar src={avatar} size={28} radius="xl" alt="" /> : undefined),
    withCloseButton: closeButton,
    closeButtonProps: { 'aria-label': i18next.t('closeToast', { ns: 'global' }) },
    autoClose: timeout,
    onClose: callback,
    onClick: click,
    style: click ? { cursor: 'pointer' } : undefined,
    message: (
      <Stack gap={6}>
        {description && <Text size="sm">{description}</Text>}
        {actions.length > 0 && (
          <Group gap="xs">
            {actions.map((action) => (
              <Button
                key={action.label}
                size="compact-sm"
                variant="light"
                onClick={(event) => {
                  event.stopPropagation();
                  action.onClick();
                  notifications.hide(toastId);
                }}
              >
                {action.label}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    ),
  });
  return toastId;
}
