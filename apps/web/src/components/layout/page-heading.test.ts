import { STATIC_PAGE_HEADINGS } from '@portaal/contracts/page-headings';
import { createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { routeTree } from '../../routeTree.gen.ts';

describe('the pages with a fixed heading', () => {
  it('ask the rights of their routes, so the first screen shows a heading only where the route opens', () => {
    // Matching only: no page is loaded, so the context (the session) is never read.
    const router = createRouter({ routeTree, context: {} as never });
    for (const [path, page] of Object.entries(STATIC_PAGE_HEADINGS)) {
      // An index page's full path ends in a slash; the system landscape is a splat route.
      const route =
        router.routesByPath[`${path}/` as keyof typeof router.routesByPath] ??
        router.routesByPath[path as keyof typeof router.routesByPath] ??
        router.routesByPath[`${path}/$` as keyof typeof router.routesByPath];
      expect(route, path).toBeDefined();
      expect(route?.options.staticData?.requirement, path).toEqual(page.requires);
    }
  });
});
