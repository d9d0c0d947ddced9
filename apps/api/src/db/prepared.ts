import type { Placeholder } from 'drizzle-orm';

/** A value now, or the name it will be given when a prepared statement runs. */
export type Param<T> = T | Placeholder;

/**
 * Drizzle prepared statements, built once per shape of a query (which of its optional conditions it
 * has) on first use: Drizzle then neither builds the SQL text on every request (about 60 µs a query in
 * the bench's profile of the search) nor sends it to be parsed again, since each shape runs as a named
 * statement. The shapes are few and fixed by the code, so the cache cannot grow with the input.
 */
export function preparedByShape<Shape extends string, Prepared>(build: (shape: Shape) => Prepared) {
  const built = new Map<Shape, Prepared>();
  return (shape: Shape): Prepared => {
    let prepared = built.get(shape);
    if (prepared === undefined) {
      prepared = build(shape);
      built.set(shape, prepared);
    }
    return prepared;
  };
}
