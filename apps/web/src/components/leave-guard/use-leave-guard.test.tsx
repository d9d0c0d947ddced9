// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { Button, TextInput } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import {
  createBrowserHistory,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  useNavigate,
  useRouterState,
} from '@tanstack/react-router';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../app/session.ts';
import { installDomShims, testI18n } from '../../test/dom.ts';
import { renderScreen } from '../../test/render-screen.tsx';
import { useLeaveGuard } from './use-leave-guard.tsx';

beforeAll(installDomShims);
afterEach(cleanup);

/** A form that is dirty once something is typed, and that "saves" by going to /saved. */
function DraftForm() {
  const [text, setText] = useState('');
  const guard = useLeaveGuard(text !== '');
  const navigate = useNavigate();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        guard.release();
        // The test's own routes are not the app's registered ones.
        void navigate({ to: '/saved' as never });
      }}
    >
      {guard.prompt}
      <TextInput label="Draft" value={text} onChange={(event) => setText(event.currentTarget.value)} />
      <Button type="submit">Save</Button>
      <Link to={'/elsewhere' as never}>Elsewhere</Link>
      <Link to={'/form' as never} search={{ tab: 'two' } as never}>
        Other tab
      </Link>
    </form>
  );
}

function Location() {
  const href = useRouterState({ select: (state) => state.location.href });
  return <output data-testid="location">{href}</output>;
}

async function setup(language: 'en' | 'nl' = 'en', browser = false) {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Location />
      </>
    ),
  });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/form', component: DraftForm }),
      createRoute({ getParentRoute: () => root, path: '/elsewhere', component: () => <p>Elsewhere page</p> }),
      createRoute({ getParentRoute: () => root, path: '/saved', component: () => <p>Saved page</p> }),
    ]),
    // The memory history does not ask blockers on Back; the browser's (over jsdom's) does.
    history: browser ? createBrowserHistory() : createMemoryHistory({ initialEntries: ['/form'] }),
  });
  if (browser) window.history.replaceState(null, '', '/form');
  renderScreen({
    router,
    session: {} as Session,
    queryClient: new QueryClient(),
    i18n: await testI18n(language),
  });
  await screen.findByRole('textbox', { name: 'Draft' });
  return { router, user: userEvent.setup({ delay: null }) };
}

const location = () => screen.getByTestId('location').textContent;

/** Whether the page would ask before being closed or reloaded. */
function beforeUnloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useLeaveGuard', () => {
  it('lets the user leave an untouched form without asking', async () => {
    const { user } = await setup();
    expect(beforeUnloadAsks()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Elsewhere page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before a half-written form is left, and stays or leaves as answered', async () => {
    const { user } = await setup();
    await user.type(screen.getByRole('textbox', { name: 'Draft' }), 'Half a thought');
    expect(beforeUnloadAsks()).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(dialog).toHaveTextContent('What you have entered here has not been saved.');
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/form');
    expect(screen.getByRole('textbox', { name: 'Draft' })).toHaveValue('Half a thought');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('Elsewhere page')).toBeInTheDocument();
    expect(location()).toBe('/elsewhere');
  });

  it("asks on the browser's Back too", async () => {
    const { user } = await setup('en', true);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await screen.findByText('Elsewhere page');
    window.history.back();
    await user.type(await screen.findByRole('textbox', { name: 'Draft' }), 'x');
    window.history.forward();
    expect(await screen.findByRole('dialog', { name: 'Leave this page?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(window.location.pathname).toBe('/form'));
    expect(screen.getByRole('textbox', { name: 'Draft' })).toHaveValue('x');
  });

  it('does not ask after a successful save, nor for another tab of the same page', async () => {
    const { user } = await setup();
    await user.type(screen.getByRole('textbox', { name: 'Draft' }), 'Done');
    await user.click(screen.getByRole('link', { name: 'Other tab' }));
    await waitFor(() => expect(location()).toBe('/form?tab=two'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(beforeUnloadAsks()).toBe(false);
  });

  it('asks in Dutch', async () => {
    const { user } = await setup('nl');
    await user.type(screen.getByRole('textbox', { name: 'Draft' }), 'Half');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deze pagina verlaten?' });
    expect(dialog).toHaveTextContent('Wat u hier hebt ingevuld, is nog niet opgeslagen.');
    expect(screen.getByRole('button', { name: 'Op deze pagina blijven' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verlaten zonder opslaan' })).toBeInTheDocument();
  });
});
