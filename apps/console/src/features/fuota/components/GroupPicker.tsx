import { formatHex } from '@lns/contract/hex';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type GroupOption, useGroupOptions } from '../api';

export interface GroupPickerProps {
  /** The chosen group's EUI (plain lowercase hex), '' for none. */
  value: string;
  onChange: (mcEUI: string) => void;
  label: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  testId?: string;
  sx?: object;
}

const optionLabel = (g: GroupOption) => `${g.mcName} (${formatHex(g.mcEUI)})`;

/** One of the user's multicast groups, searchable by name or EUI. */
export function GroupPicker({ value, onChange, label, required, error, helperText, testId, sx }: GroupPickerProps) {
  const { t } = useTranslation('fuota');
  const groups = useGroupOptions();
  const options = groups.data ?? [];
  return (
    <Autocomplete
      size="small"
      sx={sx}
      options={options}
      loading={groups.isLoading}
      value={options.find((g) => g.mcEUI === value) ?? null}
      onChange={(_e, g) => onChange(g?.mcEUI ?? '')}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.mcEUI === b.mcEUI}
      noOptionsText={t('noGroups')}
      renderOption={({ key, ...props }, g) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>
            <span>{g.mcName}</span>
            <Typography variant="caption" color="text.secondary">
              {formatHex(g.mcEUI)}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error}
          helperText={helperText}
          inputProps={{ ...params.inputProps, 'data-testid': testId }}
        />
      )}
    />
  );
}
