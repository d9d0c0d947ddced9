import { describe, expect, it } from 'vitest';
import { renderInvitationMail } from './logins.mail.ts';

const invitation = (language: 'en' | 'nl', company: string) =>
  renderInvitationMail({
    language,
    brand: 'Portaal',
    name: 'Joris',
    inviter: 'Ilse van Dijk',
    company,
    username: 'joris@houtzagerij.example',
    link: 'https://portaal.example/realms/portaal/login-actions/action-token?key=abc',
  });

describe('the invitation mail', () => {
  it('ends the sentence after a company name ending in "B.V." with one full stop, not two', () => {
    const nl = invitation('nl', 'Houtzagerij Van der Meulen B.V.');
    expect(nl.text).toContain(
      'Ilse van Dijk heeft u uitgenodigd voor Portaal namens Houtzagerij Van der Meulen B.V.\n',
    );
    expect(nl.html).toContain('namens Houtzagerij Van der Meulen B.V.</p>');
    const en = invitation('en', 'Houtzagerij Van der Meulen B.V.');
    expect(en.text).toContain(
      'Ilse van Dijk has invited you to Portaal for Houtzagerij Van der Meulen B.V.\n',
    );
    for (const mail of [nl, en]) expect(`${mail.text}${mail.html}`).not.toContain('B.V..');
  });

  it('still ends a name without a full stop with one', () => {
    expect(invitation('en', 'Northwind Logistics Ltd').text).toContain('for Northwind Logistics Ltd.\n');
  });

  it('says why the mail came in words true whether a colleague or provider staff added the user', () => {
    const nl = invitation('nl', 'Bakkerij De Gouden Korst B.V.');
    const en = invitation('en', 'Bakkerij De Gouden Korst B.V.');
    expect(nl.text).toContain('omdat u als gebruiker bent toegevoegd.');
    expect(en.text).toContain('because you were added as a user.');
    for (const mail of [nl, en]) expect(`${mail.text}${mail.html}`).not.toMatch(/collega|colleague/);
  });
});
