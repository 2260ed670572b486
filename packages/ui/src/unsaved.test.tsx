import { createTheme, MantineProvider, Modal } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUnsavedChangesGuard } from './unsaved';

function Form() {
  const [value, setValue] = useState('');
  const guard = useUnsavedChangesGuard(value !== '');
  return (
    <div>
      <label>
        Name
        <input value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      </label>
      <Link to="/other">Leave</Link>
      {guard}
    </div>
  );
}

// No closing transition: Mantine's scroll lock otherwise sets a timer that, on a loaded machine, can fire
// after the test file's DOM is gone ("window is not defined").
const theme = createTheme({
  components: { Modal: Modal.extend({ defaultProps: { transitionProps: { duration: 0 } } }) },
});

function setup() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Form /> },
      { path: '/other', element: <h1>Other page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

const TEXT = 'You have not saved your progress. Are you sure you want to leave? Your changes will not be saved.';

describe('useUnsavedChangesGuard', () => {
  it('lets a clean form go without asking', async () => {
    const router = setup();
    await act(async () => fireEvent.click(screen.getByText('Leave')));
    expect(router.state.location.pathname).toBe('/other');
  });

  it('asks with the spec text when dirty; Cancel stays, Yes leaves', async () => {
    const router = setup();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'x' } });
    await act(async () => fireEvent.click(screen.getByText('Leave')));
    expect(await screen.findByText(TEXT)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(router.state.location.pathname).toBe('/');
    await act(async () => fireEvent.click(screen.getByText('Leave')));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Yes' })));
    expect(router.state.location.pathname).toBe('/other');
  });

  it('asks the browser before unloading while dirty', () => {
    setup();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'x' } });
    const e = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e);
    expect(e.defaultPrevented).toBe(true);
  });
});
