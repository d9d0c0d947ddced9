import { Badge, Group, Text } from '@mantine/core';
import type { ContactSummary } from '@portaal/contracts/contacts';
import { useTranslation } from 'react-i18next';
import classes from './contacts.module.css';

const SYNC_COLORS = { active: 'green', invited: 'blue', disabled: 'gray', stale: 'orange' } as const;

/**
 * The login's label: SPEC.md §4's sync label (active, disabled, stale), "invited (not yet signed in)"
 * for an active login whose invitation is pending, or "no login".
 */
export function SyncBadge({ contact }: { contact: Pick<ContactSummary, 'sync' | 'invitation_pending'> }) {
  const { t } = useTranslation();
  const sync = contact.sync === 'active' && contact.invitation_pending ? 'invited' : contact.sync;
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
