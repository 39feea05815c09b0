import { formatHex, normalizeHex } from '@lns/contract/hex';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export type HexFieldProps = Omit<TextFieldProps, 'value' | 'onChange'> & {
  /** Plain lowercase hex (what the API sends). */
  value: string;
  onChange: (plain: string) => void;
  /** Expected number of hex digits (16 EUI, 8 DevAddr, 32 key). */
  digits: number;
  /** Show the length/format error even when the field was not edited. */
  validate?: boolean;
};

/** Shows AA-BB-.. (uppercase dash pairs), accepts typed or pasted hex with dashes/colons, gives plain lowercase hex. */
export function HexField({ value, onChange, digits, validate, error, helperText, ...rest }: HexFieldProps) {
  const { t } = useTranslation('common');
  const plain = normalizeHex(value);
  const bad = plain.length > 0 && (!/^[0-9a-f]*$/.test(plain) || plain.length !== digits);
  const showBad = bad && (validate || plain.length >= digits || !/^[0-9a-f]*$/.test(plain));
  const message = !/^[0-9a-f]*$/.test(plain) ? t('validation.hex') : t('validation.hexLength', { n: digits });
  return (
    <TextField
      {...rest}
      value={formatHex(plain)}
      onChange={(e) => {
        const raw = e.target.value.replace(/[\s\-:]/g, '');
        onChange(raw.slice(0, digits).toLowerCase());
      }}
      error={error || showBad}
      helperText={showBad ? message : helperText}
      slotProps={{
        ...rest.slotProps,
        htmlInput: {
          maxLength: digits + digits / 2 - 1 + 8,
          spellCheck: false,
          style: { fontFamily: 'monospace' },
          ...(rest.slotProps?.htmlInput as object),
        },
      }}
    />
  );
}
