import {
  Box,
  Chip,
  Divider,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { InvoiceStatus } from '@pondesk/contracts';
import { InfoList } from '../../../shared/ui/info-list';
import { ITEM_HEADINGS, type InvoiceSheet } from '../invoice-sheet';
import { STATUS_LOOK } from '../invoices';

function Block({ title, lines }: { title: string; lines: string[] }) {
  return (
    <div>
      <Typography variant="overline" color="text.secondary">
        {title}
      </Typography>
      {lines.map((line, i) => (
        <Typography key={i} variant="body2" sx={{ fontWeight: i === 0 ? 600 : undefined }}>
          {line}
        </Typography>
      ))}
    </div>
  );
}

/** The printable invoice: the same sheet the PDF is made of. */
export function InvoiceDocument({ sheet, status }: { sheet: InvoiceSheet; status: InvoiceStatus }) {
  const last = sheet.totals.length - 1;
  return (
    <Box data-testid="invoice-document">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 2 }}>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, letterSpacing: 2 }}>
          {sheet.title}
        </Typography>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
          <Typography variant="h6" component="p" data-testid="invoice-document-no">
            {sheet.invoiceNo}
          </Typography>
          <Chip size="small" label={sheet.status} color={STATUS_LOOK[status].color} />
        </Stack>
      </Stack>
      <Divider sx={{ mb: 2 }} />
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Block title="From" lines={sheet.from} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Block title="Bill To" lines={sheet.billTo} />
        </Grid>
      </Grid>
      <InfoList items={sheet.details} />
      <Table size="small" sx={{ mt: 3 }} aria-label="Invoice items">
        <TableHead>
          <TableRow>
            {ITEM_HEADINGS.map((h, i) => (
              <TableCell key={h} align={i === ITEM_HEADINGS.length - 1 ? 'right' : 'left'}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell>
              {sheet.item.description}
              <Typography variant="caption" color="text.secondary" component="div">
                {sheet.item.device}
              </Typography>
            </TableCell>
            <TableCell>{sheet.item.months}</TableCell>
            <TableCell>{sheet.item.price}</TableCell>
            <TableCell align="right">{sheet.item.amount}</TableCell>
          </TableRow>
          {sheet.totals.map(([label, value], i) => (
            <TableRow key={label}>
              <TableCell
                colSpan={3}
                align="right"
                sx={{ border: 0, fontWeight: i === last ? 700 : undefined }}
              >
                {label}
              </TableCell>
              <TableCell
                align="right"
                sx={{ border: 0, fontWeight: i === last ? 700 : undefined }}
                data-testid={i === last ? 'invoice-document-amount' : undefined}
              >
                {value}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
