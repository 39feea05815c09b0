import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '../../test/render';
import { usePaging } from '../lib/paging';
import { session } from '../lib/session';
import { CardPanel } from './CardPanel';
import { ConfirmDialog } from './ConfirmDialog';
import { clampRange, DateTimeRangePicker, defaultRange, endOfMinute, nowPlus5 } from './DateTimeRangePicker';
import { HeaderEditor, type HeaderRow, headersToMap } from './HeaderEditor';
import { HexField } from './HexField';
import { JsonViewerDialog } from './JsonViewerDialog';
import { ListTable } from './ListTable';
import { StatusList } from './StatusList';

beforeAll(() => setupI18n());

describe('HexField', () => {
  function Harness({ onPlain }: { onPlain: (s: string) => void }) {
    const [v, setV] = useState('');
    return (
      <HexField
        label="DevEUI"
        digits={16}
        value={v}
        onChange={(p) => {
          setV(p);
          onPlain(p);
        }}
      />
    );
  }
  it('shows uppercase dash pairs, accepts pasted dashes or colons, gives plain lowercase hex', () => {
    const seen = vi.fn();
    renderWithProviders(<Harness onPlain={seen} />);
    const input = screen.getByLabelText('DevEUI') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'aa:bb:cc:dd:ee:ff:00:11' } });
    expect(seen).toHaveBeenLastCalledWith('aabbccddeeff0011');
    expect(input.value).toBe('AA-BB-CC-DD-EE-FF-00-11');
    fireEvent.change(input, { target: { value: '01-02-03' } });
    expect(seen).toHaveBeenLastCalledWith('010203');
    expect(input.value).toBe('01-02-03');
  });
  it('flags non-hex characters', () => {
    renderWithProviders(<Harness onPlain={() => {}} />);
    fireEvent.change(screen.getByLabelText('DevEUI'), { target: { value: 'zz' } });
    expect(screen.getByText('Please enter only hexadecimal characters')).toBeInTheDocument();
  });
});

describe('HeaderEditor', () => {
  it('drops rows with an empty key or value', () => {
    expect(
      headersToMap([
        { key: 'Authorization', value: 'Bearer x' },
        { key: '', value: 'v' },
        { key: 'k', value: ' ' },
      ]),
    ).toEqual({ Authorization: 'Bearer x' });
  });
  it('allows at most 5 rows', () => {
    function Harness() {
      const [rows, setRows] = useState<HeaderRow[]>([]);
      return <HeaderEditor value={rows} onChange={setRows} />;
    }
    renderWithProviders(<Harness />);
    for (let i = 0; i < 5; i++) fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
    expect(screen.getAllByLabelText('Header')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'At most 5 headers' })).toBeDisabled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove header' })[0]!);
    expect(screen.getAllByLabelText('Header')).toHaveLength(4);
  });
});

describe('DateTimeRangePicker', () => {
  const now = dayjs('2025-03-10T15:20:30');
  it('defaults to today → tomorrow', () => {
    expect(defaultRange(now)).toEqual([dayjs('2025-03-10T00:00:00').valueOf(), dayjs('2025-03-11T00:00:00').valueOf()]);
  });
  it('keeps the start within 30 days back and the span within the max', () => {
    const [s, e] = clampRange([now.subtract(60, 'day').valueOf(), now.valueOf()], 7, 30, now);
    expect(s).toBe(now.subtract(30, 'day').startOf('day').valueOf());
    expect(e - s).toBe(7 * 86_400_000);
    const [s2, e2] = clampRange([now.valueOf(), now.subtract(1, 'hour').valueOf()], 7, 30, now);
    expect(e2).toBeGreaterThan(s2);
  });
  it('adds 59 s to the end and +5 min for "now"', () => {
    expect(dayjs(endOfMinute(dayjs('2025-03-10T10:00:00'))).format('HH:mm:ss')).toBe('10:00:59');
    expect(nowPlus5(now) - now.valueOf()).toBe(5 * 60_000);
  });
  it('renders start and end pickers in the current language', async () => {
    const onChange = vi.fn();
    renderWithProviders(<DateTimeRangePicker value={defaultRange()} onChange={onChange} />);
    expect(await screen.findAllByText('Start time')).not.toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Now' }));
    const [s, e] = onChange.mock.calls[0]![0];
    expect(s).toBe(defaultRange()[0]);
    expect(Math.abs(e - nowPlus5())).toBeLessThan(2000);
  });
});

describe('CardPanel', () => {
  it('enables only the permitted buttons and collapses', () => {
    const onDelete = vi.fn();
    const onRefresh = vi.fn();
    renderWithProviders(
      <CardPanel title="Region" actions={['refresh']} onDelete={onDelete} onRefresh={onRefresh} collapsible>
        <div>body</div>
      </CardPanel>,
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Collapse' }));
    expect(screen.getByRole('button', { name: 'Expand' })).toBeInTheDocument();
  });
});

describe('StatusList', () => {
  it('copies a value', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(
      <StatusList
        copyAll
        items={[
          { label: 'API token', value: 'lns_abc' },
          { label: 'Empty', value: '' },
        ]}
      />,
    );
    const buttons = screen.getAllByRole('button', { name: 'Copy' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('lns_abc'));
  });
});

describe('ConfirmDialog', () => {
  it('runs the async action and closes on success', async () => {
    const onConfirm = vi.fn(async () => {});
    const onClose = vi.fn();
    renderWithProviders(<ConfirmDialog open message="Sure?" onConfirm={onConfirm} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onConfirm).toHaveBeenCalled();
  });
  it('stays open when the action fails', async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <ConfirmDialog open message="Sure?" onConfirm={() => Promise.reject(new Error('x'))} onClose={onClose} />,
    );
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.getByTestId('confirm-ok')).toBeEnabled());
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('JsonViewerDialog', () => {
  it('loads the tree when opened', async () => {
    renderWithProviders(<JsonViewerDialog open onClose={() => {}} data={{ devEUI: '0102', rssi: -80 }} />);
    expect(await screen.findByTestId('json-tree')).toHaveTextContent('devEUI');
    expect(screen.getByText('Details')).toBeInTheDocument();
  });
});

describe('ListTable', () => {
  function Harness({ onQuery }: { onQuery: (q: object) => void }) {
    const paging = usePaging('widgets-test', { orderBy: 'name', orderType: 'asc' });
    onQuery(paging.query);
    const rows = [{ id: 1, name: 'a' }];
    return (
      <ListTable
        columns={[
          { key: 'id', label: 'ID', sortable: true },
          { key: 'name', label: 'Name', sortable: true },
        ]}
        rows={rows}
        rowKey={(r) => r.id}
        amount={230}
        paging={paging}
      />
    );
  }
  it('sorts by clicked column, remembers the page size per list', async () => {
    const q = vi.fn();
    renderWithProviders(<Harness onQuery={q} />);
    expect(q).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 50, orderBy: 'name', orderType: 'asc' });
    expect(screen.getByTestId('list-total')).toHaveTextContent('230 in total');
    fireEvent.click(screen.getByText('ID'));
    expect(q).toHaveBeenLastCalledWith(expect.objectContaining({ orderBy: 'id', orderType: 'desc' }));
    fireEvent.click(screen.getByText('ID'));
    expect(q).toHaveBeenLastCalledWith(expect.objectContaining({ orderBy: 'id', orderType: 'asc' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    expect(q).toHaveBeenLastCalledWith(expect.objectContaining({ pageNo: 3 }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows per page' }));
    fireEvent.click(await screen.findByRole('option', { name: '100 / page' }));
    expect(q).toHaveBeenLastCalledWith(expect.objectContaining({ pageNo: 1, pageSize: 100 }));
    expect(session.pageSize('widgets-test', [50, 100, 150, 200], 50)).toBe(100);
  });
});
