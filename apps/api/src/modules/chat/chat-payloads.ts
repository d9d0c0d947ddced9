import type { ChatChannelKind } from '@portaal/contracts/chat';
import type { ChatMessage } from './chat.table.ts';

/** Slack's mrkdwn treats &, < and > as markup; a ticket subject must read as typed. */
const slackEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Slack-compatible incoming webhook body: `text` (the notification and the fallback every
 * Slack-compatible receiver shows: Mattermost, Rocket.Chat, Zulip's Slack endpoint) plus blocks.
 */
export function slackBody(message: ChatMessage) {
  const title = slackEscape(message.title);
  const text = slackEscape(message.text);
  const link = message.link
    ? `<${message.link}|${slackEscape(message.linkLabel ?? message.link)}>`
    : undefined;
  return {
    text: [message.title, message.text, message.link].filter(Boolean).join('\n'),
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${title}*${text ? `\n${text}` : ''}` } },
      ...(link ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: link }] }] : []),
    ],
  };
}

/**
 * Microsoft Teams through a Workflows "post to a channel when a webhook request is received" flow:
 * a message with one Adaptive Card attachment (the Office 365 connectors' MessageCard is retired).
 */
export function teamsBody(message: ChatMessage) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: message.title, weight: 'Bolder', size: 'Medium', wrap: true },
            ...(message.text ? [{ type: 'TextBlock', text: message.text, wrap: true }] : []),
          ],
          ...(message.link
            ? {
                actions: [
                  { type: 'Action.OpenUrl', title: message.linkLabel ?? message.link, url: message.link },
                ],
              }
            : {}),
        },
      },
    ],
  };
}

export const chatBody = (kind: ChatChannelKind, message: ChatMessage) =>
  kind === 'teams' ? teamsBody(message) : slackBody(message);
