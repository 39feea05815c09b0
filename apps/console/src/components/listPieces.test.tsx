import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '../../test/render';
import { ApiError } from '../lib/http';
import { deleteAllOrNothing, deleteOneByOne } from './deleteResults';
import { RowActions } from './RowActions';

beforeAll(() => setupI18n());

describe('list page pieces', () => {
  it('row actions: edit, the extra ones, delete, named after the row', () => {
    const calls: string[] = [];
    renderWithProviders(
      <RowActions
        name="dev-1"
        onEdit={() => calls.push('edit')}
        onDelete={() => calls.push('delete')}
        more={[{ label: 'Reset', icon: 'R', onClick: () => calls.push('reset') }]}
      />,
    );
    const names = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Edit dev-1', 'Reset dev-1', 'Delete dev-1']);
    for (const b of screen.getAllByRole('button')) fireEvent.click(b);
    expect(calls).toEqual(['edit', 'reset', 'delete']);
  });

  it('all or nothing: an error fails every item, refused ones with the text of their code', async () => {
    const items = [{ id: 1 }, { id: 2 }];
    const ok = await deleteAllOrNothing(items, { call: async () => {}, id: (x) => String(x.id) });
    expect(ok).toEqual({ deleted: items, failed: [] });

    const refusal = new ApiError(1001, 'refused', {
      code: 1001,
      msg: 'some were refused',
      data: { failed: [{ id: '2', code: 3001, reason: 'not yours' }] },
    });
    const bad = await deleteAllOrNothing(items, { call: () => Promise.reject(refusal), id: (x) => String(x.id) });
    expect(bad.deleted).toEqual([]);
    expect(bad.failed).toEqual([
      { item: items[0], reason: 'refused' },
      { item: items[1], reason: 'Application does not exist' },
    ]);
  });

  it('one by one: each item reports its own result', async () => {
    const call = vi.fn(async (x: number) => {
      if (x === 2) throw new Error('gone');
    });
    expect(await deleteOneByOne([1, 2, 3], call)).toEqual({ deleted: [1, 3], failed: [{ item: 2, reason: 'gone' }] });
    expect(call).toHaveBeenCalledTimes(3);
  });
});
