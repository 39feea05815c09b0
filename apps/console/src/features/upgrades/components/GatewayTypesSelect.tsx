import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { GatewayTypeOption } from '../taskForm';

export interface GatewayTypesSelectProps {
  options: GatewayTypeOption[];
  value: string[];
  onChange: (types: string[]) => void;
  disabled?: boolean;
  error: boolean;
  helperText: string;
  sx?: object;
}

/** Gateway types to upgrade, several at once, each with its arch and how many gateways it has. */
export function GatewayTypesSelect({
  options,
  value,
  onChange,
  disabled,
  error,
  helperText,
  sx,
}: GatewayTypesSelectProps) {
  const { t } = useTranslation('upgrades');
  return (
    <TextField
      select
      size="small"
      required
      sx={sx}
      disabled={disabled}
      label={t('field.gatewayTypes')}
      value={value}
      error={error}
      helperText={helperText}
      onChange={(e) => {
        const v = e.target.value as unknown as string[] | string;
        onChange(typeof v === 'string' ? v.split(',') : v);
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {(selected as string[]).map((g) => (
                <Chip key={g} size="small" label={g} />
              ))}
            </Box>
          ),
        },
        htmlInput: { 'data-testid': 'task-gatewayTypes' },
      }}
    >
      {options.map((o) => (
        // A type without gateways would upgrade nothing (5001 when no chosen type has any).
        <MenuItem
          key={o.gatewayType}
          value={o.gatewayType}
          disabled={o.gateways === 0 && !value.includes(o.gatewayType)}
          data-testid={`gwtype-option-${o.gatewayType}`}
        >
          <Checkbox size="small" checked={value.includes(o.gatewayType)} sx={{ py: 0 }} />
          <ListItemText
            primary={t('typeOption', { type: o.gatewayType, arch: o.arch })}
            secondary={t('gatewayCount', { count: o.gateways })}
          />
        </MenuItem>
      ))}
    </TextField>
  );
}
