import { Box, IconButton, Tooltip } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../../shared/ui/page-header';
import { UsersTable } from '../../../shared/ui/users-table';

/** Olt Permissions: pick a user to choose which OLTs they may see. */
export default function RolePermissionsPage() {
  return (
    <Box>
      <PageHeader title="Olt Permissions" subtitle="Choose which OLTs each user may see." />
      <UsersTable
        variant="permissions"
        actions={{
          header: 'Permission',
          render: (u) => (
            <Tooltip title="OLT permissions">
              <IconButton
                component={RouterLink}
                to={`/permissions/${u.id}`}
                size="small"
                aria-label={`OLT permissions of ${u.username}`}
              >
                <ArrowForwardIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ),
        }}
      />
    </Box>
  );
}
