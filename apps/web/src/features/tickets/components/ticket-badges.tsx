import { Badge, type BadgeProps, VisuallyHidden } from '@mantine/core';
import type { TicketPriority, TicketStatus } from '@portaal/contracts/ticket-rules';
import { useTranslation } from 'react-i18next';

/**
 * One colour per status and priority everywhere. Light badges: Mantine draws them dark-on-tint in the
 * light scheme and light-on-shade in the dark one, so the text keeps its contrast in both; the word
 * is always there, so colour is never the only signal.
 */
export const statusColors: Record<TicketStatus, string> = {
  new: 'blue',
  open: 'green',
  in_progress: 'orange',
  awaiting_reply: 'violet',
  closed: 'gray',
};

export const priorityColors: Record<TicketPriority, string> = { 1: 'red', 2: 'blue', 3: 'gray' };

interface LabelProps {
  /** Say "Status:" / "Priority:" to screen readers where no column header does. */
  withLabel?: boolean;
}

export function TicketStatusBadge({
  status,
  withLabel,
  ...props
}: { status: TicketStatus } & LabelProps & BadgeProps) {
  const { t } = useTranslation('support');
  return (
    <Badge color={statusColors[status]} variant="light" data-status={status} {...props}>
      {withLabel && <VisuallyHidden>{t('fields.status')}: </VisuallyHidden>}
      {t(`status.${status}`)}
    </Badge>
  );
}

export function TicketPriorityBadge({
  priority,
  withLabel,
  ...props
}: { priority: number } & LabelProps & BadgeProps) {
  const { t } = useTranslation('support');
  const known = (priority === 1 || priority === 2 || priority === 3 ? priority : 2) as TicketPriority;
  return (
    <Badge
      color={priorityColors[known]}
      variant={known === 1 ? 'light' : 'outline'}
      data-priority={known}
      {...props}
    >
      {withLabel && <VisuallyHidden>{t('fields.priority')}: </VisuallyHidden>}
      {t(`priority.${known}`)}
    </Badge>
  );
}
