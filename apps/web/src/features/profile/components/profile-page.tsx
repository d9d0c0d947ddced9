import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { Language, Me } from '@portaal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { LoadFailed } from '../../../components/feedback/page-states.tsx';
import { toast } from '../../../components/feedback/toast.tsx';
import { useErrorToast } from '../../../components/feedback/use-error-toast.ts';
import { currentLanguage, LANGUAGES } from '../../../lib/i18n.ts';
import { useInlineEdit } from '../../../lib/use-inline-edit.ts';
import { meQueries } from '../api/me-queries.ts';
import { useUpdateLanguage } from '../api/use-update-language.ts';
import { staffRole } from '../utils/roles.ts';
import { accountConsoleUrl } from './change-password-page.tsx';
import classes from './profile.module.css';
import { ProfileDetailsForm } from './profile-details-form.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h3" id={`${id}-title`} mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Loading({ lines }: { lines: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status">
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <Skeleton key={index} height={14} width={index % 2 ? '55%' : '80%'} aria-hidden="true" />
      ))}
    </Stack>
  );
}

function PersonalDetails({ me }: { me: Me }) {
  const { t } = useTranslation();
  // Back on the edit button after saving or cancelling, so keyboard users keep their place.
  const { editing, editButton, open, close } = useInlineEdit();
  if (editing) return <ProfileDetailsForm me={me} onDone={close} />;
  const name = [me.given_name, me.family_name].filter(Boolean).join(' ');
  const none = (
    <Text span c="dimmed" fs="italic">
      {t('profile.notSet')}
    </Text>
  );
  return (
    <Stack gap="md">
      <DataList
        items={[
          { label: t('profile.name'), value: name || none },
          { label: t('profile.email'), value: me.email || none },
          { label: t('profile.phone'), value: me.phone || none },
          { label: t('profile.mobile'), value: me.mobile || none },
          { label: t('profile.username'), value: me.username },
        ]}
      />
      <Button ref={editButton} variant="default" onClick={open} w="fit-content">
        {t('profile.edit')}
      </Button>
    </Stack>
  );
}

/**
 * Password, two-factor sign-in and sessions live at the IdP: Keycloak's account console, or the dev
 * IdP's change-password page (the portal's /user/change-password form).
 */
function AccountPages() {
  const { t } = useTranslation();
  const { config } = useSession();
  const link =
    config.password_change === 'portal' ? (
      <Anchor component={Link} to="/user/change-password" size="sm" w="fit-content">
        {t('profile.changePassword')}
      </Anchor>
    ) : (
      <Anchor href={accountConsoleUrl(config.oidc)} size="sm" w="fit-content">
        {t('profile.accountLink')}
      </Anchor>
    );
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('profile.accountHint')}
      </Text>
      {link}
    </Stack>
  );
}

/** The language preference: saved to the profile first, then applied to the whole app. */
function LanguagePreference({ me }: { me: Me }) {
  const { t, i18n } = useTranslation();
  const errorToast = useErrorToast();
  const update = useUpdateLanguage();
  const onChange = (value: string | null) => {
    const language = LANGUAGES.find((code) => code === value);
    if (!language || language === me.language) return;
    update.mutate(
      { language },
      {
        onSuccess: async () => {
          await i18n.changeLanguage(language);
          toast({ title: t('profile.languageSaved') });
        },
        onError: (error) => errorToast(t('profile.languageFailed'), error),
      },
    );
  };
  return (
    <Select
      label={t('profile.language')}
      description={t('profile.languageHint')}
      data={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`, { ns: 'global' }) }))}
      value={me.language}
      onChange={onChange}
      allowDeselect={false}
      disabled={update.isPending}
      maw={320}
      data-testid="profile-language"
    />
  );
}

function RoleLine({ title, role }: { title: ReactNode; role: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} className={classes.role}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        <Badge variant="light" color="blue">
          {t(`profile.roles.names.${role}`, { defaultValue: role })}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t(`profile.roles.descriptions.${role}`, { defaultValue: '' })}
      </Text>
    </Stack>
  );
}

function Roles({ me }: { me: Me }) {
  const { t } = useTranslation();
  const staff = me.global_roles.flatMap((role) => {
    const key = staffRole(role);
    return key ? [{ role, key }] : [];
  });
  if (me.memberships.length === 0 && staff.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('profile.roles.none')}
      </Text>
    );
  }
  return (
    <Stack gap="lg">
      {staff.length > 0 && (
        <div>
          <Title order={3} size="h5" mb="xs">
            {t('profile.roles.provider')}
          </Title>
          <Stack gap="sm">
            {staff.map(({ role, key }) => (
              <RoleLine key={role} title={t('profile.roles.allCustomers')} role={key} />
            ))}
          </Stack>
        </div>
      )}
      {me.memberships.length > 0 && (
        <div>
          <Title order={3} size="h5" mb="xs">
            {t('profile.roles.perCompany')}
          </Title>
          <Stack gap="sm">
            {me.memberships.map((membership) => (
              <RoleLine key={membership.customer_id} title={membership.display_name} role={membership.role} />
            ))}
          </Stack>
        </div>
      )}
    </Stack>
  );
}

/**
 * /user/profile: own details (name, phone, mobile editable), the IdP's account pages, language,
 * notification choices and roles per company. `notificationChoices` is the slot for the
 * notifications feature's section (the route composes it; features do not import each other).
 */
export function ProfilePage({ notificationChoices }: { notificationChoices?: ReactNode } = {}) {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const query = useQuery(meQueries.profile(api));
  // The header's language menu saves the preference too; keep showing what the app uses.
  const me = query.data && { ...query.data, language: currentLanguage(i18n) as Language };

  let details: ReactNode;
  let preferences: ReactNode;
  let roles: ReactNode;
  if (query.isError) {
    details = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
    preferences = null;
    roles = null;
  } else if (!me) {
    details = <Loading lines={3} />;
    preferences = <Loading lines={2} />;
    roles = <Loading lines={4} />;
  } else {
    details = <PersonalDetails me={me} />;
    preferences = <LanguagePreference me={me} />;
    roles = <Roles me={me} />;
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{t('profile.title')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
        <Stack gap="lg">
          <Section id="profile-details" title={t('profile.details')}>
            {details}
          </Section>
          <Section id="profile-account" title={t('profile.account')}>
            <AccountPages />
          </Section>
          {preferences && (
            <Section id="profile-preferences" title={t('profile.preferences')}>
              {preferences}
            </Section>
          )}
          {/* ── SLOT: notification choices (the `channels` work) ────────────────────────────────
              The route passes the notifications feature's section as `notificationChoices`; it
              renders here, below Preferences, as a Section of its own (its heading, its states). */}
          {me && notificationChoices}
        </Stack>
        {roles && (
          // Its own height, not the grid row's: beside the taller left column it stood mostly empty.
          <div>
            <Section id="profile-roles" title={t('profile.roles.title')}>
              {roles}
            </Section>
          </div>
        )}
      </SimpleGrid>
    </Stack>
  );
}
