/** A path segment that can be a database id: digits without a leading zero, within PostgreSQL's integer. */
export const isIdParam = (value: string) => /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;
