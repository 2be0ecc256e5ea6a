import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  GlobalStyles,
} from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PrintIcon from '@mui/icons-material/Print';
import type { Invoice } from '@pondesk/contracts';
import { useSession } from '../../auth/session';
import { useProfile } from '../../profile/hooks';
import { saveInvoicePdf } from '../invoice-pdf';
import { invoiceSheet, type BillTo } from '../invoice-sheet';
import { InvoiceDocument } from './invoice-document';

const PRINT_ROOT = 'pondesk-invoice-print';

/** While the popup is open, printing shows the invoice alone. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        [`body > *:not(.${PRINT_ROOT})`]: { display: 'none !important' },
        [`.${PRINT_ROOT}`]: { position: 'static !important' },
        [`.${PRINT_ROOT} .MuiBackdrop-root, .${PRINT_ROOT} .invoice-print-hidden`]: {
          display: 'none !important',
        },
        [`.${PRINT_ROOT} .MuiDialog-container`]: { display: 'block', height: 'auto' },
        [`.${PRINT_ROOT} .MuiDialog-paper`]: {
          boxShadow: 'none !important',
          margin: 0,
          maxWidth: 'none',
          width: '100%',
          maxHeight: 'none',
        },
      },
    }}
  />
);

/** The ISP the invoice is billed to, from the signed-in user's profile. */
function useBillTo(): BillTo {
  const { user } = useSession();
  const profile = useProfile();
  const p = profile.data;
  const name = p?.ispName ?? user?.ispName ?? null;
  const address = p?.address ?? null;
  const phone = p?.contactNumber ?? null;
  const email = p?.email ?? user?.email ?? null;
  return useMemo(() => ({ name, address, phone, email }), [name, address, phone, email]);
}

/** The printable invoice popup, with Generate PDF (landscape 650×500 px, invoice.pdf) and Print. */
export function InvoiceDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const billTo = useBillTo();
  const sheet = useMemo(() => invoiceSheet(invoice, billTo), [invoice, billTo]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const generate = () => {
    setSaving(true);
    setError(null);
    saveInvoicePdf(sheet)
      .catch((e: unknown) =>
        setError(`Could not make the PDF: ${e instanceof Error ? e.message : String(e)}`),
      )
      .finally(() => setSaving(false));
  };

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      className={PRINT_ROOT}
      aria-labelledby="invoice-dialog-title"
      data-testid="invoice-dialog"
    >
      {printStyles}
      <DialogTitle id="invoice-dialog-title" className="invoice-print-hidden">
        Invoice {invoice.invoiceNo}
      </DialogTitle>
      <DialogContent>
        <InvoiceDocument sheet={sheet} status={invoice.status} />
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }} className="invoice-print-hidden">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions className="invoice-print-hidden">
        <Button onClick={onClose}>Close</Button>
        <Button startIcon={<PrintIcon />} onClick={() => window.print()} data-testid="invoice-print">
          Print
        </Button>
        <Button
          variant="contained"
          onClick={generate}
          disabled={saving}
          aria-busy={saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <PictureAsPdfIcon />}
          data-testid="invoice-pdf"
        >
          Generate PDF
        </Button>
      </DialogActions>
    </Dialog>
  );
}
