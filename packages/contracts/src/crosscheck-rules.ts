// The crosscheck rules (decision 0027) without zod, so the web app's routes and the API share them.
// A crosscheck compares, per month, customer and subtype, what is billed (the bundle the customer pays
// for: a usage entry's period start amount) with what was technically used (its used amount). Amounts
// are decimal strings with two decimals; they are compared in integer hundredths, never as floats.

/** match: used within what is billed; the other three are differences. */
export const crosscheckStatuses = ['under_billed', 'unbilled', 'unused', 'match'] as const;
export type CrosscheckStatus = (typeof crosscheckStatuses)[number];

/** The statuses that count as a difference (the monthly list's count, the screen's default filter). */
export const crosscheckDifferenceStatuses: readonly CrosscheckStatus[] = [
  'under_billed',
  'unbilled',
  'unused',
];

/** Decimals of every amount on the wire and in the CSV export. */
export const CROSSCHECK_SCALE = 2;
/** An amount on the wire: a decimal string with exactly two decimals, optionally negative. */
export const CROSSCHECK_AMOUNT_PATTERN = /^-?\d{1,15}\.\d{2}$/;
/** A crosscheck subtype is the usage type key of a bundle (manhour, storage, traffic, observe_series …). */
export const CROSSCHECK_SUBTYPE_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

const hundredths = (value: string): bigint => {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new Error(`not a decimal with at most 2 decimals: ${value}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(`${whole}${fraction.padEnd(2, '0')}`);
  return sign === '-' ? -units : units;
};

const decimal = (units: bigint): string => {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(3, '0');
  return `${negative && units !== 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

/** "7.5" → "7.50": one spelling per amount. */
export const crosscheckAmount = (value: string): string => decimal(hundredths(value));

export interface CrosscheckFigures {
  /** billed − used: negative when more was used than billed. */
  difference: string;
  status: CrosscheckStatus;
}

/**
 * The difference and status of one row; the repo's SQL (crosschecks.repo.ts) holds the same order
 * of conditions, and the API tests check both agree. Zero and below count as nothing:
 * - billed ≤ 0 and used > 0: unbilled (used but not billed);
 * - billed > 0 and used ≤ 0: unused (billed but unused);
 * - used > billed > 0: under_billed (billed less than used);
 * - otherwise match (used within what is billed, or neither).
 */
export function crosscheckFigures(billed: string, used: string): CrosscheckFigures {
  const b = hundredths(billed);
  const u = hundredths(used);
  const difference = decimal(b - u);
  if (b <= 0n && u > 0n) return { difference, status: 'unbilled' };
  if (b > 0n && u <= 0n) return { difference, status: 'unused' };
  if (u > b) return { difference, status: 'under_billed' };
  return { difference, status: 'match' };
}

/** What the accounting system should still bill: the used amount beyond what is billed, never below 0. */
export function crosscheckToBill(billed: string, used: string): string {
  const rest = hundredths(used) - (hundredths(billed) > 0n ? hundredths(billed) : 0n);
  return decimal(rest > 0n ? rest : 0n);
}

/** Badge colours; the badge always carries its text as well (never colour alone). */
export const crosscheckStatusColours: Record<CrosscheckStatus, 'red' | 'orange' | 'grape' | 'green'> = {
  under_billed: 'red',
  unbilled: 'orange',
  unused: 'grape',
  match: 'green',
};
