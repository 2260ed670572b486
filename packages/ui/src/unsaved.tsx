import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useMessages } from './i18n';

/** The unsaved-progress dialog (000 §5): the catalogue's text, choices Yes and Cancel. */
function UnsavedChangesDialog({
  opened,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { msg } = useMessages();
  return (
    <Modal opened={opened} onClose={onCancel} withCloseButton={false} centered title={null} size="md" trapFocus>
      <Text mb="lg">{msg('unsaved.text')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {msg('unsaved.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm}>
          {msg('unsaved.yes')}
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * While `dirty`, leaving the page inside the app asks for confirmation with the unsaved-progress
 * dialog, and closing or reloading the tab triggers the browser's own leave prompt. Render the
 * returned element. Needs a data router (createHashRouter / createBrowserRouter).
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    return dirty && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (!dirty) return undefined;
    const handler = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [dirty]);

  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.reset();
  }, [blocker, dirty]);

  return (
    <UnsavedChangesDialog
      opened={blocker.state === 'blocked'}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
