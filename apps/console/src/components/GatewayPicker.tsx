import { gatewayApi } from '@lns/contract/api/gateways';
import { formatHex } from '@lns/contract/hex';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import type { PickedGateway } from '../lib/chosenGateway';
import { OnlineBadge } from './OnlineBadge';

export type { PickedGateway };

/** How many gateways the picker offers per search (type more to narrow it). */
export const PICKER_PAGE = 50;

/** Gateways whose ID or name holds `keyword`: the caller's own (admins: all), by name. */
function useGatewaySearch(keyword: string) {
  return useQuery({
    queryKey: ['gatewayPicker', keyword],
    queryFn: async () =>
      (
        await api.list(gatewayApi.list, {
          pageNo: 1,
          pageSize: PICKER_PAGE,
          orderBy: 'gwName',
          orderType: 'asc',
          keyword: keyword || undefined,
        })
      ).rows,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export interface GatewayPickerProps {
  /** The chosen gateway (its row, once loaded), null for none. */
  value: PickedGateway | null;
  onChange: (gw: PickedGateway | null) => void;
  label?: string;
  testId?: string;
  sx?: object;
}

/** Typing pauses this long before the server is asked. */
const SEARCH_DELAY_MS = 300;
const optionLabel = (g: PickedGateway) => `${g.gwName} (${formatHex(g.gwID)})`;

/** One of the user's gateways, searched on the server by name or ID, each with its online state. */
export function GatewayPicker({ value, onChange, label, testId, sx }: GatewayPickerProps) {
  const { t } = useTranslation('widgets');
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setKeyword(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [input]);
  const search = useGatewaySearch(keyword);
  const found = search.data ?? [];
  // The chosen one stays an option even when the current search does not list it.
  const options = value && !found.some((g) => g.gwID === value.gwID) ? [value, ...found] : found;
  return (
    <Autocomplete
      size="small"
      sx={sx}
      options={options}
      loading={search.isFetching}
      value={value}
      onChange={(_e, g) => onChange(g)}
      onInputChange={(_e, text, reason) => {
        // Choosing an option fills the box with its label: that is no search.
        if (reason === 'input' || reason === 'clear') setInput(reason === 'clear' ? '' : text);
      }}
      filterOptions={(x) => x}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.gwID === b.gwID}
      noOptionsText={t('gatewayPicker.none')}
      loadingText={t('common:loading')}
      renderOption={({ key, ...props }, g) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', minWidth: 0 }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 }}>
              <Typography noWrap>{g.gwName}</Typography>
              <Typography variant="caption" color="text.secondary" noWrap>
                {formatHex(g.gwID)}
              </Typography>
            </Box>
            <OnlineBadge online={g.online} />
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('gatewayPicker.label')}
          placeholder={t('gatewayPicker.placeholder')}
          inputProps={{ ...params.inputProps, 'data-testid': testId ?? 'gw-picker' }}
        />
      )}
    />
  );
}
