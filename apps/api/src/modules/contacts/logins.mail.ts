import { endSentence } from '@portaal/contracts';

/** The invitation mail of a new login (dev IdP: the portal sends the set-password link itself). */

type Language = 'en' | 'nl';

const texts = {
  en: {
    subject: (brand: string) => `You are invited to ${brand}`,
    greeting: (name: string) => `Dear ${name},`,
    invited: (inviter: string, company: string, brand: string) =>
      endSentence(`${inviter} has invited you to ${brand} for ${company}`),
    choose: 'Choose your password with this link (it works once, for three days):',
    username: (username: string) => `Your username: ${username}`,
    footer: (brand: string) =>
      `You receive this message from ${brand} because you were added as a user. Not expected? Ignore this mail: nothing happens without the link.`,
  },
  nl: {
    subject: (brand: string) => `U bent uitgenodigd voor ${brand}`,
    greeting: (name: string) => `Beste ${name},`,
    invited: (inviter: string, company: string, brand: string) =>
      endSentence(`${inviter} heeft u uitgenodigd voor ${brand} namens ${company}`),
    choose: 'Kies uw wachtwoord met deze link (hij werkt één keer, drie dagen lang):',
    username: (username: string) => `Uw gebruikersnaam: ${username}`,
    footer: (brand: string) =>
      `U ontvangt dit bericht van ${brand} omdat u als gebruiker bent toegevoegd. Niet verwacht? Negeer deze mail: zonder de link gebeurt er niets.`,
  },
} as const;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

export function renderInvitationMail(input: {
  language: Language;
  brand: string;
  name: string;
  inviter: string;
  company: string;
  username: string;
  link: string;
}) {
  const t = texts[input.language];
  const lines = [
    t.greeting(input.name),
    '',
    t.invited(input.inviter, input.company, input.brand),
    '',
    t.choose,
    input.link,
    '',
    t.username(input.username),
    '',
    '-- ',
    t.footer(input.brand),
  ];
  const html = `<p>${escapeHtml(t.greeting(input.name))}</p>
<p>${escapeHtml(t.invited(input.inviter, input.company, input.brand))}</p>
<p>${escapeHtml(t.choose)}<br><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
<p>${escapeHtml(t.username(input.username))}</p>
<p style="color:#555">${escapeHtml(t.footer(input.brand))}</p>`;
  return { subject: oneLine(t.subject(input.brand)), text: lines.join('\n'), html };
}
