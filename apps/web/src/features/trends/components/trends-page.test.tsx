// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, configure, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims, setWide } from '../../../test/dom.ts';
import { renderPageAt } from '../../../test/render-screen.tsx';
import { TrendsPage } from './trends-page.tsx';

configure({ asyncUtilTimeout: 5000 });
beforeAll(installDomShims);
afterEach(cleanup);

/** The page in Dutch for customer 1001; its data does not matter here, so the API finds nothing. */
async function renderPage() {
  await renderPageAt({
    path: '/servers/trends',
    element: <TrendsPage search={{}} onSearchChange={() => {}} />,
    language: 'nl',
  });
  return (await screen.findByRole('radio', { name: 'Laatste 24 uur' })).closest(
    '.mantine-SegmentedControl-root',
  );
}

describe('the period choice', () => {
  it('stacks its periods below md (1024 px), rather than wrapping them into two rows', async () => {
    setWide(false);
    const control = await renderPage();
    expect(control).toHaveAttribute('data-orientation', 'vertical');
    expect(control).toHaveAttribute('data-full-width');
  });

  it('puts them side by side from md (1024 px)', async () => {
    setWide(true);
    expect(await renderPage()).toHaveAttribute('data-orientation', 'horizontal');
  });
});
