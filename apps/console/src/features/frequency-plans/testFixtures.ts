import { fileApi } from '@lns/contract/api/files';
import { fileUrlOf } from '@lns/contract/files';
import type { GlobalConfRow, PfConfRow, TxLutRow } from '@lns/contract/frequency-plans';
import { act, fireEvent, screen } from '@testing-library/react';
import type { stubFetch } from '../../../test/render';
import { stubUpload } from '../../../test/xhr';
import { REARM_MS } from '../../components/DeleteDialog';

/** Answers as the server gives them (the client checks them against the contract in tests). */
export const ok = (data: unknown) => ({ code: 0, data });
export const list = (data: unknown[]) => ({ code: 0, amount: data.length, data });

export const DIGEST = 'cd'.repeat(32);
export const FILE_URL = fileUrlOf(DIGEST);
const T = 1_795_608_000_000;

export const regions = list([
  {
    region: 'cn470',
    name: 'CN470',
    color: '#2196f3',
    plan: 'fixed',
    subnets: [
      { subnet: 'cn470-1', name: 'CN470 1', channels: 8 },
      { subnet: 'cn470-2', name: 'CN470 2', channels: 8 },
    ],
    createdAt: 0,
    updatedAt: 0,
  },
]);

export const globalConf: GlobalConfRow = {
  globalConfID: 7,
  region: 'cn470',
  subnet: 'cn470-1',
  filestore: fileUrlOf('ab'.repeat(32)),
  fileName: 'global_conf_cn470_1.json',
  chip: 'SX130x',
  gateways: 12,
  createdAt: T,
  updatedAt: T,
};

export const txLut: TxLutRow = {
  txLutID: 3,
  gwType: 'rhf2s027',
  region: 'cn470',
  filestore: fileUrlOf('ef'.repeat(32)),
  fileName: 'txlut_rhf2s027.json',
  entries: 16,
  gateways: 4,
  createdAt: T,
  updatedAt: T,
};

export const gwTypes = list(
  ['rhf2s027', 'rhf2s008'].map((gwType, i) => ({
    gwTypeID: i + 1,
    gwType,
    arch: 'arm',
    supportGPS: false,
    color: '#666666',
    submodels: [],
    gateways: 0,
    createdAt: 0,
    updatedAt: 0,
  })),
);

export const pfRow = (over: Partial<PfConfRow> = {}): PfConfRow => ({
  gwID: '0102030405060708',
  gwName: 'roof-gw',
  gwType: 'rhf2s027',
  region: 'cn470',
  subnet: 'cn470-1',
  online: true,
  agent: true,
  globalConfID: 7,
  txLutID: 3,
  sha256: '11'.repeat(32),
  appliedSha256: '22'.repeat(32),
  appliedAt: T,
  state: 'outOfDate',
  error: null,
  ...over,
});

export const bodyOf = (calls: ReturnType<typeof stubFetch>, path: string) =>
  JSON.parse(String(calls.findLast((c) => c.url.pathname === path)?.init?.body));

export const choose = async (label: RegExp, option: RegExp) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

/** Picks `name` in the upload widget `testId`; the file store answers FILE_URL. */
export const upload = (testId: string, name: string) => {
  const sent = stubUpload((_form, url) =>
    url.endsWith(fileApi.upload.path)
      ? { body: ok({ fileUrl: FILE_URL, fileName: name, size: 64, digest: DIGEST }) }
      : 'network',
  );
  fireEvent.change(screen.getByTestId(`${testId}-input`), {
    target: { files: [new File(['{"SX130x_conf":{}}'], name, { type: 'application/json' })] },
  });
  return sent;
};

/** Waits for the delete dialog to arm, then drags its slider to the end. */
export const slide = async () => {
  await act(() => new Promise((r) => setTimeout(r, REARM_MS + 50)));
  const handle = screen.getByTestId('slide-verify-handle');
  fireEvent.pointerDown(handle, { clientX: 0, pointerId: 1 });
  fireEvent.pointerMove(handle, { clientX: 150, pointerId: 1 });
  fireEvent.pointerMove(handle, { clientX: 400, pointerId: 1 });
  fireEvent.pointerUp(handle, { clientX: 400, pointerId: 1 });
};
