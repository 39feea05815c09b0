import { formatHex } from '@lns/contract/hex';
import AddIcon from '@mui/icons-material/Add';
import AppsIcon from '@mui/icons-material/Apps';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteAllOrNothing } from '../../../components/deleteResults';
import { type Column, ListTable } from '../../../components/ListTable';
import { DeleteSelectedButton, ListToolbar } from '../../../components/ListToolbar';
import type { Paging } from '../../../lib/paging';
import { useListSelection } from '../../../lib/useListSelection';
import { beforeSwitch, changeMembers, cutoverKeys, type MemberKind, useCutoverTask } from '../api';
import { AddApplicationDialog } from './AddApplicationDialog';
import { AddMembersDialog } from './AddMembersDialog';
import { TaskBar } from './TaskBar';

const WORDS = {
  device: { title: 'devicesTitle', add: 'addDevices', remove: 'removeDevices' },
  gateway: { title: 'gatewaysTitle', add: 'addGateways', remove: 'removeGateways' },
} as const;

/** The task of a member page (?taskId=), 0 when the URL has none. */
export function useTaskId(): number {
  const [params] = useSearchParams();
  const n = Number(params.get('taskId'));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * A task's member gateways or devices: the task bar, the table, Add (and Add application for
 * devices) and Remove (slide-verified, all or none), offered only before the switch.
 */
export function MemberList<T extends { id: string; name: string }>(p: {
  kind: MemberKind;
  taskId: number;
  columns: Column<T>[];
  rows: T[];
  amount: number;
  loading: boolean;
  paging: Paging;
}) {
  const { t } = useTranslation('subnetCutover');
  const task = useCutoverTask(p.taskId).data;
  const w = WORDS[p.kind];
  const sel = useListSelection(p.rows, (r) => r.id, [cutoverKeys.all]);
  const [adding, setAdding] = useState<'items' | 'app' | null>(null);
  const open = task !== undefined && beforeSwitch(task);
  if (p.taskId === 0) return <Alert severity="info">{t('members.noTask')}</Alert>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <ListToolbar title={t(`members.${w.title}`)}>
        <DeleteSelectedButton
          disabled={!open || sel.selected.length === 0}
          onClick={() => sel.askDelete(sel.chosen)}
          testId={`cutover-remove-${p.kind}s`}
        />
        {p.kind === 'device' && (
          <Button
            variant="outlined"
            startIcon={<AppsIcon />}
            disabled={!open}
            onClick={() => setAdding('app')}
            data-testid="cutover-add-app"
          >
            {t('members.addApplication')}
          </Button>
        )}
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={!open}
          onClick={() => setAdding('items')}
          data-testid={`cutover-add-${p.kind}s`}
        >
          {t(`members.${w.add}`)}
        </Button>
      </ListToolbar>
      {task && <TaskBar task={task} />}
      <ListTable
        data-testid={`cutover-${p.kind}-members`}
        columns={p.columns}
        rows={p.rows}
        rowKey={(r) => r.id}
        amount={p.amount}
        loading={p.loading}
        paging={p.paging}
        selection={open ? sel.selection : undefined}
      />
      {adding === 'items' && task && (
        <AddMembersDialog
          kind={p.kind}
          taskId={p.taskId}
          plan={task.currentChannelPlan}
          onClose={() => setAdding(null)}
        />
      )}
      {adding === 'app' && <AddApplicationDialog taskId={p.taskId} onClose={() => setAdding(null)} />}
      <DeleteDialog
        {...sel.deleteDialog}
        title={t(`members.${w.remove}`)}
        itemLabel={(r) => r.name || formatHex(r.id)}
        onDelete={(items) =>
          deleteAllOrNothing(items, {
            call: (xs) =>
              changeMembers(
                p.kind,
                p.taskId,
                xs.map((r) => r.id),
                true,
              ),
            id: (r) => r.id,
          })
        }
      />
    </Box>
  );
}
