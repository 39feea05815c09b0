import { AUDIT_ENTITY_TYPES, AUDIT_OUTCOMES } from '@lns/contract/audit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Range } from '../../../components/DateTimeRangePicker';
import type { AuditFilters } from '../api';

// The date pickers load with the page, not with the console.
const DateTimeRangePicker = lazy(() =>
  import('../../../components/DateTimeRangePicker').then((m) => ({ default: m.DateTimeRangePicker })),
);

/** Audit entries are kept for months: the range may reach back as far as the server keeps them. */
const RANGE_DAYS = 3650;

type TextKey = 'userName' | 'action' | 'entityID';

/** Selects show "Any" for '' instead of an empty box under the label. */
const anyShown = { select: { displayEmpty: true }, inputLabel: { shrink: true } };

/**
 * User, action and entity id apply on Search (or Enter); entity type, outcome and the range
 * apply at once. Wraps onto several lines on narrow screens.
 */
export function AuditFilterBar({ value, onChange }: { value: AuditFilters; onChange: (f: AuditFilters) => void }) {
  const { t } = useTranslation(['audit', 'common']);
  const [draft, setDraft] = useState({ userName: value.userName, action: value.action, entityID: value.entityID });
  const apply = (patch: Partial<AuditFilters> = {}) => onChange({ ...value, ...draft, ...patch });
  const text = (key: TextKey, label: string, helper?: string) => (
    <TextField
      size="small"
      label={label}
      title={helper}
      value={draft[key]}
      onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
      sx={{ width: { xs: '100%', sm: 180 } }}
      slotProps={{ htmlInput: { 'data-testid': `audit-${key}`, maxLength: key === 'entityID' ? 200 : 64 } }}
    />
  );
  const range: Range = [value.startTime, value.endTime];

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }} data-testid="audit-filters">
      {text('userName', t('user'), t('userHint'))}
      {text('action', t('action'), t('actionHint'))}
      <TextField
        select
        size="small"
        label={t('entityType')}
        value={value.entityType}
        onChange={(e) => apply({ entityType: e.target.value })}
        sx={{ width: { xs: '100%', sm: 160 } }}
        slotProps={{ ...anyShown, htmlInput: { 'data-testid': 'audit-entityType' } }}
      >
        <MenuItem value="">{t('any')}</MenuItem>
        {AUDIT_ENTITY_TYPES.map((e) => (
          <MenuItem key={e} value={e}>
            {t(`entities.${e}`)}
          </MenuItem>
        ))}
      </TextField>
      {text('entityID', t('entityID'))}
      <TextField
        select
        size="small"
        label={t('outcome')}
        value={value.outcome}
        onChange={(e) => apply({ outcome: e.target.value as AuditFilters['outcome'] })}
        sx={{ width: { xs: '100%', sm: 130 } }}
        slotProps={{ ...anyShown, htmlInput: { 'data-testid': 'audit-outcome' } }}
      >
        <MenuItem value="">{t('any')}</MenuItem>
        {AUDIT_OUTCOMES.map((o) => (
          <MenuItem key={o} value={o}>
            {t(`outcomes.${o}`)}
          </MenuItem>
        ))}
      </TextField>
      <Suspense>
        <DateTimeRangePicker
          value={range}
          maxSpanDays={RANGE_DAYS}
          maxBackDays={RANGE_DAYS}
          onChange={([startTime, endTime]) => apply({ startTime, endTime })}
        />
      </Suspense>
      <Button variant="contained" onClick={() => apply()} data-testid="audit-search">
        {t('common:search')}
      </Button>
    </Box>
  );
}
