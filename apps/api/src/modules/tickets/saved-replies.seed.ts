import type { Database } from '../../db/client.ts';
import { seedOnce } from '../../db/seed/seed-once.ts';
import { savedReplies } from './tickets.table.ts';

const SEED_NAME = 'demo-saved-replies';

/** The service desk's demo saved replies, in English and Dutch. */
export const demoSavedReplies = [
  {
    language: 'en',
    title: 'Looking into it',
    body: 'Thank you for your message. We are looking into it and will get back to you as soon as we know more.',
  },
  {
    language: 'en',
    title: 'Resolved, please confirm',
    body: 'We have resolved the issue. Could you confirm that everything works as expected again?',
  },
  {
    language: 'nl',
    title: 'We zoeken het uit',
    body: 'Bedankt voor uw bericht. We zoeken het uit en laten u zo snel mogelijk weten wat we vinden.',
  },
  {
    language: 'nl',
    title: 'Opgelost, graag bevestigen',
    body: 'We hebben het probleem opgelost. Kunt u bevestigen dat alles weer naar verwachting werkt?',
  },
] as const;

/** Loads the demo saved replies once, under a seed name of their own. */
export async function seedSavedReplies(db: Database): Promise<boolean> {
  return seedOnce(db, SEED_NAME, async (tx) => {
    await tx.insert(savedReplies).values([...demoSavedReplies]);
  });
}
