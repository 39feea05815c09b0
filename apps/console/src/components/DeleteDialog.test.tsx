import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '../../test/render';
import { ApiError } from '../lib/http';
import { DeleteDialog, REARM_MS } from './DeleteDialog';

const slide = () => {
  const handle = screen.getByTestId('slide-verify-handle');
  fireEvent.pointerDown(handle, { clientX: 0, pointerId: 1 });
  fireEvent.pointerMove(handle, { clientX: 150, pointerId: 1 });
  fireEvent.pointerMove(handle, { clientX: 400, pointerId: 1 });
  fireEvent.pointerUp(handle, { clientX: 400, pointerId: 1 });
};

describe('DeleteDialog', () => {
  beforeAll(() => setupI18n());

  it('needs the slide, then lists deleted and failed items with reasons', async () => {
    const onDelete = vi.fn(async (items: string[]) => ({
      deleted: items.slice(0, 1),
      failed: [{ item: items[1]!, reason: 'in use' }],
    }));
    const onDone = vi.fn();
    renderWithProviders(
      <DeleteDialog
        open
        onClose={() => {}}
        items={['app-a', 'app-b']}
        itemLabel={(s) => s}
        onDelete={onDelete}
        onDone={onDone}
      />,
    );
    expect(await screen.findByText('These 2 items will be deleted:')).toBeInTheDocument();
    const confirm = screen.getByTestId('delete-confirm');
    expect(confirm).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('slide-verify').getAttribute('data-verified')).toBe('false'), {
      timeout: REARM_MS + 500,
    });
    await act(() => new Promise((r) => setTimeout(r, REARM_MS + 50)));
    slide();
    expect(screen.getByTestId('slide-verify')).toHaveAttribute('data-verified', 'true');
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    expect(await screen.findByTestId('delete-deleted')).toHaveTextContent('1 item deleted');
    expect(screen.getByTestId('delete-failed')).toHaveTextContent('1 item failed');
    expect(screen.getByTestId('delete-failed')).toHaveTextContent('in use');
    expect(onDelete).toHaveBeenCalledWith(['app-a', 'app-b']);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('a released-early slide snaps back and keeps delete disabled', async () => {
    renderWithProviders(
      <DeleteDialog
        open
        onClose={() => {}}
        items={['x']}
        itemLabel={(s) => s}
        onDelete={async () => ({ deleted: [], failed: [] })}
      />,
    );
    await act(() => new Promise((r) => setTimeout(r, REARM_MS + 50)));
    const handle = screen.getByTestId('slide-verify-handle');
    fireEvent.pointerDown(handle, { clientX: 0 });
    fireEvent.pointerMove(handle, { clientX: 100 });
    fireEvent.pointerUp(handle, { clientX: 100 });
    expect(screen.getByTestId('slide-verify')).toHaveAttribute('data-verified', 'false');
    expect(handle).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByTestId('delete-confirm')).toBeDisabled();
  });

  it('a thrown refusal fails every item with its translated text, not the server message', async () => {
    const err = new ApiError(1001, 'System busy, please try again later', { code: 1001, msg: 'database locked' });
    renderWithProviders(
      <DeleteDialog
        open
        onClose={() => {}}
        items={['a', 'b']}
        itemLabel={(s) => s}
        onDelete={() => Promise.reject(err)}
      />,
    );
    await act(() => new Promise((r) => setTimeout(r, REARM_MS + 50)));
    slide();
    fireEvent.click(screen.getByTestId('delete-confirm'));
    const failed = await screen.findByTestId('delete-failed');
    expect(failed).toHaveTextContent('2 items failed');
    expect(screen.getAllByText('System busy, please try again later')).toHaveLength(2);
    expect(screen.queryByText('database locked')).toBeNull();
  });

  it('re-arms the slide 500 ms after reopening', async () => {
    function Toggle() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen((o) => !o)}>
            toggle
          </button>
          <DeleteDialog
            open={open}
            onClose={() => setOpen(false)}
            items={['a']}
            itemLabel={(s) => s}
            onDelete={async () => ({ deleted: [], failed: [] })}
          />
        </>
      );
    }
    renderWithProviders(<Toggle />);
    await act(() => new Promise((r) => setTimeout(r, REARM_MS + 50)));
    slide();
    expect(screen.getByTestId('slide-verify')).toHaveAttribute('data-verified', 'true');
    fireEvent.click(screen.getByText('toggle', { selector: 'button' }), {});
    await act(() => new Promise((r) => setTimeout(r, 300)));
    fireEvent.click(screen.getByText('toggle', { selector: 'button' }), {});
    // Not yet re-armed: the slider is disabled until 500 ms have passed.
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(screen.getByTestId('slide-verify-handle')).toHaveAttribute('tabindex', '-1');
    await act(() => new Promise((r) => setTimeout(r, REARM_MS)));
    expect(screen.getByTestId('slide-verify')).toHaveAttribute('data-verified', 'false');
    expect(screen.getByTestId('slide-verify-handle')).toHaveAttribute('tabindex', '0');
    expect(screen.getByTestId('delete-confirm')).toBeDisabled();
  });

  it('warns when nothing is selected', async () => {
    renderWithProviders(
      <DeleteDialog
        open
        onClose={() => {}}
        items={[]}
        itemLabel={(s) => s}
        onDelete={async () => ({ deleted: [], failed: [] })}
      />,
    );
    expect(await screen.findByText('Select at least one item')).toBeInTheDocument();
    expect(screen.getByTestId('delete-confirm')).toBeDisabled();
  });
});
