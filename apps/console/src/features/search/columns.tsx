import { formatHex } from '@lns/contract/hex';
import type { SearchRow, SearchType } from '@lns/contract/search';
import Chip from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import type { Column } from '../../components/ListTable';
import { formatTime } from '../../lib/format';

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
/** An EUI on one line (on a phone the table scrolls sideways instead of breaking it at dashes). */
const eui = (v: unknown) => <code style={{ whiteSpace: 'nowrap' }}>{formatHex(s(v))}</code>;

/** Result columns per type; admins get the owner column in gateway results. */
export function searchColumns(type: SearchType, t: TFunction, isAdmin: boolean): Column<SearchRow>[] {
  // Labels from this namespace only: the dialog opens on any page, before other areas' texts load.
  const product: Column<SearchRow> = {
    key: 'productType',
    label: t('col.type'),
    render: (r) => t(`productTypes.${s(r.productType)}`, { defaultValue: s(r.productType) }),
  };
  // Region ids in capitals, as the rest of the console shows them.
  const regionCol: Column<SearchRow> = {
    key: 'region',
    label: t('col.region'),
    render: (r) => s(r.region).toUpperCase(),
  };
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
        product,
        { key: 'username', label: t('col.owner') },
        time,
      ];
    case 'device':
      return [
        { key: 'devEUI', label: 'DevEUI', render: (r) => eui(r.devEUI) },
        { key: 'devName', label: t('col.name') },
        { key: 'appName', label: t('col.application') },
        product,
        time,
      ];
    case 'mcgroup':
      return [
        { key: 'mcEUI', label: 'McEUI', render: (r) => eui(r.mcEUI) },
        { key: 'mcName', label: t('col.name') },
        regionCol,
        time,
      ];
    case 'gateway':
      return [
        { key: 'gwID', label: t('col.id'), render: (r) => eui(r.gwID) },
        { key: 'gwName', label: t('col.name') },
        { key: 'gwType', label: t('col.type') },
        regionCol,
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
              label={r.admin ? t('roles.admin') : t('roles.common')}
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
