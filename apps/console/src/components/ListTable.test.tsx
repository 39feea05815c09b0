import Button from '@mui/material/Button';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { windowOf } from '../../test/media';
import { setupI18n } from '../../test/render';
import type { Paging } from '../lib/paging';
import { type Column, ListTable } from './ListTable';
import { ListToolbar } from './ListToolbar';

const realMatchMedia = window.matchMedia;
const paging = {
  pageNo: 1,
  pageSize: 50,
  orderBy: '',
  orderType: 'desc',
  setSort() {},
  setPage() {},
  setPageSize() {},
};
type Row = { id: string; devEUI: string; remarks: string; region: string };
const columns: Column<Row>[] = [
  { key: 'devEUI', label: 'DevEUI', nowrap: true },
  { key: 'region', label: 'Region', priority: 'secondary' },
  { key: 'remarks', label: 'Remarks', priority: 'optional' },
  { key: 'actions', label: 'Actions', stickyRight: true, render: () => 'edit' },
];
const rows = [{ id: '1', devEUI: '70-B3-D5-7E-D0-00-01-01', remarks: 'roof', region: 'EU868' }];

function headers(width: number) {
  windowOf(width);
  render(
    <ListTable<Row>
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      amount={1}
      paging={paging as unknown as Paging}
    />,
  );
  return within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
}

describe('ListTable column priorities', () => {
  beforeAll(() => setupI18n('en-US'));
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('shows every column on a wide screen', () => {
    expect(headers(1600)).toEqual(['DevEUI', 'Region', 'Remarks', 'Actions']);
  });

  it('lets optional columns give way at 1280 px, never the IDs or the actions', () => {
    expect(headers(1280)).toEqual(['DevEUI', 'Region', 'Actions']);
  });

  it('keeps only what matters at 390 px', () => {
    expect(headers(390)).toEqual(['DevEUI', 'Actions']);
  });

  it('never wraps an ID and keeps the actions in view', () => {
    windowOf(1600);
    render(
      <ListTable<Row>
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        amount={1}
        paging={paging as unknown as Paging}
      />,
    );
    expect(screen.getByText('70-B3-D5-7E-D0-00-01-01')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByText('edit')).toHaveStyle({ position: 'sticky', right: '0px' });
  });
});

describe('ListToolbar on a phone', () => {
  beforeAll(() => setupI18n('en-US'));
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  const toolbar = () => (
    <ListToolbar title="Gateways">
      <Button>Refresh</Button>
      <Button>Import</Button>
      <Button variant="contained">Add gateway</Button>
      <Button>Batch update</Button>
    </ListToolbar>
  );

  it('keeps the main button and folds the others into a More menu', async () => {
    windowOf(390);
    render(toolbar());
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Add gateway', '']);
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Refresh', 'Import', 'Batch update']);
  });

  it('shows every button on a wide screen', () => {
    windowOf(1280);
    render(toolbar());
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Refresh',
      'Import',
      'Add gateway',
      'Batch update',
    ]);
  });
});
