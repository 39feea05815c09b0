import type { AppMessage } from '@lns/contract/frames';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { appColumns } from './columns';
import { decodedPreview } from './format';

const message = (over: Partial<AppMessage>): AppMessage => ({
  msgID: 'm1',
  createtime: 1_700_000_000_000,
  type: 'uplink',
  devEUI: '70b3d57ed0000101',
  devName: 'meter',
  appID: 1,
  devAddr: '01020304',
  fCnt: 1,
  fPort: 2,
  confirmed: false,
  data: '0167',
  dr: 5,
  sf: 7,
  bw: 125,
  freq: 868_100_000,
  rxInfo: [],
  ...over,
});

describe('decoded payload column', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces('live');
  });

  it('previews an object on one line, nested values as JSON', () => {
    expect(decodedPreview({ temperature: 21.5, unit: 'C', gps: { lat: 1 } })).toBe(
      'temperature: 21.5, unit: C, gps: {"lat":1}',
    );
    expect(decodedPreview(undefined)).toBe('');
    expect(decodedPreview([1, 2])).toBe('[1,2]');
  });

  it('is a column of the application live and history tables, with the decoder error when it failed', () => {
    const cell = appColumns(i18n.t).find((c) => c.key === 'decoded')!;
    expect(cell.label).toBe('Decoded');
    render(<div>{cell.render(message({ object: { temperature: 21.5 } }))}</div>);
    expect(screen.getByTestId('decoded-preview')).toHaveTextContent('temperature: 21.5');
    render(<div>{cell.render(message({ decodeError: 'SyntaxError: x' }))}</div>);
    expect(screen.getByText('Decoder failed')).toHaveAttribute('title', 'SyntaxError: x');
    const { container } = render(<div>{cell.render(message({}))}</div>);
    expect(container).toHaveTextContent(/^—$/);
  });
});
