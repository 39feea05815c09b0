import { formatHex } from '@lns/contract/hex';
import type { SearchRow, SearchType } from '@lns/contract/search';
import Chip from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import type { Column } from '../../components/ListTable';
import { formatTime } from '../../lib/format';

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Result columns per type; admins get the owner column in gateway results. */
export function searchColumns(type: SearchType, t: TFunction, isAdmin: boolean): Column<SearchRow>[] {
  const time: Column<SearchRow> = {
    key: 'createtime',
    label: t('col.createtime'),
    render: (r) => formatTime(r.createtime as number),
  };
  switch (type) {
    case 'application':
      return [
        { key: 'appID', label: t('col.id') },
        { key: 'appName', label: t('col.name') },
        { key: 'productType', label: t('col.type') },
        { key: 'username', label: t('col.owner') },
        time,
      ];
    case 'device':
      return [
        { key: 'devEUI', label: 'DevEUI', render: (r) => <code>{formatHex(s(r.devEUI))}</code> },
        { key: 'devName', label: t('col.name') },
        { key: 'appName', label: t('col.application') },
        { key: 'productType', label: t('col.type') },
        time,
      ];
    case 'mcgroup':
      return [
        { key: 'mcEUI', label: 'McEUI', render: (r) => <code>{formatHex(s(r.mcEUI))}</code> },
        { key: 'mcName', label: t('col.name') },
        { key: 'region', label: t('col.region') },
        time,
      ];
    case 'gateway':
      return [
        { key: 'gwID', label: t('col.id'), render: (r) => <code>{formatHex(s(r.gwID))}</code> },
        { key: 'gwName', label: t('col.name') },
        { key: 'gwType', label: t('col.type') },
        { key: 'region', label: t('col.region') },
        ...(isAdmin ? [{ key: 'owner', label: t('col.owner') }] : []),
      ];
    case 'user':
      return [
        { key: 'userID', label: t('col.id') },
        { key: 'name', label: t('col.name') },
        {
          key: 'admin',
          label: t('col.admin'),
          render: (r) => (
            <Chip
              size="small"
              label={r.admin ? t('users:admin') : t('users:common')}
              color={r.admin ? 'primary' : 'default'}
            />
          ),
        },
        time,
      ];
  }
}

const q = (o: Record<string, unknown>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, s(v)])).toString();

/** The detail page a result of each type opens. */
export const DETAIL_PATH: Record<SearchType, string> = {
  application: '/application/detail',
  device: '/application/device/detail',
  mcgroup: '/multicast/detail',
  gateway: '/gateway/detail',
  user: '/user/detail',
};

/** The detail route a result opens, with the query parameters that page needs. */
export function detailPath(type: SearchType, r: SearchRow): string {
  const query = {
    application: { appID: r.appID, appName: r.appName },
    device: { appID: r.appID, appName: r.appName, devEUI: r.devEUI, devName: r.devName },
    mcgroup: { mcEUI: r.mcEUI, mcName: r.mcName },
    gateway: { gwID: r.gwID, gwName: r.gwName },
    user: { userID: r.userID },
  }[type];
  return `${DETAIL_PATH[type]}?${q(query)}`;
}

export const rowKey = (type: SearchType, r: SearchRow): string =>
  s({ application: r.appID, device: r.devEUI, mcgroup: r.mcEUI, gateway: r.gwID, user: r.userID }[type]);
