import { Badge, Group, Text } from '@mantine/core';
import type { ContactSummary } from '@portaal/contracts/contacts';
import { useTranslation } from 'react-i18next';
import classes from './contacts.module.css';

const SYNC_COLORS = { active: 'green', disabled: 'gray', stale: 'orange' } as const;

/** The sync label of SPEC.md §4 (active, disabled, stale), or "no login". */
export function SyncBadge({ sync }: { sync: ContactSummary['sync'] }) {
  const { t } = useTranslation();
  if (!sync) {
    return (
      <Text span size="sm" c="dimmed">
        {t('contacts.sync.none')}
      </Text>
    );
  }
  return (
    <Badge variant="light" color={SYNC_COLORS[sync]} className={classes.badge}>
      {t(`contacts.sync.${sync}`)}
    </Badge>
  );
}

export function RoleBadges({ roles }: { roles: ContactSummary['roles'] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap">
      {roles.map((role) => (
        <Badge key={role} variant="default" tt="none" fw={500} className={classes.badge}>
          {t(`profile.roles.names.${role}`)}
        </Badge>
      ))}
    </Group>
  );
}
