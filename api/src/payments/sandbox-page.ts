const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export interface SandboxPageData {
  transactionId: number;
  productName: string;
  amount: string;
  buyerEmail: string;
  status: string;
  actionUrl: string;
  pageToken: string;
}

/** The hosted payment page of the sandbox gateway: plain HTML forms, no script. */
export function renderSandboxPage(d: SandboxPageData): string {
  const pending = d.status === 'pending';
  const button = (outcome: string, label: string, color: string) =>
    `<form method="post" action="${escapeHtml(d.actionUrl)}">
      <input type="hidden" name="outcome" value="${outcome}">
      <input type="hidden" name="pageToken" value="${escapeHtml(d.pageToken)}">
      <button type="submit" style="background:${color}">${label}</button>
    </form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>SecondByte Sandbox Payment #${d.transactionId}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f3f5;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;padding:32px;max-width:420px;width:90%;box-shadow:0 4px 24px #0001}
h1{font-size:20px;margin:0 0 4px}dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#666}
.actions{display:flex;gap:8px;margin-top:24px}.actions form{flex:1}
button{width:100%;border:0;border-radius:8px;padding:12px;color:#fff;font-size:16px;cursor:pointer}
.note{color:#868e96;font-size:13px;margin-top:16px}
</style></head><body><main>
<h1>Sandbox payment gateway</h1>
<p>Merchant: <strong>SecondByte</strong></p>
<dl>
<dt>Transaction</dt><dd>${d.transactionId}</dd>
<dt>Product</dt><dd>${escapeHtml(d.productName)}</dd>
<dt>Amount</dt><dd><strong>${escapeHtml(d.amount)}</strong></dd>
<dt>Customer</dt><dd>${escapeHtml(d.buyerEmail)}</dd>
<dt>Status</dt><dd>${escapeHtml(d.status)}</dd>
</dl>
${
  pending
    ? `<div class="actions">${button('paid', 'Pay', '#2f9e44')}${button('failed', 'Fail', '#e03131')}${button('cancelled', 'Cancel', '#868e96')}</div>`
    : '<p>This payment is already settled.</p>'
}
<p class="note">Test mode: no money moves. Pay confirms the order through a signed server-side callback.</p>
</main></body></html>`;
}
