import { gatewayTagCreateBody } from '@lns/contract/gateway-tags';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../app/providers';
import { deleteAllOrNothing } from '../../../components/deleteResults';
import { type TagEntry, TagGroupsPage } from '../../../components/TagGroupsPage';
import { deleteTags, gwKeys, useCreateTags, useGatewayTags } from '../api';

/** /gateway/tag: the gateway tags by group (the shared tag page; a group is optional). */
export default function GatewayTags() {
  const { t } = useTranslation('gateways');
  const q = useGatewayTags();
  const create = useCreateTags();
  const tags: TagEntry[] = (q.data ?? []).map((x) => ({ ...x, count: x.gateways }));
  return (
    <TagGroupsPage
      title={t('tagTitle')}
      tags={tags}
      loading={q.isLoading}
      schema={gatewayTagCreateBody}
      groupRequired={false}
      create={(body) => create.mutateAsync(body)}
      remove={(items) =>
        deleteAllOrNothing(items, { call: (xs) => deleteTags(xs.map((x) => x.tagId)), id: (x) => String(x.tagId) })
      }
      onDeleted={() => {
        void queryClient.invalidateQueries({ queryKey: gwKeys.tags });
        void queryClient.invalidateQueries({ queryKey: gwKeys.all });
      }}
    />
  );
}
