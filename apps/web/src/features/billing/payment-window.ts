/**
 * The bKash checkout opens in a new window. The window is opened at the click itself, before the payment
 * link is asked for: a window opened after an awaited request has lost the click's user activation and
 * popup blockers (Safari always, others after a delay) refuse it. `window.open(url, '_blank', 'noopener')`
 * cannot be used for this: with 'noopener' it returns null, so the link could not be set afterwards. The
 * blank window's `opener` is cleared instead, which gives bKash's page the same protection (it cannot
 * reach or redirect this tab).
 */

/** The payment link, when it is a web address; anything else (javascript:, data:, junk) is refused. */
export function safePaymentUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export interface PaymentWindow {
  /** Sends the window to the payment page; false when there is no window (blocked) or it was closed. */
  go: (url: string) => boolean;
  /** Closes the blank window when no link came. */
  abandon: () => void;
}

/** Opens the blank window now (call it in the click handler). */
export function openPaymentWindow(): PaymentWindow {
  let win: Window | null = null;
  try {
    win = window.open('', '_blank');
  } catch {
    win = null;
  }
  if (win) {
    try {
      win.opener = null;
      win.document.title = 'bKash payment';
      win.document.body.textContent = 'Opening bKash…';
    } catch {
      // A window we cannot write to is still one we can send somewhere.
    }
  }
  return {
    go: (url) => {
      if (!win || win.closed) return false;
      win.location.href = url;
      return true;
    },
    abandon: () => {
      if (win && !win.closed) win.close();
    },
  };
}
