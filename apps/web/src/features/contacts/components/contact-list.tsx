import { Anchor, Stack, Table, Text } from '@mantine/core';
import { type ContactSummary, phoneHref } from '@portaal/contracts/contacts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RoleBadges, SyncBadge } from './contact-badges.tsx';
import classes from './contacts.module.css';

function Phone({ value }: { value: string | null }) {
  return value ? (
    <Anchor href={phoneHref(value)} className={classes.phone}>
      {value}
    </Anchor>
  ) : (
    <Text span c="dimmed">
      –
    </Text>
  );
}

/** An address that wraps after its @ when the column is narrow (and only mid-word if it must). */
function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** The contacts: name, e-mail, phone, mobile, roles, language and sync label. */
export function ContactList({ customerId, contacts }: { customerId: number; contacts: ContactSummary[] }) {
  const { t } = useTranslation();
  const name = (contact: ContactSummary) => (
    <Anchor
      renderRoot={(props) => (
        <Link
          {...props}
          to="/company/$customerId/contacts/$id"
          params={{ customerId: String(customerId), id: String(contact.contact_id) }}
        />
      )}
      fw={600}
    >
      {contact.name}
    </Anchor>
  );
  return (
    <>
      <div className={classes.table}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('contacts.fields.name')}</Table.Th>
              <Table.Th>{t('contacts.fields.email')}</Table.Th>
              <Table.Th>{t('contacts.fields.phone')}</Table.Th>
              <Table.Th>{t('contacts.fields.cellular')}</Table.Th>
              <Table.Th>{t('contacts.fields.roles')}</Table.Th>
              <Table.Th>{t('contacts.fields.language')}</Table.Th>
              <Table.Th>{t('contacts.fields.sync')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contacts.map((contact) => (
              <Table.Tr key={contact.contact_id}>
                <Table.Td className={classes.nameCell}>{name(contact)}</Table.Td>
                <Table.Td className={classes.emailCell}>
                  <Anchor href={`mailto:${contact.email}`}>
                    <BreakableEmail email={contact.email} />
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Phone value={contact.phone} />
                </Table.Td>
                <Table.Td>
                  <Phone value={contact.cellular} />
                </Table.Td>
                <Table.Td>
                  <RoleBadges roles={contact.roles} />
                </Table.Td>
                <Table.Td>{t(`contacts.languages.${contact.language}`)}</Table.Td>
                <Table.Td>
                  <SyncBadge contact={contact} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <ul className={classes.cards}>
        {contacts.map((contact) => (
          <li key={contact.contact_id} className={classes.card}>
            <Stack gap={4}>
              {name(contact)}
              <Anchor href={`mailto:${contact.email}`} size="sm">
                {contact.email}
              </Anchor>
              {(contact.phone || contact.cellular) && (
                <Text size="sm">
                  {[contact.phone, contact.cellular]
                    .filter((number): number is string => Boolean(number))
                    .map((number, index) => (
                      <span key={number}>
                        {index > 0 && ' · '}
                        <span className={classes.phone}>{number}</span>
                      </span>
                    ))}
                </Text>
              )}
              <RoleBadges roles={contact.roles} />
              <Text size="sm" c="dimmed">
                {t(`contacts.languages.${contact.language}`)} · <SyncBadge contact={contact} />
              </Text>
            </Stack>
          </li>
        ))}
      </ul>
    </>
  );
}
