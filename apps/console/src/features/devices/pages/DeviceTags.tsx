import { tagCreateBody } from '@lns/contract/device-tags';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../app/providers';
import { deleteAllOrNothing } from '../../../components/deleteResults';
import { type TagEntry, TagGroupsPage } from '../../../components/TagGroupsPage';
import { deleteTags, devKeys, tagDeleteRefusals, useCreateTags, useDeviceTags } from '../api';

/** /application/device/tag: the device tags by group (the shared tag page; a group is required). */
export default function DeviceTags() {
  const { t } = useTranslation('devices');
  const q = useDeviceTags();
  const create = useCreateTags();
  const tags: TagEntry[] = (q.data ?? []).map((x) => ({ ...x, count: x.deviceNums }));
  return (
    <TagGroupsPage
      title={t('tagsTitle')}
      tags={tags}
      loading={q.isLoading}
      schema={tagCreateBody}
      groupRequired
      create={(body) => create.mutateAsync(body)}
      remove={(items) =>
        deleteAllOrNothing(items, {
          call: (xs) => deleteTags(xs.map((x) => x.tagId)),
          id: (x) => String(x.tagId),
          refused: tagDeleteRefusals,
        })
      }
      onDeleted={() => {
        void queryClient.invalidateQueries({ queryKey: devKeys.tags });
        void queryClient.invalidateQueries({ queryKey: devKeys.all });
      }}
    />
  );
}
