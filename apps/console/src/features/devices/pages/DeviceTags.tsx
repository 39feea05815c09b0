import { TAG_GROUP_MAX, TAG_NAME_MAX, type TagItem, tagCreateBody } from '@lns/contract/device-tags';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../app/providers';
import { AppDialog } from '../../../components/AppDialog';
import { CardPanel } from '../../../components/CardPanel';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteAllOrNothing } from '../../../components/deleteResults';
import { toast } from '../../../lib/toast';
import { deleteTags, devKeys, tagDeleteRefusals, useCreateTags, useDeviceTags } from '../api';

/** /application/device/tag: tag groups with their tags; create tags in a group; delete tags. */
export default function DeviceTags() {
  const { t } = useTranslation('devices');
  const q = useDeviceTags();
  const tags = q.data ?? [];
  const groups = [...new Set(tags.map((x) => x.groupName))];
  const [creating, setCreating] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<TagItem[] | null>(null);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {t('tagsTitle')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating('')} data-testid="tag-add">
          {t('addTags')}
        </Button>
      </Box>
      {groups.length === 0 && !q.isLoading && <Typography color="text.secondary">{t('noTags')}</Typography>}
      {groups.map((g) => {
        const items = tags.filter((x) => x.groupName === g);
        return (
          <CardPanel
            key={g}
            title={g}
            actions={['update', 'delete']}
            onUpdate={() => setCreating(g)}
            onDelete={() => setToDelete(items)}
            data-testid={`tag-group-${g}`}
          >
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {items.map((x) => (
                <Chip
                  key={x.tagId}
                  label={`${x.name} (${x.deviceNums})`}
                  onDelete={() => setToDelete([x])}
                  data-testid={`tag-${x.name}`}
                />
              ))}
            </Box>
          </CardPanel>
        );
      })}
      {creating !== null && <CreateTagsDialog group={creating} onClose={() => setCreating(null)} />}
      <DeleteDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('deleteTags')}
        items={toDelete ?? []}
        itemLabel={(x) => `${x.groupName} / ${x.name}`}
        onDelete={(items) =>
          deleteAllOrNothing(items, {
            call: (xs) => deleteTags(xs.map((x) => x.tagId)),
            id: (x) => String(x.tagId),
            refused: tagDeleteRefusals,
          })
        }
        onDone={() => {
          void queryClient.invalidateQueries({ queryKey: devKeys.tags });
          void queryClient.invalidateQueries({ queryKey: devKeys.all });
        }}
      />
    </Box>
  );
}

function CreateTagsDialog({ group, onClose }: { group: string; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const create = useCreateTags();
  const [groupName, setGroupName] = useState(group);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const names = text
    .split(/[,，\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
  const submit = async () => {
    const parsed = tagCreateBody.safeParse({ groupName, tags: names });
    if (!parsed.success) {
      const f = String(parsed.error.issues[0]?.path[0]);
      setError(f === 'groupName' ? t('validation.groupName') : t('validation.tagNames', { max: TAG_NAME_MAX }));
      return;
    }
    await create.mutateAsync(parsed.data);
    toast.success(t('common:created'));
    onClose();
  };
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('addTags')}
      actions={
        <>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button variant="contained" onClick={submit} loading={create.isPending} data-testid="tag-save">
            {t('common:save')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <TextField
          size="small"
          required
          label={t('groupName')}
          value={groupName}
          onChange={(e) => setGroupName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: TAG_GROUP_MAX, 'data-testid': 'tag-group' } }}
        />
        <TextField
          size="small"
          required
          label={t('tagNames')}
          helperText={error || t('tagNamesHint')}
          error={Boolean(error)}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'tag-names' } }}
        />
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {names.map((n) => (
            <Chip key={n} size="small" label={n} />
          ))}
        </Box>
      </Box>
    </AppDialog>
  );
}
