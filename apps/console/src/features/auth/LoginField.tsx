import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The message under the field; empty keeps the line (the form does not jump). */
  error: string;
  icon: ReactNode;
  testId: string;
  autoComplete: string;
  type?: 'password';
  autoFocus?: boolean;
}

/**
 * An outlined field with a start icon: what TextField renders, built from its parts. TextField
 * imports Select, and with it MUI's menu code, which the login page would otherwise load.
 */
export function LoginField({ label, value, onChange, error, icon, testId, autoComplete, type, autoFocus }: Props) {
  const id = useId();
  return (
    <FormControl variant="outlined" error={Boolean(error)}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        value={value}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-helper-text`}
        startAdornment={<InputAdornment position="start">{icon}</InputAdornment>}
        inputProps={{ 'data-testid': testId }}
      />
      <FormHelperText id={`${id}-helper-text`}>{error || ' '}</FormHelperText>
    </FormControl>
  );
}
