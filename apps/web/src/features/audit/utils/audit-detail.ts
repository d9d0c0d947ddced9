import { type AgreementUnit, agreementUnits } from '@portaal/contracts/agreements';
import type { AuditEvent } from '@portaal/contracts/audit';
import type { DisplayLanguage } from '@portaal/contracts/display-rules';
import type { TFunction } from 'i18next';
import { formatDate } from '../../../lib/format.ts';
import { formatAgreementAmount, formatAgreementNumber } from '../../../lib/format-agreement-amount.ts';

/*
 * The API stores an English `summary` per event, written by a few fixed templates in its services
 * (`created <name>`, `invited <email> as <role>`, the `field: before → after; …` of changeSummary).
 * The log must read in the user's language, so the client takes the values out of those templates
 * and words them with its own texts. A summary no template matches is left out rather than shown in
 * English; so are summaries that only repeat the title or list internal ids.
 */

const ARROW = ' → ';
const NOBODY = '–';

/** Templates of whole sentences: the values they carry, worded with `audit.details.<key>`. */
const SENTENCES: { pattern: RegExp; key: string; names: string[] }[] = [
  { pattern: /^invited (.+) as ([a-z_]+)$/, key: 'invited', names: ['email', 'role'] },
  { pattern: /^invitation sent again to (.+)$/, key: 'invitedAgain', names: ['email'] },
  { pattern: /^kubeconfig of (.+) \((.+)\)$/, key: 'kubeconfig', names: ['name', 'endpoint'] },
  { pattern: /^added (\S+) channel “(.+)” \((.+)\)$/, key: 'channelAdded', names: ['kind', 'name', 'host'] },
  { pattern: /^removed (\S+) channel “(.+)”$/, key: 'channelRemoved', names: ['kind', 'name'] },
];

/** Summaries that say no more than the action's title, or only internal ids. */
const SILENT = new Set(['created', 'no change', 'login turned on', 'login turned off', 'login removed']);

const events = (list: readonly string[], t: TFunction) =>
  list.map((event) => t(`contacts.events.${event}`, { defaultValue: event })).join(', ') || NOBODY;

/** A contact's notification choices, as the JSON the server writes: the events per channel. */
function choices(raw: string, t: TFunction): string {
  try {
    const parsed = JSON.parse(raw) as { email?: unknown; chat?: unknown };
    const channel = (name: 'email' | 'chat') =>
      `${t(`audit.fields.notify_${name}`)}: ${events(Array.isArray(parsed[name]) ? parsed[name].map(String) : [], t)}`;
    return `${channel('email')}, ${channel('chat')}`;
  } catch {
    return raw;
  }
}

/** What a value of a change is read with: the event's action, and whether it lists notification choices. */
interface ValueContext {
  action: string;
  notifications: boolean;
  language: DisplayLanguage;
}

/**
 * An agreement's total as the API writes it: `27.50 hours`, or `27.50` in events written before the
 * unit was recorded.
 */
const AGREEMENT_TOTAL = /^(-?\d+(?:\.\d+)?)(?: ([a-z]+))?$/;
const isAgreementUnit = (unit: string): unit is AgreementUnit =>
  (agreementUnits as readonly string[]).includes(unit);

/** An agreement's total with the number format and unit of the agreement screens; undefined if it is none. */
function agreementTotal(raw: string, t: TFunction, language: DisplayLanguage): string | undefined {
  const match = AGREEMENT_TOTAL.exec(raw);
  if (!match?.[1]) return undefined;
  const unit = match[2];
  if (unit === undefined) return formatAgreementNumber(match[1], language);
  return isAgreementUnit(unit) ? formatAgreementAmount(match[1], unit, language, t) : undefined;
}

/** A link as the API writes it, `type:identifier`; the type as the company screen names it. */
const LINK = /^([a-z][a-z0-9_-]*):(.+)$/;

function links(raw: string, t: TFunction): string {
  return raw
    .split(', ')
    .map((link) => {
      const match = LINK.exec(link);
      if (!match?.[1] || match[2] === undefined) return link;
      return `${t(`company.linkTypes.${match[1]}`, { defaultValue: match[1] })}: ${match[2]}`;
    })
    .join(', ');
}

/** One value of a change, in the user's language where the server wrote words. */
function value(field: string, raw: string, t: TFunction, context: ValueContext): string {
  const { action, notifications, language } = context;
  if (raw === NOBODY || raw === '') return NOBODY;
  // An agreement's total and unit, as the agreement screens show them.
  if (action.startsWith('agreement.')) {
    if (field === 'total') return agreementTotal(raw, t, language) ?? raw;
    if (field === 'unit' && isAgreementUnit(raw)) return t(`agreements.unitNames.${raw}`);
  }
  // A customer's links (`accounting:ACC-20077, netbox:slug`), as the company screen names them.
  if (field === 'links') return links(raw, t);
  // A ticket's status, as the ticket screens name it.
  if (action === 'ticket.status' && field === 'status')
    return t(`support:status.${raw}`, { defaultValue: raw });
  if (raw === 'true' || raw === 'false') return t(`audit.values.${raw}`);
  if (raw === 'changed') return t('audit.values.changed');
  const characters = /^(\d+) characters$/.exec(raw);
  if (characters) return t('audit.values.characters', { count: Number(characters[1]) });
  const rows = /^(\d+) rows$/.exec(raw);
  if (rows) return t('audit.values.rows', { count: Number(rows[1]) });
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return formatDate(raw);
  if (field === 'notifications' && raw.startsWith('{')) return choices(raw, t);
  const list = raw.split(', ');
  if (field === 'roles')
    return list.map((role) => t(`profile.roles.names.${role}`, { defaultValue: role })).join(', ');
  if (field === 'language') return t(`contacts.languages.${raw}`, { defaultValue: raw });
  // Notification choices: the events chosen per channel.
  if (notifications) return events(list, t);
  return raw;
}

/** `field: before → after; …` as changeSummary writes it; undefined when the summary is not one. */
function changes(
  summary: string,
  action: string,
  t: TFunction,
  language: DisplayLanguage,
): string | undefined {
  const parts = summary.split('; ').map((part) => {
    const match = /^([a-z_]+): (.*)$/.exec(part);
    const arrow = match?.[2]?.indexOf(ARROW) ?? -1;
    if (!match?.[1] || match[2] === undefined || arrow < 0) return undefined;
    return { field: match[1], before: match[2].slice(0, arrow), after: match[2].slice(arrow + ARROW.length) };
  });
  // A summary cut at its length limit loses the end of its last change; the complete ones remain.
  const complete = parts.filter((part) => part !== undefined);
  if (complete.length === 0 || parts[0] === undefined) return undefined;
  // Notification choices name their channels `email` and `chat`, not a contact's e-mail address.
  const notifications = action === 'contact.notifications';
  const label = (field: string) =>
    t(notifications ? `audit.fields.notify_${field}` : `audit.fields.${field}`, { defaultValue: field });
  return complete
    .map(({ field, before, after }) =>
      t('audit.details.change', {
        field: label(field),
        before: value(field, before, t, { action, notifications, language }),
        after: value(field, after, t, { action, notifications, language }),
      }),
    )
    .join('; ');
}

/**
 * The detail line of an audit event in the user's language, from the values in its summary; undefined
 * when there is nothing to add to the title, actor and time.
 */
export function auditDetail(
  event: Pick<AuditEvent, 'action' | 'summary'>,
  t: TFunction,
  language: DisplayLanguage,
): string | undefined {
  const summary = event.summary.trim();
  if (summary === '' || SILENT.has(summary)) return undefined;
  // The call list's order is a list of contact ids: nothing a reader can use.
  if (event.action === 'contacts.call_list') return undefined;
  // Assignees are recorded by user id.
  if (event.action === 'ticket.assign') return undefined;
  if (event.action === 'contact.create' || event.action === 'contact.delete') {
    return /^(?:created|deleted) (.+)$/.exec(summary)?.[1];
  }
  if (event.action === 'ticket.watcher.add' || event.action === 'ticket.watcher.remove') return summary;
  for (const { pattern, key, names } of SENTENCES) {
    const match = pattern.exec(summary);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
    if (values.role) values.role = t(`profile.roles.names.${values.role}`, { defaultValue: values.role });
    return t(`audit.details.${key}`, values);
  }
  if (summary === 'figures changed') return t('audit.values.figuresChanged');
  return changes(summary, event.action, t, language);
}
