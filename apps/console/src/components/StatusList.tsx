import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/clipboard';
import { toast } from '../lib/toast';

export interface StatusItem {
  label: ReactNode;
  value: ReactNode;
  /** Text copied by the copy button; defaults to `value` when it is a string or number. */
  copy?: string | false;
  /** Show the copy button (default false; `copyAll` on the list turns it on for every item). */
  copyable?: boolean;
}

/** Key/value rows with an optional copy button each (details cards, version popup). */
export function StatusList({
  items,
  copyAll = false,
  labelWidth = 160,
}: {
  items: StatusItem[];
  copyAll?: boolean;
  labelWidth?: number;
}) {
  const { t } = useTranslation();
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {items.map((it, i) => {
        const text =
          it.copy !== undefined
            ? it.copy
            : typeof it.value === 'string' || typeof it.value === 'number'
              ? String(it.value)
              : false;
        const showCopy = (it.copyable ?? copyAll) && text !== false && text !== '';
        return (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
            key={i}
            sx={{
              display: 'flex',
              alignItems: 'center',
              py: 0.75,
              borderBottom: '1px solid',
              borderColor: 'divider',
              gap: 1,
            }}
          >
            <Typography component="dt" color="text.secondary" sx={{ width: labelWidth, flexShrink: 0, fontSize: 14 }}>
              {it.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, flexGrow: 1, wordBreak: 'break-all', fontSize: 14 }}>
              {it.value}
            </Typography>
            {showCopy && (
              <Tooltip title={t('copy')}>
                <IconButton
                  size="small"
                  aria-label={t('copy')}
                  onClick={async () => {
                    if (await copyText(text as string)) toast.success(t('copied'), { duration: 1500 });
                  }}
                >
                  <ContentCopyIcon fontSize="inherit" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
