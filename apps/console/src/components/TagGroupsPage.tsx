import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormSchema, useContractForm } from '../lib/form/useContractForm';
import { CardPanel } from './CardPanel';
import { DeleteDialog, type DeleteResult } from './DeleteDialog';
import { FormDialog } from './FormDialog';
import { ListToolbar } from './ListToolbar';

/** One tag as both tag pages show it: `count` devices or gateways carry it. */
export interface TagEntry {
  tagId: number;
  name: string;
  groupName: string;
  count: number;
  /** For an admin: whose tag it is. */
  owner?: string;
}

type CreateBody = { groupName: string; tags: string[] };

export interface TagGroupsPageProps {
  title: string;
  tags: TagEntry[];
  loading: boolean;
  /** The create call's body schema (from the contract): it says whether a group name is required. */
  schema: FormSchema;
  groupRequired: boolean;
  create: (body: CreateBody) => Promise<unknown>;
  remove: (items: TagEntry[]) => Promise<DeleteResult<TagEntry>>;
  /** After a delete: refresh the tags and the lists showing them. */
  onDeleted: () => void;
}

/**
 * The tag page of devices and of gateways: tags by group (and, for an admin, by owner), each
 * group a card with its tags and how many carry each; "Add tags" (or a group's + button) opens
 * one dialog; deleting a tag or a whole group goes through the slide-verified delete dialog.
 */
export function TagGroupsPage(p: TagGroupsPageProps) {
  const { t } = useTranslation('common');
  const [adding, setAdding] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<TagEntry[] | null>(null);
  const groups = useMemo(() => {
    const byGroup = new Map<string, TagEntry[]>();
    for (const x of p.tags) {
      const key = `${x.owner ?? ''}\u0000${x.groupName}`;
      byGroup.set(key, [...(byGroup.get(key) ?? []), x]);
    }
    return [...byGroup.values()];
  }, [p.tags]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ListToolbar title={p.title}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding('')} data-testid="tag-add">
          {t('tags.add')}
        </Button>
      </ListToolbar>
      {groups.length === 0 && !p.loading && <Typography color="text.secondary">{t('tags.none')}</Typography>}
      {groups.map((items) => {
        const { groupName, owner } = items[0]!;
        return (
          <CardPanel
            key={`${owner ?? ''}/${groupName}`}
            title={
              <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
                <span>{groupName || t('tags.noGroup')}</span>
                {owner && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {t('tags.ownedBy', { owner })}
                  </Typography>
                )}
              </Box>
            }
            actions={['update', 'delete']}
            onUpdate={() => setAdding(groupName)}
            onDelete={() => setToDelete(items)}
            data-testid={`tag-group-${groupName}`}
          >
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {items.map((x) => (
                <Chip
                  key={x.tagId}
                  label={`${x.name} (${x.count})`}
                  onDelete={() => setToDelete([x])}
                  data-testid={`tag-${x.name}`}
                />
              ))}
            </Box>
          </CardPanel>
        );
      })}
      {adding !== null && <AddTagsDialog {...p} group={adding} onClose={() => setAdding(null)} />}
      <DeleteDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('tags.delete')}
        items={toDelete ?? []}
        itemLabel={(x) => (x.groupName ? `${x.groupName} / ${x.name}` : x.name)}
        onDelete={p.remove}
        onDone={p.onDeleted}
      />
    </Box>
  );
}

type TagForm = { groupName: string; text: string };

/** Names typed with commas (either width) or one per line. */
export const tagNamesOf = (text: string) =>
  text
    .split(/[,，\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

function AddTagsDialog(p: TagGroupsPageProps & { group: string; onClose: () => void }) {
  const { t } = useTranslation('common');
  const form = useContractForm({
    schema: p.schema,
    defaultValues: { groupName: p.group, text: '' } as TagForm,
    toBody: (v: TagForm) => ({ groupName: v.groupName, tags: tagNamesOf(v.text) }),
  });
  const { values: v, set } = form;
  const groupError = form.errorText('groupName');
  const tagsError = form.errorText('tags');
  return (
    <FormDialog
      form={form}
      onClose={p.onClose}
      title={t('tags.add')}
      submitTestId="tag-save"
      submit={(body) => p.create(body as CreateBody)}
      success={t('created')}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <TextField
          size="small"
          required={p.groupRequired}
          label={t('tags.group')}
          value={v.groupName}
          onChange={(e) => set('groupName', e.target.value)}
          error={Boolean(groupError)}
          helperText={groupError ?? (p.groupRequired ? undefined : t('tags.groupOptional'))}
          slotProps={{ htmlInput: { 'data-testid': 'tag-group' } }}
        />
        <TextField
          size="small"
          required
          label={t('tags.names')}
          helperText={tagsError ?? t('tags.namesHint')}
          error={Boolean(tagsError)}
          value={v.text}
          onChange={(e) => set('text', e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'tag-names' } }}
        />
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {tagNamesOf(v.text).map((n) => (
            <Chip key={n} size="small" label={n} />
          ))}
        </Box>
      </Box>
    </FormDialog>
  );
}
