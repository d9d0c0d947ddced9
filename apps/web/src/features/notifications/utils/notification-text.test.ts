import type { Notification } from '@portaal/contracts';
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLocale } from '../../../test/dom.ts';
import { notificationText } from './notification-text.ts';

const t: Record<'en' | 'nl', TFunction> = {} as Record<'en' | 'nl', TFunction>;

beforeAll(async () => {
  for (const language of ['en', 'nl'] as const) {
    const instance = createInstance();
    await instance.init({
      lng: language,
      ns: ['global'],
      defaultNS: 'global',
      resources: { [language]: { global: readLocale(language, 'global') } },
      interpolation: { escapeValue: false },
    });
    t[language] = instance.t;
  }
});

const base: Notification = {
  notification_id: 1,
  kind: 'ticket_reply',
  customer_id: 1001,
  ticket_id: 42,
  params: { ticket_subject: 'Mail <b>bounces</b>', actor_name: 'Service desk' },
  created_at: '2026-03-11T09:00:00.000Z',
  read_at: null,
};

describe('the text of a notification', () => {
  it('names who replied to which ticket, in both languages, without escaping the subject', () => {
    expect(notificationText(base, t.en)).toBe('Service desk replied to ticket #42: Mail <b>bounces</b>');
    expect(notificationText(base, t.nl)).toBe(
      'Service desk heeft gereageerd op ticket #42: Mail <b>bounces</b>',
    );
  });

  it('names the new status in a sentence per status', () => {
    const status = (value: NonNullable<Notification['params']['status']>) =>
      ({ ...base, kind: 'ticket_status', params: { ...base.params, status: value } }) as Notification;
    expect(notificationText(status('awaiting_reply'), t.en)).toBe(
      'Ticket #42 is waiting for your reply: Mail <b>bounces</b>',
    );
    expect(notificationText(status('in_progress'), t.nl)).toBe(
      'Ticket #42 is nu in behandeling: Mail <b>bounces</b>',
    );
    expect(notificationText(status('closed'), t.nl)).toBe('Ticket #42 is nu gesloten: Mail <b>bounces</b>');
  });

  it('falls back when the actor or the status is missing, or the kind is unknown', () => {
    expect(notificationText({ ...base, params: { ticket_subject: 'X' } }, t.nl)).toBe(
      'Iemand heeft gereageerd op ticket #42: X',
    );
    expect(notificationText({ ...base, kind: 'ticket_status', params: { ticket_subject: 'X' } }, t.en)).toBe(
      'The status of ticket #42 changed: X',
    );
    const unknown = { ...base, kind: 'invoice_due' } as unknown as Notification;
    expect(notificationText(unknown, t.en)).toBe('You have a new notification');
  });
});
