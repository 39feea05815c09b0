import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '../../test/render';
import { SlideVerify } from './SlideVerify';
import { labelBox } from './sliderLabel';

/** True when the label's span [left, width - right] and the handle's [x, x + handle] overlap. */
const overlaps = (box: { left: number; right: number }, x: number, handle: number, width: number) =>
  box.left < x + handle && width - box.right > x;

describe('a slider label beside its handle', () => {
  it.each([0, 40, 133, 200, 266])('is never under a captcha handle stopped at x=%i', (x) => {
    const box = labelBox(x, 44, 310);
    expect(overlaps(box, x, 44, 310)).toBe(false);
    // The wider free side: room for "Verified" / "验证通过".
    expect(310 - box.left - box.right).toBeGreaterThanOrEqual(133);
  });

  it('SlideVerify shows "Verified" beside the handle once done', async () => {
    await setupI18n('en-US');
    renderWithProviders(<SlideVerify onVerified={() => {}} />);
    const handle = await screen.findByTestId('slide-verify-handle');
    fireEvent.keyDown(handle, { key: 'End' });
    const label = screen.getByTestId('slide-verify-label');
    expect(label).toHaveTextContent('Verified');
    const style = getComputedStyle(label);
    const box = { left: Number.parseFloat(style.left), right: Number.parseFloat(style.right) };
    const x = Number.parseFloat(getComputedStyle(handle).left);
    expect(x).toBe(260);
    expect(overlaps(box, x, 40, 300)).toBe(false);
  });
});
