import type { GatewayInput } from '@lns/contract/gateways';
import { TIME_ZONES } from '@lns/contract/gateways';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ContractForm } from '../../../lib/form/useContractForm';
import { type GatewayForm, RANGES } from '../form';

const CHANNELS = Array.from({ length: 32 }, (_, i) => i);
const RATES = Array.from({ length: 6 }, (_, i) => i);

/** The pico gateway's settings in the gateway form: channels, data rates, heartbeat, servers, time zone. */
export function PicoFields({ form }: { form: ContractForm<GatewayForm, GatewayInput> }) {
  const { t } = useTranslation('gateways');
  const { set, fieldState } = form;
  const attr = form.values.extendedAttr;
  return (
    <Box
      sx={{
        gridColumn: '1 / -1',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
        gap: 2,
      }}
      data-testid="gw-pico"
    >
      <Divider sx={{ gridColumn: '1 / -1' }}>
        <Chip size="small" color="secondary" label={t('picoSettings')} />
      </Divider>
      {(
        [
          ['publicCh', 'publicChannel', CHANNELS, 'CH', 'publicChannel', 'ch'],
          ['publicDr', 'publicRate', RATES, 'DR', 'publicChannel', 'dr'],
          ['dataCh', 'dataChannel', CHANNELS, 'CH', 'dataChannel', 'ch'],
          ['dataDr', 'dataRate', RATES, 'DR', 'dataChannel', 'dr'],
        ] as const
      ).map(([k, label, opts, prefix, channel, part]) => (
        <TextField
          key={k}
          select
          required
          label={t(label)}
          value={attr[channel][part]}
          onChange={(e) => set(`extendedAttr.${channel}.${part}`, Number(e.target.value))}
          {...fieldState(`extendedAttr.${channel}.${part}`)}
          slotProps={{ htmlInput: { 'data-testid': `gw-pico-${k}` } }}
        >
          {opts.map((o) => (
            <MenuItem key={o} value={o}>
              {prefix}
              {o}
            </MenuItem>
          ))}
        </TextField>
      ))}
      <TextField
        label={t('heartBeatPeriod')}
        value={attr.heartBeatPeriod}
        onChange={(e) => set('extendedAttr.heartBeatPeriod', e.target.value)}
        {...fieldState('extendedAttr.heartBeatPeriod', t('rangeHint', RANGES.heartBeatPeriod))}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'gw-pico-heartbeat' } }}
      />
      <TextField
        select
        label={t('timeZone')}
        value={attr.timeZone}
        onChange={(e) => set('extendedAttr.timeZone', e.target.value)}
        {...fieldState('extendedAttr.timeZone')}
      >
        {TIME_ZONES.map((z) => (
          <MenuItem key={z} value={z}>
            {z}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('upgradeServer')}
        value={attr.upgradeServer}
        onChange={(e) => set('extendedAttr.upgradeServer', e.target.value)}
        {...fieldState('extendedAttr.upgradeServer')}
      />
      <TextField
        label={t('proxyServer')}
        value={attr.proxyServer}
        onChange={(e) => set('extendedAttr.proxyServer', e.target.value)}
        {...fieldState('extendedAttr.proxyServer')}
      />
    </Box>
  );
}
