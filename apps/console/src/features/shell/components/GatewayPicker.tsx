import { formatHex } from '@lns/contract/hex';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGatewaySearch } from '../api';

export interface PickedGateway {
  gwID: string;
  gwName: string;
  /** Unknown for a gateway named only by the address (until the search finds its row). */
  online?: boolean;
}

export interface GatewayPickerProps {
  value: PickedGateway | null;
  onChange(gw: PickedGateway | null): void;
  disabled?: boolean;
}

/** Typing waits this long before asking the server: one search per pause, not per key. */
const SEARCH_DELAY_MS = 300;

const label = (g: PickedGateway) => (g.gwName ? `${g.gwName} (${formatHex(g.gwID)})` : formatHex(g.gwID));

export function OnlineDot({ online }: { online?: boolean }) {
  const { t } = useTranslation('shell');
  if (online === undefined) return null;
  return (
    <Box
      component="span"
      title={online ? t('online') : t('offline')}
      aria-label={online ? t('online') : t('offline')}
      data-online={online}
      sx={{
        display: 'inline-block',
        flex: 'none',
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: online ? 'success.main' : 'action.disabled',
      }}
    />
  );
}

/**
 * The user's gateways searched on the server by ID or name, each with its online state. The
 * chosen gateway stays shown while another search runs.
 */
export function GatewayPicker({ value, onChange, disabled }: GatewayPickerProps) {
  const { t } = useTranslation('shell');
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setKeyword(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [text]);
  const found = useGatewaySearch(keyword);
  const options: PickedGateway[] = (found.data?.rows ?? []).map((r) => ({
    gwID: r.gwID,
    gwName: r.gwName,
    online: r.online,
  }));

  return (
    <Autocomplete
      size="small"
      sx={{ minWidth: 0, width: { xs: '100%', sm: 440 } }}
      options={options}
      value={value}
      disabled={disabled}
      loading={found.isFetching}
      onChange={(_e, g) => onChange(g)}
      onInputChange={(_e, v, reason) => {
        // Showing the chosen gateway's label is not a search.
        if (reason === 'input') setText(v);
        else if (reason === 'clear') setText('');
      }}
      // The server filters; the options are what it answered.
      filterOptions={(o) => o}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.gwID === b.gwID}
      noOptionsText={t('noGateways')}
      renderOption={({ key, ...props }, g) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <OnlineDot online={g.online} />
          <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
            <span>{g.gwName}</span>
            <Typography variant="caption" color="text.secondary">
              {formatHex(g.gwID)}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('gateway')}
          inputProps={{ ...params.inputProps, 'data-testid': 'shell-gateway' }}
          // The chosen gateway's state stays in sight, not only in the list.
          InputProps={{ ...params.InputProps, startAdornment: value && <OnlineDot online={value.online} /> }}
        />
      )}
    />
  );
}
