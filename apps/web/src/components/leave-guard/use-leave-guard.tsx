import { Button, Group, Text } from '@mantine/core';
import { useBlocker, useRouter } from '@tanstack/react-router';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../modal/modal.tsx';

/**
 * The path a user has just agreed to leave for. Forms kept mounted side by side (the new-ticket tabs)
 * each guard themselves: once one has asked, the others let the same navigation pass.
 */
let leavingFor: string | undefined;

/**
 * Guards a form with unsaved input: closing or reloading the tab asks the browser's question, and an
 * in-app navigation to another page (a link, Back) asks ours, in the user's language. Nothing is asked
 * while `dirty` is false, and nothing after `release()`: call it on a successful save, before the
 * navigation that follows it. A change of the search only (a tab of the same page) is not leaving.
 * Render `prompt` anywhere in the form.
 */
export function useLeaveGuard(dirty: boolean): { release: () => void; prompt: ReactNode } {
  // Read when a navigation starts, which may be in the same task as release(): refs, not state.
  const released = useRef(false);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  useEffect(() => {
    // A form emptied again (a reply sent and cleared) guards its next input anew.
    if (!dirty) released.current = false;
  }, [dirty]);

  const shouldBlockFn = useCallback(
    ({ current, next }: { current: { pathname: string }; next: { pathname: string } }) =>
      dirtyNow.current &&
      !released.current &&
      next.pathname !== current.pathname &&
      next.pathname !== leavingFor,
    [],
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      // The browser asks with its own words; a page's text is no longer shown anywhere.
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // A form shown outside a router (a component test of the form alone) has no navigation to guard.
  const router = useRouter({ warn: false });
  const prompt = router ? <LeavePrompt shouldBlockFn={shouldBlockFn} disabled={!dirty} /> : null;

  return {
    release: () => {
      released.current = true;
    },
    prompt,
  };
}

/** The in-app half: TanStack Router's blocker, and the question in the user's language. */
function LeavePrompt({
  shouldBlockFn,
  disabled,
}: {
  shouldBlockFn: (args: { current: { pathname: string }; next: { pathname: string } }) => boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('global');
  const blocker = useBlocker({
    shouldBlockFn,
    // The hook's own listener asks on reload and close: the router's would only with its browser history.
    enableBeforeUnload: false,
    disabled,
    withResolver: true,
  });
  const stay = () => blocker.reset?.();
  const leave = () => {
    if (blocker.status !== 'blocked') return;
    leavingFor = blocker.next.pathname;
    // The other guards of this navigation are asked right away; the next navigation asks again.
    setTimeout(() => {
      leavingFor = undefined;
    }, 0);
    blocker.proceed();
  };
  return (
    <Modal opened={blocker.status === 'blocked'} onClose={stay} title={t('leaveGuard.title')} centered>
      <Text>{t('leaveGuard.text')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={stay} data-autofocus>
          {t('leaveGuard.stay')}
        </Button>
        <Button color="red" onClick={leave}>
          {t('leaveGuard.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
