import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useRegions } from '../../../lib/catalog';
import { planName } from '../../../lib/planNames';

interface SelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** From the form's fieldState. */
  state: { error: boolean; helperText: string };
  testId: string;
  disabled?: boolean;
}

/** The value once the catalogue offers it: a select whose value is not among its options warns. */
const shown = (value: string, options: string[]) => (options.includes(value) ? value : '');

/** A region of the catalogue (the list the Regions tab shows). */
export function RegionField(p: SelectProps) {
  const regions = useRegions();
  const list = regions.data ?? [];
  return (
    <TextField
      select
      size="small"
      required
      label={p.label}
      value={shown(
        p.value,
        list.map((r) => r.region),
      )}
      disabled={p.disabled}
      onChange={(e) => p.onChange(e.target.value)}
      {...p.state}
      slotProps={{ htmlInput: { 'data-testid': p.testId } }}
    >
      {list.map((r) => (
        <MenuItem key={r.region} value={r.region}>
          {planName(r.name)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A subnet of `region` (disabled until a region is chosen). */
export function SubnetField(p: SelectProps & { region: string }) {
  const regions = useRegions();
  const subnets = regions.data?.find((r) => r.region === p.region)?.subnets ?? [];
  return (
    <TextField
      select
      size="small"
      required
      disabled={!p.region || p.disabled}
      label={p.label}
      value={shown(
        p.value,
        subnets.map((s) => s.subnet),
      )}
      onChange={(e) => p.onChange(e.target.value)}
      {...p.state}
      slotProps={{ htmlInput: { 'data-testid': p.testId } }}
    >
      {subnets.map((s) => (
        <MenuItem key={s.subnet} value={s.subnet}>
          {`${s.subnet} · ${planName(s.name)}`}
        </MenuItem>
      ))}
    </TextField>
  );
}
