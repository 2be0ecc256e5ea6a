import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button } from '@mui/material';
import { useSession } from '../../auth/session';
import { bannerLines, bannerSeverity, noticesSignature, renewPath } from '../expiry-notices';
import { useExpiryNotices } from '../hooks';

const DISMISSED_KEY = 'pondesk.expiryBanner.dismissed';

function readDismissed(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

function writeDismissed(signature: string): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, signature);
  } catch {
    // Without storage the banner is dismissed until the page is loaded again.
  }
}

/**
 * The shell's notice of OLTs and switches whose package is expiring, in its grace days or expired, with
 * a way to renew. Closed, it stays away for the browser session until the list of devices changes.
 */
export function ExpiryBanner() {
  const { user } = useSession();
  const tenant = !!user && !user.isPlatformAdmin;
  const notices = useExpiryNotices(tenant);
  const [dismissed, setDismissed] = useState(readDismissed);
  const list = notices.data ?? [];
  if (!tenant || list.length === 0) return null;
  const signature = noticesSignature(list);
  if (dismissed === signature) return null;

  const renew = renewPath(list, user.permissions);
  const lines = bannerLines(list);
  return (
    <Alert
      severity={bannerSeverity(list)}
      data-testid="expiry-banner"
      onClose={() => {
        writeDismissed(signature);
        setDismissed(signature);
      }}
      closeText="Dismiss"
      sx={{ mx: { xs: 2, md: 3 }, mt: 2, py: 0.25, alignItems: 'center' }}
    >
      <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5 }}>
        <Box component="span">
          {lines.map((line, i) => (
            <Box component="span" key={i} sx={{ display: 'block' }}>
              {line}
            </Box>
          ))}
        </Box>
        {renew && (
          <Button
            component={RouterLink}
            to={renew}
            size="small"
            color="inherit"
            variant="outlined"
            data-testid="expiry-banner-renew"
          >
            Renew
          </Button>
        )}
      </Box>
    </Alert>
  );
}
