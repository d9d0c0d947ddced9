/**
 * The refused screen that the forbidden page's `from` names, when it is a path of this app: `/…`,
 * never `//…` or `/\…` (which a browser reads as another origin) and not absurdly long; else undefined.
 */
export function appPathOf(from: string): string | undefined {
  return /^\/(?![/\\])/.test(from) && from.length <= 2000 ? from : undefined;
}
