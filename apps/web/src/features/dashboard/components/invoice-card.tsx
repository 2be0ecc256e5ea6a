import { InvoiceCard as BillingInvoiceCard } from '../../billing/components/invoice-card';

/** The top bar's Invoice shortcut lands here (#invoice): billing's invoice card. */
export function InvoiceCard() {
  return <BillingInvoiceCard testId="dashboard-invoice" />;
}
