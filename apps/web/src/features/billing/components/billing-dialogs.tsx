import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Invoice } from '@pondesk/contracts';
import type { PurchaseRequest } from '../purchase';
import { PackagePurchaseDialog } from './package-purchase-dialog';
import { PaymentMethodDialog } from './payment-method-dialog';

export interface BillingDialogs {
  /** Opens the package popup (a package card, an OLT's Billing, a switch's Renew). */
  openPurchase: (request: PurchaseRequest) => void;
  /** Opens the payment-method popup for an unpaid invoice (the invoice card's Pay). */
  openPayment: (invoice: Invoice) => void;
  /** Render once where the screen keeps its dialogs. */
  dialogs: ReactNode;
}

/**
 * The purchase flow's two popups: Pay Now closes the package popup and opens the payment-method popup
 * for the invoice it created (spec 1 §4).
 */
export function useBillingDialogs(): BillingDialogs {
  const [purchase, setPurchase] = useState<PurchaseRequest | null>(null);
  const [payFor, setPayFor] = useState<Invoice | null>(null);
  const openPurchase = useCallback((request: PurchaseRequest) => setPurchase(request), []);
  const openPayment = useCallback((invoice: Invoice) => setPayFor(invoice), []);
  const dialogs = useMemo(
    () => (
      <>
        {purchase && (
          <PackagePurchaseDialog
            request={purchase}
            onClose={() => setPurchase(null)}
            onPayNow={(invoice) => {
              setPurchase(null);
              setPayFor(invoice);
            }}
          />
        )}
        {payFor && <PaymentMethodDialog invoice={payFor} onClose={() => setPayFor(null)} />}
      </>
    ),
    [purchase, payFor],
  );
  return { openPurchase, openPayment, dialogs };
}
