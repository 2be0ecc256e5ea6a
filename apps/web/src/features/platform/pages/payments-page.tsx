import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Box } from '@mui/material';
import { PageHeader } from '../../../shared/ui/page-header';
import { InvoicesTab } from '../components/invoices-tab';
import { PageTabs } from '../components/page-tabs';
import { PaymentsTab } from '../components/payments-tab';
import { PAYMENT_TABS, tabOf, type PaymentTab } from '../list-params';

const PANELS: Record<PaymentTab, ComponentType> = { payments: PaymentsTab, invoices: InvoicesTab };

/** /platform/payments (platform administrator): every tenant's bKash payments and invoices. */
export default function PaymentsPage() {
  const [searchParams] = useSearchParams();
  const tab = tabOf(searchParams, PAYMENT_TABS);
  const Panel = PANELS[tab];
  return (
    <Box sx={{ maxWidth: 1600, mx: 'auto' }} data-testid="platform-payments-page">
      <PageHeader
        title="Payments & Invoices"
        subtitle="bKash payment attempts and the invoices of every ISP"
      />
      <PageTabs
        base="/platform/payments"
        tabs={PAYMENT_TABS}
        current={tab}
        idPrefix="payments"
        label="Payments and invoices"
      >
        <Panel />
      </PageTabs>
    </Box>
  );
}
