import { Card, CardContent, CardHeader, Typography } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';

/** The top bar's Invoice shortcut lands here (#invoice); billing arrives with its own piece of work. */
export function InvoiceCard() {
  return (
    <Card variant="outlined" id="invoice" sx={{ scrollMarginTop: 80 }} data-testid="dashboard-invoice">
      <CardHeader
        avatar={<ReceiptLongIcon color="action" aria-hidden />}
        title="Invoices"
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography color="text.secondary">
          Invoices and bKash payment are not available yet. They will appear here once billing is built.
        </Typography>
      </CardContent>
    </Card>
  );
}
