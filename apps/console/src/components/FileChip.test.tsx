import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '../../test/render';
import { FileChip } from './FileChip';

describe('FileChip', () => {
  it('shows the file name as it is and removes it from a labelled delete icon', async () => {
    await setupI18n('en-US');
    const onRemove = vi.fn();
    renderWithProviders(<FileChip name="import-OTAA-mixed.xlsx" onRemove={onRemove} />);
    const label = await screen.findByText('import-OTAA-mixed.xlsx');
    expect(getComputedStyle(label).textTransform).not.toBe('uppercase');
    expect(screen.queryByText(/remove/i)).toBeNull();
    fireEvent.click(screen.getByLabelText('Remove import-OTAA-mixed.xlsx'));
    expect(onRemove).toHaveBeenCalledOnce();
  });

  it('names the delete icon in Chinese too', async () => {
    await setupI18n('zh-CN');
    renderWithProviders(<FileChip name="设备.xlsx" onRemove={() => {}} />);
    expect(await screen.findByLabelText('移除 设备.xlsx')).toBeInTheDocument();
  });
});
