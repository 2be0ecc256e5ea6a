import { useState } from 'react';
import { Alert, AlertTitle, Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { NotAvailable } from '../../../shared/ui/not-available';
import { useProfile } from '../../profile/hooks';
import { ProfileCompletionDialog } from '../../profile/components/profile-completion-dialog';

const CARDS = ['OLT', 'OLT PORT', 'OLT 24+ DB', 'OLT OFFLINE ONU'];

/** The dashboard's widgets arrive with the monitoring work; until then it says so, with no numbers. */
export default function DashboardPage() {
  const profile = useProfile();
  const [dismissed, setDismissed] = useState(false);
  const needsCompletion = !!profile.data && !profile.data.profileConfirmed && !dismissed;
  return (
    <Box>
      <NotAvailable
        title="Dashboard"
        what="OLT counts, port usage and ONU signal levels appear here once OLT monitoring is built."
      />
      <Grid container spacing={2} sx={{ mt: 1 }}>
        {CARDS.map((c) => (
          <Grid key={c} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="overline" color="text.secondary">
                  {c}
                </Typography>
                <Typography variant="h5" color="text.disabled">
                  —
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Box id="invoice" sx={{ mt: 3, scrollMarginTop: 80 }}>
        <Alert severity="info" variant="outlined">
          <AlertTitle>Invoices</AlertTitle>
          Invoices are not available yet.
        </Alert>
      </Box>
      {profile.data && (
        <ProfileCompletionDialog
          profile={profile.data}
          open={needsCompletion}
          onClose={() => setDismissed(true)}
        />
      )}
    </Box>
  );
}
