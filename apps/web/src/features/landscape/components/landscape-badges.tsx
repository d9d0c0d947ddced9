import { Badge, type BadgeProps, VisuallyHidden } from '@mantine/core';
import type { LandscapeStatus } from '@portaal/contracts/landscape-rules';
import { useTranslation } from 'react-i18next';

/** One colour per status; the word is always there, so colour is never the only signal. */
export const landscapeStatusColors: Record<LandscapeStatus, string> = {
  active: 'green',
  decommissioning: 'orange',
  offline: 'gray',
};

export function LandscapeStatusBadge({
  status,
  withLabel,
  ...props
}: { status: LandscapeStatus; withLabel?: boolean } & BadgeProps) {
  const { t } = useTranslation('default');
  return (
    <Badge
      color={landscapeStatusColors[status]}
      variant="light"
      data-status={status}
      miw="max-content"
      {...props}
    >
      {withLabel && <VisuallyHidden>{t('landscape.fields.status')}: </VisuallyHidden>}
      {t(`landscape.status.${status}`)}
    </Badge>
  );
}
