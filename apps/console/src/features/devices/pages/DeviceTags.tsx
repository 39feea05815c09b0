import { TAG_GROUP_MAX, type TagItem, tagCreateBody } from '@lns/contract/device-tags';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../app/providers';
import { CardPanel } from '../../../components/CardPanel';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteAllOrNothing } from '../../../components/deleteResults';
import { FormDialog } from '../../../components/FormDialog';
import { useContractForm } from '../../../lib/form/useContractForm';
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

type TagForm = { groupName: string; text: string };

const namesOf = (text: string) =>
  text
    .split(/[,，\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

function CreateTagsDialog({ group, onClose }: { group: string; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const create = useCreateTags();
  const defaults: TagForm = { groupName: group, text: '' };
  const form = useContractForm({
    schema: tagCreateBody,
    defaultValues: defaults,
    toBody: (v: TagForm) => ({ groupName: v.groupName, tags: namesOf(v.text) }),
  });
  const { values: v, set } = form;
  const groupError = form.errorText('groupName');
  const tagsError = form.errorText('tags');
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('addTags')}
      submitTestId="tag-save"
      submit={(body) => create.mutateAsync(body)}
      success={t('common:created')}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <TextField
          size="small"
          required
          label={t('groupName')}
          value={v.groupName}
          onChange={(e) => set('groupName', e.target.value)}
          error={Boolean(groupError)}
          helperText={groupError}
          slotProps={{ htmlInput: { maxLength: TAG_GROUP_MAX, 'data-testid': 'tag-group' } }}
        />
        <TextField
          size="small"
          required
          label={t('tagNames')}
          helperText={tagsError ?? t('tagNamesHint')}
          error={Boolean(tagsError)}
          value={v.text}
          onChange={(e) => set('text', e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'tag-names' } }}
        />
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {namesOf(v.text).map((n) => (
            <Chip key={n} size="small" label={n} />
          ))}
        </Box>
      </Box>
    </FormDialog>
  );
}
