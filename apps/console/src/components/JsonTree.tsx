import Box from '@mui/material/Box';
import { allExpanded, defaultStyles, JsonView } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';

/** Lazy part of JsonViewerDialog. */
export default function JsonTree({ data }: { data: unknown }) {
  const value = data !== null && typeof data === 'object' ? (data as object) : { value: data };
  return (
    <Box sx={{ fontSize: 13, '& > div': { bgcolor: 'transparent' } }} data-testid="json-tree">
      <JsonView data={value} shouldExpandNode={allExpanded} style={defaultStyles} />
    </Box>
  );
}
