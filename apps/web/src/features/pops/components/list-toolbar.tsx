import { Chip, Stack } from '@mui/material';
import { SearchField } from '../../../shared/ui/search-field';

/** Search and the count badge above a whole list. */
export function ListToolbar({
  search,
  onSearch,
  count,
  noun,
  searchLabel,
  testId,
}: {
  search: string;
  onSearch: (search: string) => void;
  /** Rows shown (undefined while loading). */
  count: number | undefined;
  /** What a row is, singular and plural. */
  noun: [string, string];
  searchLabel: string;
  testId: string;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <SearchField
        value={search}
        onChange={onSearch}
        placeholder="Search..."
        ariaLabel={searchLabel}
        minWidth={260}
        testId={`${testId}-search`}
      />
      {count !== undefined && (
        <Chip
          color="primary"
          variant="outlined"
          label={`${count} ${count === 1 ? noun[0] : noun[1]}`}
          data-testid={`${testId}-count`}
          data-count={count}
          aria-live="polite"
        />
      )}
    </Stack>
  );
}
