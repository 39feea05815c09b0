import type { GatewayTag } from '@lns/contract/gateway-tags';
import { gatewayTagCreateBody, TAG_NAME_MAX } from '@lns/contract/gateway-tags';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../app/providers';
import { DeleteDialog, failureReason } from '../../../components/DeleteDialog';
import { useContractForm } from '../../../lib/form/useContractForm';
import { useFormSubmit } from '../../../lib/form/useFormSubmit';
import { useSession } from '../../../lib/useSession';
import { deleteTags, gwKeys, useCreateTags, useGatewayTags } from '../api';

type TagForm = { names: string[]; pending: string; groupName: string };
const EMPTY: TagForm = { names: [], pending: '', groupName: '' };

/** /gateway/tag: tags grouped by group name; add several at once; delete with slide verification. */
export default function GatewayTags() {
  const { t } = useTranslation('gateways');
  const { isAdmin } = useSession();
  const q = useGatewayTags();
  const create = useCreateTags();
  const [toDelete, setToDelete] = useState<GatewayTag[] | null>(null);
  const groups = useMemo(() => {
    const m = new Map<string, GatewayTag[]>();
    for (const x of q.data ?? []) {
      const k = isAdmin && x.owner ? `${x.owner} · ${x.groupName || t('noGroup')}` : x.groupName || t('noGroup');
      m.set(k, [...(m.get(k) ?? []), x]);
    }
    return [...m.entries()];
  }, [q.data, isAdmin, t]);

  const form = useContractForm({
    schema: gatewayTagCreateBody,
    defaultValues: EMPTY,
    // A name still being typed counts too.
    toBody: (v: TagForm) => ({
      tags: [...v.names, ...(v.pending.trim() ? [v.pending.trim()] : [])],
      groupName: v.groupName,
    }),
  });
  const { values: v, set } = form;
  const error = form.errorText('tags');
  const submit = useFormSubmit(form, {
    submit: (body) => create.mutateAsync(body),
    success: t('common:created'),
    // The group name stays for the next batch of tags.
    onDone: () => form.reset({ ...EMPTY, groupName: form.getValues('groupName') }),
  });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 960 }}>
      <Typography variant="h6">{t('tagTitle')}</Typography>
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Autocomplete
          multiple
          freeSolo
          options={[]}
          value={v.names}
          inputValue={v.pending}
          onInputChange={(_e, typed) => set('pending', typed)}
          onChange={(_e, picked) => set('names', picked.map((s) => s.trim()).filter(Boolean))}
          sx={{ flex: 2, minWidth: 240 }}
          renderInput={(p) => (
            <TextField
              {...p}
              label={t('tagNames')}
              required
              error={Boolean(error)}
              helperText={error || t('tagNamesHint')}
              inputProps={{ ...p.inputProps, maxLength: TAG_NAME_MAX, 'data-testid': 'tag-names' }}
            />
          )}
        />
        <TextField
          label={t('groupName')}
          value={v.groupName}
          onChange={(e) => set('groupName', e.target.value)}
          helperText={`${v.groupName.length}/${TAG_NAME_MAX}`}
          slotProps={{ htmlInput: { maxLength: TAG_NAME_MAX, 'data-testid': 'tag-group' } }}
          sx={{ flex: 1, minWidth: 160 }}
        />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => void submit()}
          loading={form.formState.isSubmitting}
          sx={{ mt: 1 }}
          data-testid="tag-add"
        >
          {t('common:add')}
        </Button>
      </Paper>
      {groups.length === 0 && <Typography color="text.secondary">{t('common:noData')}</Typography>}
      {groups.map(([group, tags]) => (
        <Paper key={group} variant="outlined" sx={{ p: 2 }} data-testid={`tag-group-${group}`}>
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
            <Typography variant="subtitle1" sx={{ flexGrow: 1 }}>
              {group}
            </Typography>
            <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setToDelete(tags)}>
              {t('deleteGroup')}
            </Button>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {tags.map((x) => (
              <Chip
                key={x.tagId}
                label={`${x.name} (${x.gateways})`}
                onDelete={() => setToDelete([x])}
                data-testid={`tag-${x.name}`}
              />
            ))}
          </Box>
        </Paper>
      ))}
      <DeleteDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('deleteTags')}
        items={toDelete ?? []}
        itemLabel={(x) => x.name}
        onDelete={async (items) => {
          try {
            await deleteTags(items.map((x) => x.tagId));
            return { deleted: items, failed: [] };
          } catch (e) {
            return { deleted: [], failed: items.map((item) => ({ item, reason: failureReason(e) })) };
          }
        }}
        onDone={() => {
          void queryClient.invalidateQueries({ queryKey: gwKeys.tags });
          void queryClient.invalidateQueries({ queryKey: gwKeys.all });
        }}
      />
    </Box>
  );
}
