import Chip from '@mui/material/Chip';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useDeviceTags } from '../api';

/** Multi-select of the user's device tags, grouped by group name. */
export function TagSelect({
  value,
  onChange,
  label,
  testId = 'dev-tags',
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation('devices');
  const tags = useDeviceTags().data ?? [];
  const names = new Map(tags.map((x) => [x.tagId, x.name]));
  const groups = [...new Set(tags.map((x) => x.groupName))];
  return (
    <TextField
      select
      size="small"
      label={label ?? t('field.tags')}
      value={value}
      onChange={(e) => onChange((e.target.value as unknown as number[]).filter((x) => typeof x === 'number'))}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (ids) => (
            <>
              {(ids as number[]).map((id) => (
                <Chip key={id} size="small" label={names.get(id) ?? id} sx={{ mr: 0.5 }} />
              ))}
            </>
          ),
        },
        htmlInput: { 'data-testid': testId },
      }}
      sx={{ minWidth: 200 }}
    >
      {tags.length === 0 && <MenuItem disabled>{t('noTags')}</MenuItem>}
      {groups.flatMap((g) => [
        <ListSubheader key={`g-${g}`}>{g}</ListSubheader>,
        ...tags
          .filter((x) => x.groupName === g)
          .map((x) => (
            <MenuItem key={x.tagId} value={x.tagId} data-testid={`tag-option-${x.name}`}>
              {x.name}
            </MenuItem>
          )),
      ])}
    </TextField>
  );
}
