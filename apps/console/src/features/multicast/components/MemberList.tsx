import { formatHex } from '@lns/contract/hex';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteAllOrNothing } from '../../../components/deleteResults';
import { type Column, ListTable } from '../../../components/ListTable';
import { DeleteSelectedButton, ListToolbar } from '../../../components/ListToolbar';
import type { Paging } from '../../../lib/paging';
import { useListSelection } from '../../../lib/useListSelection';
import { bindMembers, type MemberKind, mcKeys } from '../api';
import { AddMembersDialog } from './AddMembersDialog';

const WORDS = {
  device: { title: 'devicesTitle', add: 'addDevices', remove: 'removeDevices', testId: 'devices' },
  gateway: { title: 'gatewaysTitle', add: 'addGateways', remove: 'removeGateways', testId: 'gateways' },
} as const;

/**
 * A group's member devices or gateways: one filter, the table, Add (what could join) and Remove
 * (slide-verified, all or nothing).
 */
export function MemberList<T extends { name: string; id: string }>(p: {
  kind: MemberKind;
  mcEUI: string;
  columns: Column<T>[];
  rows: T[];
  amount: number;
  loading: boolean;
  paging: Paging;
  filter: { label: string; value: string; options: { value: string; label: string }[]; onChange: (v: string) => void };
}) {
  const { t } = useTranslation('multicast');
  const w = WORDS[p.kind];
  const sel = useListSelection(p.rows, (r) => r.id, [mcKeys.all]);
  const [adding, setAdding] = useState(false);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ListToolbar title={t(w.title)}>
        <DeleteSelectedButton
          disabled={sel.selected.length === 0}
          onClick={() => sel.askDelete(sel.chosen)}
          testId={`mc-remove-${w.testId}`}
        />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
          data-testid={`mc-add-${w.testId}`}
        >
          {t(w.add)}
        </Button>
      </ListToolbar>
      <Box>
        <TextField
          select
          size="small"
          label={p.filter.label}
          value={p.filter.value}
          onChange={(e) => {
            p.filter.onChange(e.target.value);
            p.paging.setPage(1);
          }}
          sx={{ minWidth: 140 }}
        >
          {p.filter.options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <ListTable
        data-testid={`mc-${w.testId}`}
        columns={p.columns}
        rows={p.rows}
        rowKey={(r) => r.id}
        amount={p.amount}
        loading={p.loading}
        paging={p.paging}
        selection={sel.selection}
      />
      {adding && <AddMembersDialog kind={p.kind} mcEUI={p.mcEUI} onClose={() => setAdding(false)} />}
      <DeleteDialog
        {...sel.deleteDialog}
        title={t(w.remove)}
        itemLabel={(r) => r.name || formatHex(r.id)}
        onDelete={(items) =>
          deleteAllOrNothing(items, {
            call: (xs) =>
              bindMembers(
                p.kind,
                p.mcEUI,
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
