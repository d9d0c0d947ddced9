import { LONER } from './tokens.ts';

/** One row of an authorization matrix (DESIGN.md §7): a demo user against their own customer. */
export interface Subject {
  username: string | null;
  /** The customer the user is a member of (1001, or 1002 for multi). */
  target: number;
  /** Whether the route's right is held in the target customer: the test's literal expectation. */
  read: boolean;
  staff: boolean;
}

type Member = 'owner' | 'financial-moderator' | 'financial-viewer' | 'technical-viewer' | 'viewer' | 'multi';

/**
 * Every demo user, staff, the loner (no membership) and anonymous, with the expectation of each
 * member written out by the test; staff always read, the loner and anonymous never.
 */
export function matrixSubjects(read: Record<Member, boolean>): Subject[] {
  return [
    ...(Object.entries(read) as [Member, boolean][]).map(([username, holds]) => ({
      username,
      target: username === 'multi' ? 1002 : 1001,
      read: holds,
      staff: false,
    })),
    { username: 'staff-viewer', target: 1001, read: true, staff: true },
    { username: 'staff-moderator', target: 1001, read: true, staff: true },
    { username: LONER.username, target: 1001, read: false, staff: false },
    { username: null, target: 1001, read: false, staff: false },
  ];
}
