import { useRef, useState } from 'react';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  Grid,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import { Permission, VPN_NOT_ENABLED_MESSAGE, type Profile } from '@pondesk/contracts';
import { useSession } from '../../auth/session';
import { messageOf } from '../../../shared/ui/errors';
import { PageHeader } from '../../../shared/ui/page-header';
import { useToast } from '../../../shared/ui/toast';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { EditProfileDialog } from '../components/edit-profile-dialog';
import { ProfileCompletionDialog } from '../components/profile-completion-dialog';
import { AddVpnButton, VpnPanel, type VpnLine } from '../components/vpn-panel';
import { useProfile, useUploadPhoto, useVpn } from '../hooks';

const PHOTO_TYPES = 'image/png,image/jpeg,image/gif,image/webp';
const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

function Details({ profile }: { profile: Profile }) {
  const rows: [string, string | null][] = [
    ['User Name', profile.username],
    ['Email', profile.email],
    ['Isp Name', profile.ispName],
    ['Contact Number', profile.contactNumber],
    ['Address', profile.address],
  ];
  return (
    <List disablePadding aria-label="Profile details">
      {rows.map(([label, value], i) => (
        <Box key={label}>
          {i > 0 && <Divider component="li" />}
          <ListItem disableGutters>
            <ListItemText
              primary={label}
              secondary={value || '—'}
              slotProps={{
                primary: { variant: 'caption', color: 'text.secondary' },
                secondary: {
                  variant: 'body1',
                  color: 'text.primary',
                  'data-testid': `profile-${label}`,
                } as object,
              }}
            />
          </ListItem>
        </Box>
      ))}
    </List>
  );
}

export default function ProfilePage() {
  const { user } = useSession();
  const profile = useProfile();
  const toast = useToast();
  const upload = useUploadPhoto();
  const fileInput = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<'edit' | 'password' | 'complete' | null>(null);
  // The VPN belongs to the account: its admin (2000) adds it and sees its password.
  const canManageVpn = !!user && !user.isPlatformAdmin && user.permissions.includes(Permission.Admin);
  const vpn = useVpn(canManageVpn);
  const [vpnLine, setVpnLine] = useState<VpnLine | null>(null);

  if (user?.isPlatformAdmin)
    return (
      <Box>
        <PageHeader title="Profile" />
        <Alert severity="info">
          Signed in as the platform administrator <strong>{user.username}</strong>. This account has no ISP
          profile.
        </Alert>
      </Box>
    );

  const onPhoto = (file: File | undefined) => {
    if (!file) return;
    if (!PHOTO_TYPES.split(',').includes(file.type)) {
      toast.error('Please choose a PNG, JPEG, GIF or WebP image.');
      return;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      toast.error('The photo must be at most 2 MB.');
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success('Photo updated successfully!'),
      onError: (error) => toast.error(messageOf(error, 'Could not upload the photo.')),
    });
  };

  const p = profile.data;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Profile" />
      {profile.error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
              Retry
            </Button>
          }
        >
          Could not load your profile: {profile.error.message}
        </Alert>
      )}
      {p && !p.profileConfirmed && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setDialog('complete')}>
              Complete profile
            </Button>
          }
        >
          Your profile is not confirmed yet: add your ISP name, number and location.
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card variant="outlined">
            <CardContent sx={{ textAlign: 'center' }}>
              {p ? (
                <Avatar
                  src={p.photoUrl ?? undefined}
                  alt={p.username}
                  sx={{ width: 112, height: 112, mx: 'auto', mb: 2, bgcolor: 'grey.400', fontSize: 44 }}
                >
                  {p.username.charAt(0).toUpperCase()}
                </Avatar>
              ) : (
                <Skeleton variant="circular" width={112} height={112} sx={{ mx: 'auto', mb: 2 }} />
              )}
              <Typography variant="h6">{p?.username ?? <Skeleton />}</Typography>
              <Typography color="text.secondary" data-testid="profile-role">
                {p ? (p.roleName ?? 'No role') : <Skeleton />}
              </Typography>
              <input
                ref={fileInput}
                type="file"
                accept={PHOTO_TYPES}
                hidden
                aria-label="Photo file"
                onChange={(e) => {
                  onPhoto(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              <Button
                sx={{ mt: 2 }}
                startIcon={<PhotoCameraIcon />}
                disabled={!p || upload.isPending}
                onClick={() => fileInput.current?.click()}
              >
                {upload.isPending ? 'Uploading…' : 'Change photo'}
              </Button>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card variant="outlined">
            <CardContent>
              {p ? (
                <Details profile={p} />
              ) : (
                Array.from({ length: 5 }, (_, i) => <Skeleton key={i} height={48} />)
              )}
              <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
                <Button
                  variant="contained"
                  startIcon={<EditIcon />}
                  disabled={!p}
                  onClick={() => setDialog('edit')}
                >
                  Edit
                </Button>
                <Button
                  variant="outlined"
                  startIcon={<KeyIcon />}
                  disabled={!p}
                  onClick={() => setDialog('password')}
                >
                  Change password
                </Button>
                <AddVpnButton
                  canManage={canManageVpn}
                  vpn={vpn.data}
                  loading={vpn.isPending && canManageVpn}
                  onAdded={(state) =>
                    setVpnLine(state.message ? { severity: 'success', text: state.message } : null)
                  }
                  onFailed={(message) => setVpnLine({ severity: 'error', text: message })}
                />
              </Stack>
              {vpn.data && !vpn.data.enabled && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ mt: 1 }}
                  data-testid="vpn-not-enabled"
                >
                  {VPN_NOT_ENABLED_MESSAGE}
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      {canManageVpn && (
        <VpnPanel
          vpn={vpn.data}
          loading={vpn.isPending}
          error={vpn.error}
          line={vpnLine}
          onLine={setVpnLine}
        />
      )}
      {p && dialog === 'edit' && <EditProfileDialog profile={p} open onClose={() => setDialog(null)} />}
      {dialog === 'password' && <ChangePasswordDialog open onClose={() => setDialog(null)} />}
      {p && dialog === 'complete' && (
        <ProfileCompletionDialog profile={p} open onClose={() => setDialog(null)} />
      )}
    </Box>
  );
}
