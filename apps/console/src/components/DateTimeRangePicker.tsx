import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, zhCN } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** Start at most 30 days back; default today → tomorrow; span at most 7 days; end + 59 s. */
const MAX_BACK_DAYS = 30;
const MAX_SPAN_DAYS = 7;
const FORMAT = 'YYYY/MM/DD HH:mm:ss';

export type Range = [number, number];

/** Today 00:00 → tomorrow 00:00 (epoch ms). */
export function defaultRange(now = dayjs()): Range {
  const start = now.startOf('day');
  return [start.valueOf(), start.add(1, 'day').valueOf()];
}

/** The "now" picker's value: five minutes ahead. */
export const nowPlus5 = (now = dayjs()) => now.add(5, 'minute').valueOf();

/** End times are picked to the minute and cover the whole minute (+59 s). */
export const endOfMinute = (d: Dayjs) => d.second(59).millisecond(0).valueOf();

/** Clamp a range to the rules: start ≥ now − maxBack, end > start, end − start ≤ maxSpan. */
export function clampRange(
  [s, e]: Range,
  maxSpanDays = MAX_SPAN_DAYS,
  maxBackDays = MAX_BACK_DAYS,
  now = dayjs(),
): Range {
  const earliest = now.subtract(maxBackDays, 'day').startOf('day').valueOf();
  const start = Math.max(s, earliest);
  const maxEnd = start + maxSpanDays * 86_400_000;
  let end = Math.min(e, maxEnd);
  if (end <= start) end = Math.min(start + 86_400_000, maxEnd);
  return [start, end];
}

export function PickerLocale({ children }: { children: React.ReactNode }) {
  const { i18n } = useTranslation();
  const zh = i18n.language === 'zh-CN';
  const texts = (zh ? zhCN : enUS).components.MuiLocalizationProvider.defaultProps.localeText;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={zh ? 'zh-cn' : 'en'} localeText={texts}>
      {children}
    </LocalizationProvider>
  );
}

export interface DateTimeRangePickerProps {
  value: Range;
  onChange: (range: Range) => void;
  maxSpanDays?: number;
  maxBackDays?: number;
  size?: 'small' | 'medium';
}

/** Start/end date-time pickers following the language, within the limits above. */
export function DateTimeRangePicker({
  value,
  onChange,
  maxSpanDays = MAX_SPAN_DAYS,
  maxBackDays = MAX_BACK_DAYS,
  size = 'small',
}: DateTimeRangePickerProps) {
  const { t } = useTranslation('widgets');
  const [s, e] = value;
  const earliest = dayjs().subtract(maxBackDays, 'day').startOf('day');
  return (
    <PickerLocale>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }} data-testid="range-picker">
        <DateTimePicker
          label={t('range.start')}
          value={dayjs(s)}
          minDateTime={earliest}
          format={FORMAT}
          ampm={false}
          onAccept={(d) => d && onChange(clampRange([d.valueOf(), e], maxSpanDays, maxBackDays))}
          slotProps={{ textField: { size, sx: { width: 230 } } }}
        />
        <DateTimePicker
          label={t('range.end')}
          value={dayjs(e)}
          minDateTime={dayjs(s)}
          maxDateTime={dayjs(s).add(maxSpanDays, 'day')}
          format={FORMAT}
          ampm={false}
          onAccept={(d) => d && onChange(clampRange([s, endOfMinute(d)], maxSpanDays, maxBackDays))}
          slotProps={{ textField: { size, sx: { width: 230 } } }}
        />
        <Button size="small" onClick={() => onChange(clampRange([s, nowPlus5()], maxSpanDays, maxBackDays))}>
          {t('range.now')}
        </Button>
      </Box>
    </PickerLocale>
  );
}
