import { Link as RouterLink } from 'react-router-dom';
import { Alert, AlertTitle, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Permission, type PermissionCode } from '@pondesk/contracts';

/**
 * What a user without a single OLT may do about it. Holders of Admin (2000) see every OLT of the tenant,
 * so for them there is none yet; everyone else sees only the OLTs assigned to them. Add OLT is offered
 * only with Olt List (2006), the code the server requires to add one.
 */
export function noOltText(permissions: readonly PermissionCode[] | undefined): {
  title: string;
  text: string;
  canAdd: boolean;
} {
  const seesAll = !!permissions?.includes(Permission.Admin);
  const canAdd = !!permissions?.includes(Permission.OltList);
  if (seesAll)
    return {
      title: 'No OLT yet',
      text: canAdd
        ? 'Add an OLT; its ONUs, signal groups and port usage appear after its first poll.'
        : 'No OLT has been added yet. Ask an administrator to add one.',
      canAdd,
    };
  return {
    title: 'No OLTs assigned to you',
    text: canAdd
      ? 'No OLT is assigned to your account yet. Ask an administrator to assign OLTs to you, or add one.'
      : 'No OLT is assigned to your account yet. Ask an administrator to assign OLTs to you.',
    canAdd,
  };
}

/** The empty state of the dashboard, the ONU lists and the OLT list when the user has no OLT at all. */
export function NoOltState({
  permissions,
  testId,
}: {
  permissions: readonly PermissionCode[] | undefined;
  testId?: string;
}) {
  const { title, text, canAdd } = noOltText(permissions);
  return (
    <Alert
      severity="info"
      variant="outlined"
      data-testid={testId ?? 'no-olt'}
      action={
        canAdd && (
          <Button component={RouterLink} to="/add-olt" color="inherit" size="small" startIcon={<AddIcon />}>
            Add OLT
          </Button>
        )
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {text}
    </Alert>
  );
}
