/** SPEC.md §5 and §9: a search needs at least 3 characters. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 200;
