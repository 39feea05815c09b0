import { DOWNLINK_STATUS } from '@lns/contract/frames';
import {
  RELAY_BACKWARD_MODE,
  RELAY_LINK,
  RELAY_SLAVE_STATUS,
  RELAY_STATUS,
  RELAY_WORK_MODE,
} from '@lns/contract/relay';
import { RELAY_EVENTS, RELAY_RESULT, type RelayRequestState } from '@lns/contract/relay-api';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The contract's state tables name each value; their names (lowercase) are the i18n keys. */
const nameIn = (table: Record<string, number>, v: number | null | undefined) =>
  Object.entries(table)
    .find(([, n]) => n === v)?.[0]
    .toLowerCase() ?? 'unknown';

/** The texts of every state a relay page shows, by the contract's tables. */
export const relayLabels = (t: TFunction) => ({
  deviceStatus: (v: number | null) => (v === null ? '-' : t(`relay:deviceStatus.${nameIn(RELAY_STATUS, v)}`)),
  workMode: (v: number | null) => (v === null ? '-' : t(`relay:workMode.${nameIn(RELAY_WORK_MODE, v)}`)),
  backwardMode: (v: number | null) => (v === null ? '-' : t(`relay:backwardMode.${nameIn(RELAY_BACKWARD_MODE, v)}`)),
  link: (v: number) => t(`relay:link.${nameIn(RELAY_LINK, v)}`),
  slaveStatus: (v: number | null) => (v === null ? '-' : t(`relay:slaveStatus.${nameIn(RELAY_SLAVE_STATUS, v)}`)),
  event: (v: number) => t(`relay:event.${nameIn(RELAY_EVENTS, v)}`, { value: v }),
  result: (v: number) => t(`relay:result.${nameIn(RELAY_RESULT, v)}`, { value: v }),
  downlinkStatus: (v: number | null) =>
    v === null ? '-' : t(`relay:downlinkStatus.${nameIn(DOWNLINK_STATUS, v)}`, { value: v }),
  kind: (k: string) => t(`relay:kind.${k}`, { defaultValue: k }),
});

const SLAVE_COLOR: Record<number, ChipProps['color']> = {
  [RELAY_SLAVE_STATUS.BOUND]: 'success',
  [RELAY_SLAVE_STATUS.ACTIVELY_UNBOUND]: 'default',
  [RELAY_SLAVE_STATUS.AUTO_UNBOUND]: 'warning',
  [RELAY_SLAVE_STATUS.UPDATING_CONFIG]: 'info',
};

/** A slave's status: 1 bound, 2 actively unbound, 3 auto unbound, 4 updating. */
export function SlaveStatusChip({ status }: { status: number | null }) {
  const { t } = useTranslation('relay');
  if (status === null) return <>-</>;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={SLAVE_COLOR[status] ?? 'default'}
      label={relayLabels(t).slaveStatus(status)}
      data-testid={`slave-status-${status}`}
    />
  );
}

const STATE_COLOR: Record<RelayRequestState, ChipProps['color']> = {
  queued: 'default',
  sent: 'info',
  done: 'success',
  refused: 'error',
  timeout: 'warning',
};

/** A request's state; a refused one says the device's result (out of range, busy, …). */
export function RequestStateChip({ state, result }: { state: RelayRequestState; result: number | null }) {
  const { t } = useTranslation('relay');
  const text = t(`requestState.${state}`);
  const label = state === 'refused' && result !== null ? `${text}: ${relayLabels(t).result(result)}` : text;
  return (
    <Chip size="small" color={STATE_COLOR[state]} label={label} data-testid={`request-${state}`} sx={{ maxWidth: 1 }} />
  );
}
