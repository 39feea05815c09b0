import { C } from '@lns/contract/codes';
import type { ImportReport } from '@lns/contract/imports';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '../../test/render';
import { ImportWizard, type ImportWizardProps } from './ImportWizard';

const FAILING: ImportReport = {
  dryRun: true,
  created: 0,
  rows: [
    { row: 2, id: 'a000000000000001', name: 'gw-1', errors: [] },
    {
      row: 4,
      id: 'a000000000000002',
      name: '',
      errors: [
        { code: C.PARAM_EMPTY, field: 'gwName', problem: 'gwNameEmpty' },
        { code: C.PARAM_FORMAT, field: 'txPower', problem: 'maxValue', params: { max: 27 } },
      ],
    },
    {
      row: 5,
      id: 'a000000000000001',
      name: 'gw-3',
      errors: [{ code: C.GATEWAY_EXISTS, field: 'gwID', problem: 'duplicateOfRow', params: { row: 2 } }],
    },
  ],
};
const CLEAN: ImportReport = { dryRun: true, created: 0, rows: [FAILING.rows[0]!] };

const xlsx = (name = 'gateways.xlsx', bytes = 10) => new File([new Uint8Array(bytes)], name);

function renderWizard(over: Partial<ImportWizardProps>) {
  const props: ImportWizardProps = {
    onTemplate: vi.fn(),
    check: vi.fn(async () => CLEAN),
    commit: vi.fn(async () => ({ ...CLEAN, dryRun: false, created: 1 })),
    idLabel: 'Gateway ID',
    nameLabel: 'Gateway name',
    ...over,
  };
  renderWithProviders(<ImportWizard {...props} />);
  const choose = (f: File) => fireEvent.change(screen.getByTestId('import-file'), { target: { files: [f] } });
  return { props, choose };
}

describe('ImportWizard', () => {
  it('previews every problem of every row, translated, and keeps Import disabled', async () => {
    await setupI18n('en-US');
    const { props, choose } = renderWizard({ check: vi.fn(async () => FAILING) });
    expect(screen.getByText(/at most 1 MB/)).toBeInTheDocument();
    choose(xlsx());
    const row4 = await screen.findByTestId('import-row-4');
    expect(within(row4).getByText('Gateway name: Gateway name cannot be empty')).toBeInTheDocument();
    expect(within(row4).getByText('Tx power: At most 27')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('import-row-5')).getByText(/^Gateway ID: .+ \(same as row 2\)$/),
    ).toBeInTheDocument();
    expect(screen.getByTestId('import-summary')).toHaveTextContent('3 rows checked, 2 with problems');
    expect(screen.getByTestId('import-submit')).toBeDisabled();
    expect(props.commit).not.toHaveBeenCalled();
  });

  it('words the problems in Chinese too', async () => {
    await setupI18n('zh-CN');
    const { choose } = renderWizard({ check: vi.fn(async () => FAILING) });
    expect(screen.getByText(/不超过 1 MB/)).toBeInTheDocument();
    choose(xlsx());
    const row5 = await screen.findByTestId('import-row-5');
    expect(within(row5).getByText(/^网关 ID: .+（?\(?与第 2 行相同/)).toBeInTheDocument();
    expect(within(screen.getByTestId('import-row-4')).getByText(/^发射功率: /)).toBeInTheDocument();
    await setupI18n('en-US');
  });

  it('writes only after Import is pressed on a clean check, then shows the result per row', async () => {
    await setupI18n('en-US');
    const onImported = vi.fn();
    const { props, choose } = renderWizard({ onImported });
    const file = xlsx();
    choose(file);
    await screen.findByTestId('import-row-2');
    expect(props.check).toHaveBeenCalledWith(file);
    expect(props.commit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('import-submit'));
    await screen.findByTestId('import-done');
    expect(props.commit).toHaveBeenCalledWith(file);
    expect(onImported).toHaveBeenCalledWith(1);
    expect(within(screen.getByTestId('import-row-2')).getByText('Imported')).toBeInTheDocument();
  });

  it('refuses a file of the wrong type or over the limit without checking it', async () => {
    await setupI18n('en-US');
    const { props, choose } = renderWizard({});
    choose(xlsx('gateways.csv'));
    expect(await screen.findByTestId('import-problem')).toHaveTextContent('Choose an Excel file');
    choose(xlsx('big.xlsx', 1024 * 1024 + 1));
    await waitFor(() =>
      expect(screen.getByTestId('import-problem')).toHaveTextContent('big.xlsx is too large: at most 1 MB'),
    );
    expect(props.check).not.toHaveBeenCalled();
  });
});
