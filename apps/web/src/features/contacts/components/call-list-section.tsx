import { ActionIcon, Button, Group, NativeSelect, Text, VisuallyHidden } from '@mantine/core';
import type { ContactSummary } from '@portaal/contracts/contacts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveFailed } from '../../../components/feedback/form-error.tsx';
import { toast } from '../../../components/feedback/toast.tsx';
import { TitledSection } from '../../../components/layout/titled-section.tsx';
import { useSaveCallList } from '../api/use-save-call-list.ts';
import classes from './contacts.module.css';

/** Moves the item at `from` to `to`. */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/** The number the desk calls a contact on: the mobile first (the API stores no empty numbers). */
const callNumber = (contact: ContactSummary) => contact.cellular ?? contact.phone;

/**
 * The call list: whom to call during an incident, in order. Editors reorder it with the arrow buttons
 * (or Alt+↑/↓ on an entry) and by dragging, add and remove contacts, then save the order.
 */
export function CallListSection({
  customerId,
  callList,
  contacts,
  editable,
}: {
  customerId: number;
  callList: ContactSummary[];
  contacts: ContactSummary[];
  editable: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveCallList(customerId);
  const [order, setOrder] = useState<ContactSummary[]>(callList);
  const [dragging, setDragging] = useState<number>();
  const [over, setOver] = useState<number>();
  const [announcement, setAnnouncement] = useState('');
  const [adding, setAdding] = useState('');
  const dirty = order.map((c) => c.contact_id).join() !== callList.map((c) => c.contact_id).join();

  const reorder = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    const next = move(order, from, to);
    setOrder(next);
    const contact = order[from];
    if (contact) setAnnouncement(t('contacts.callList.moved', { name: contact.name, position: to + 1 }));
    // Keep the focus on the moved entry's same button.
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLElement>(`[data-call-item="${contact?.contact_id}"] [data-focus-after-move]`)
        ?.focus(),
    );
  };

  const candidates = contacts.filter((c) => !order.some((o) => o.contact_id === c.contact_id));

  return (
    <TitledSection
      id="call-list-title"
      title={t('contacts.callList.title')}
      intro={t('contacts.callList.intro')}
    >
      {order.length === 0 ? (
        <Text c="dimmed">{t('contacts.callList.empty')}</Text>
      ) : (
        <ol className={classes.callList}>
          {order.map((contact, index) => (
            <li
              key={contact.contact_id}
              data-call-item={contact.contact_id}
              className={classes.callItem}
              draggable={editable}
              data-dragging={dragging === index || undefined}
              data-over={over === index || undefined}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(index));
                setDragging(index);
              }}
              onDragOver={(event) => {
                if (dragging === undefined) return;
                event.preventDefault();
                setOver(index);
              }}
              onDragLeave={() => setOver(undefined)}
              onDrop={(event) => {
                event.preventDefault();
                if (dragging !== undefined) reorder(dragging, index);
                setDragging(undefined);
                setOver(undefined);
              }}
              onDragEnd={() => {
                setDragging(undefined);
                setOver(undefined);
              }}
              onKeyDown={(event) => {
                if (!editable || !event.altKey) return;
                if (event.key === 'ArrowUp') reorder(index, index - 1);
                else if (event.key === 'ArrowDown') reorder(index, index + 1);
                else return;
                event.preventDefault();
              }}
            >
              {editable && (
                <span className={classes.handle} aria-hidden="true">
                  ⠿
                </span>
              )}
              <Text fw={600} w="1.5rem">
                {index + 1}.
              </Text>
              <span className={classes.callName}>
                {contact.name}
                {callNumber(contact) ? (
                  <Text span size="sm" c="dimmed">
                    {' '}
                    · <span className={classes.phone}>{callNumber(contact)}</span>
                  </Text>
                ) : (
                  // Added before numbers were required, or their numbers were removed since.
                  <Text span size="sm" c="orange.8">
                    {' '}
                    · {t('contacts.callList.noNumber')}
                  </Text>
                )}
              </span>
              {editable && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    aria-label={t('contacts.callList.up', { name: contact.name })}
                    disabled={index === 0}
                    onClick={() => reorder(index, index - 1)}
                    data-focus-after-move
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={t('contacts.callList.down', { name: contact.name })}
                    disabled={index === order.length - 1}
                    onClick={() => reorder(index, index + 1)}
                  >
                    ↓
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    color="red"
                    aria-label={t('contacts.callList.remove', { name: contact.name })}
                    onClick={() => setOrder(order.filter((o) => o.contact_id !== contact.contact_id))}
                  >
                    ×
                  </ActionIcon>
                </Group>
              )}
            </li>
          ))}
        </ol>
      )}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      {editable && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label={t('contacts.callList.add')}
            value={adding}
            onChange={(event) => setAdding(event.currentTarget.value)}
            data={[
              { value: '', label: t('contacts.callList.choose') },
              // The desk calls them during an incident: someone without a number cannot be added.
              ...candidates.map((c) =>
                callNumber(c)
                  ? { value: String(c.contact_id), label: c.name }
                  : {
                      value: String(c.contact_id),
                      label: t('contacts.callList.choiceNoNumber', { name: c.name }),
                      disabled: true,
                    },
              ),
            ]}
            w={260}
          />
          <Button
            variant="default"
            disabled={adding === ''}
            onClick={() => {
              const contact = candidates.find((c) => String(c.contact_id) === adding);
              if (contact) setOrder([...order, contact]);
              setAdding('');
            }}
          >
            {t('contacts.callList.addButton')}
          </Button>
          <Button
            disabled={!dirty}
            loading={save.isPending}
            onClick={() =>
              // A promise rather than mutate's callbacks: the saved list remounts this section.
              save
                .mutateAsync(order.map((c) => c.contact_id))
                .then(() => toast({ title: t('contacts.callList.saved') }))
                .catch(() => undefined)
            }
          >
            {t('contacts.callList.save')}
          </Button>
        </Group>
      )}
      <SaveFailed error={save.error} />
    </TitledSection>
  );
}
