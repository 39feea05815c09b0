import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useRegions } from '../lib/catalog';
import { planName } from '../lib/planNames';

export interface RegionSubnet {
  region: string;
  autoSubnet: boolean;
  subnet: string;
}

/**
 * Region, automatic subnet and (without it) the subnet, as device and multicast forms pick them:
 * choosing a region clears the subnet. Test ids: `<prefix>-region`, `<prefix>-auto-subnet`, `<prefix>-subnet`.
 */
export function RegionSubnetFields(p: {
  value: RegionSubnet;
  onChange: (patch: Partial<RegionSubnet>) => void;
  errors: { region?: string; subnet?: string };
  labels: { region: string; autoSubnet: string; subnet: string };
  testIdPrefix: string;
}) {
  const regions = useRegions();
  const subnets = regions.data?.find((r) => r.region === p.value.region)?.subnets ?? [];
  const id = p.testIdPrefix;
  return (
    <>
      <TextField
        select
        size="small"
        required
        label={p.labels.region}
        value={p.value.region}
        onChange={(e) => p.onChange({ region: e.target.value, subnet: '' })}
        error={Boolean(p.errors.region)}
        helperText={p.errors.region ?? ' '}
        slotProps={{ htmlInput: { 'data-testid': `${id}-region` } }}
      >
        {(regions.data ?? []).map((r) => (
          <MenuItem key={r.region} value={r.region} data-testid={`${id}-region-${r.region}`}>
            {planName(r.name)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Switch
            checked={p.value.autoSubnet}
            onChange={(e) => p.onChange({ autoSubnet: e.target.checked })}
            data-testid={`${id}-auto-subnet`}
          />
        }
        label={p.labels.autoSubnet}
      />
      {!p.value.autoSubnet && (
        <TextField
          select
          size="small"
          required
          label={p.labels.subnet}
          value={p.value.subnet}
          onChange={(e) => p.onChange({ subnet: e.target.value })}
          error={Boolean(p.errors.subnet)}
          helperText={p.errors.subnet ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': `${id}-subnet` } }}
        >
          {subnets.map((s) => (
            <MenuItem key={s.subnet} value={s.subnet} data-testid={`${id}-subnet-${s.subnet}`}>
              {planName(s.name)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
}
