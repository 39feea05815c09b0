import { SEARCH_TYPES, type SearchType } from '@lns/contract/search';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppDialog } from '../../components/AppDialog';
import { ListTable } from '../../components/ListTable';
import { useHasPage } from '../../lib/builtPages';
import { usePaging } from '../../lib/paging';
import { session } from '../../lib/session';
import { useSession } from '../../lib/useSession';
import { useSearch } from './api';
import { DETAIL_PATH, detailPath, rowKey, searchColumns } from './columns';

/**
 * Full-screen global search: keyword, type (user for admins only; only types whose detail
 * page exists), paged results. Enter or
 * the icon runs it; changing the type clears keyword and results; a result opens its detail.
 */
export default function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const { isAdmin } = useSession();
  const hasPage = useHasPage();
  // Only types whose detail page exists: a result always opens.
  const types = SEARCH_TYPES.filter((x) => (x !== 'user' || isAdmin) && hasPage(DETAIL_PATH[x]));
  const [type, setType] = useState<SearchType>('device');
  const [keyword, setKeyword] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const paging = usePaging('search');
  const q = useSearch(type, submitted, paging.pageNo, paging.pageSize);

  const run = () => {
    paging.setPage(1);
    setSubmitted(keyword);
  };
  const open_ = (r: Record<string, unknown>) => {
    // Opening an application or device adds its product type to the access list.
    if ((type === 'application' || type === 'device') && typeof r.productType === 'string')
      session.addAccess(r.productType);
    onClose();
    navigate(detailPath(type, r));
  };

  return (
    <AppDialog open={open} onClose={onClose} title={t('title')} maxWidth="lg" dialogProps={{ fullScreen: true }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('type')}
          value={type}
          onChange={(e) => {
            setType(e.target.value as SearchType);
            setKeyword('');
            setSubmitted(null);
            paging.setPage(1);
          }}
          sx={{ minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': 'search-type' } }}
        >
          {types.map((x) => (
            <MenuItem key={x} value={x} data-testid={`search-type-${x}`}>
              {t(`types.${x}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          autoFocus
          label={t('keyword')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') run();
          }}
          sx={{ flexGrow: 1, minWidth: 220 }}
          slotProps={{
            htmlInput: { 'data-testid': 'search-keyword', maxLength: 128 },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton onClick={run} aria-label={t('common:search')} edge="end" data-testid="search-run">
                    <SearchIcon />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {submitted === null ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('hint')}
        </Typography>
      ) : (
        <ListTable
          // A table per type: rows of one type never render under another type's columns.
          key={type}
          data-testid="search-results"
          columns={searchColumns(type, t, isAdmin)}
          rows={q.data?.rows ?? []}
          rowKey={(r) => rowKey(type, r)}
          amount={q.data?.amount ?? 0}
          loading={q.isFetching}
          paging={paging}
          onRowClick={open_}
        />
      )}
    </AppDialog>
  );
}
