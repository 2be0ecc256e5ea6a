import { useState, type ReactNode } from 'react';
import { Chip, Stack } from '@mui/material';
import type { UserRow } from '@pondesk/contracts';
import { useUsers } from '../users/hooks';
import { DataTable, type Column } from './data-table';
import { SearchField } from './search-field';

export type UsersTableVariant = 'admin' | 'roles' | 'branches' | 'permissions';

export const USERS_PAGE_SIZE = 20;

const statusChip = (u: UserRow) => (
  <Chip
    size="small"
    label={u.status === 'active' ? 'Active' : 'Inactive'}
    color={u.status === 'active' ? 'success' : 'default'}
    variant={u.status === 'active' ? 'filled' : 'outlined'}
  />
);

const COLUMNS: Record<string, Column<UserRow>> = {
  name: { key: 'name', header: 'Name', render: (u) => u.username },
  email: { key: 'email', header: 'Email', render: (u) => u.email },
  contact: { key: 'contact', header: 'Contact', render: (u) => u.contactNumber ?? '—' },
  role: { key: 'role', header: 'Role', render: (u) => u.roleName ?? '—' },
  branch: {
    key: 'branch',
    header: 'Branch',
    render: (u) => (u.branches.length ? u.branches.map((b) => b.name).join(', ') : '—'),
  },
  status: { key: 'status', header: 'Status', render: statusChip },
};

const VARIANTS: Record<UsersTableVariant, string[]> = {
  admin: ['name', 'email', 'contact', 'role', 'status'],
  roles: ['name', 'email', 'contact', 'role', 'status'],
  branches: ['name', 'email', 'contact', 'branch', 'status'],
  permissions: ['name', 'role', 'status'],
};

/** The account's users, searched and paged on the server; each screen shows its own columns. */
export function UsersTable({
  variant,
  label = 'Users',
  actions,
  toolbar,
}: {
  variant: UsersTableVariant;
  label?: string;
  actions?: { header: string; render: (u: UserRow) => ReactNode };
  toolbar?: ReactNode;
}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(USERS_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const users = useUsers({ page, pageSize, search: search || undefined });
  const columns = VARIANTS[variant].map((k) => COLUMNS[k]);
  if (actions)
    columns.push({ key: 'actions', header: actions.header, render: actions.render, align: 'right' });

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <SearchField
          value={search}
          onChange={(s) => {
            setSearch(s);
            setPage(1);
          }}
        />
        {toolbar}
      </Stack>
      <DataTable
        label={label}
        columns={columns}
        rows={users.data?.items}
        rowKey={(u) => u.id}
        loading={users.isPending}
        refreshing={users.isPlaceholderData}
        error={users.error}
        onRetry={() => void users.refetch()}
        empty={search ? 'No user matches the search.' : 'No users yet.'}
        paging={{
          page,
          pageSize,
          total: users.data?.total ?? 0,
          onPageChange: setPage,
          onPageSizeChange: (s) => {
            setPageSize(s);
            setPage(1);
          },
        }}
      />
    </Stack>
  );
}
