import type { Language } from 'shared-contracts/locale';

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

/** The page's words in each of the site's languages (docs/product.md#languages-and-money). */
const TEXTS: Record<Language, Record<string, string>> = {
  en: {
    title: 'SecondByte Sandbox Payment',
    heading: 'Sandbox payment gateway',
    merchant: 'Merchant',
    transaction: 'Transaction',
    product: 'Product',
    amount: 'Amount',
    customer: 'Customer',
    status: 'Status',
    pay: 'Pay',
    fail: 'Fail',
    cancel: 'Cancel',
    settled: 'This payment is already settled.',
    note: 'Test mode: no money moves. Pay confirms the order through a signed server-side callback.',
    pending: 'pending',
    paid: 'paid',
    failed: 'failed',
    cancelled: 'cancelled',
  },
  bn: {
    title: 'SecondByte পরীক্ষামূলক পেমেন্ট',
    heading: 'পরীক্ষামূলক পেমেন্ট গেটওয়ে',
    merchant: 'বিক্রেতা প্রতিষ্ঠান',
    transaction: 'লেনদেন',
    product: 'ল্যাপটপ',
    amount: 'পরিমাণ',
    customer: 'ক্রেতা',
    status: 'অবস্থা',
    pay: 'দাম দিন',
    fail: 'ব্যর্থ করুন',
    cancel: 'বাতিল',
    settled: 'এই পেমেন্টের নিষ্পত্তি আগেই হয়ে গেছে।',
    note: 'পরীক্ষামূলক মোড: কোনো টাকা লেনদেন হয় না। “দাম দিন” চাপলে স্বাক্ষরিত সার্ভার-কলব্যাকের মাধ্যমে অর্ডারটি নিশ্চিত হয়।',
    pending: 'অপেক্ষমাণ',
    paid: 'পরিশোধিত',
    failed: 'ব্যর্থ',
    cancelled: 'বাতিল',
  },
};

/** The hosted payment page of the sandbox gateway: plain HTML forms, no script, in `language`. */
export function renderSandboxPage(language: Language, d: SandboxPageData): string {
  const t = TEXTS[language];
  const pending = d.status === 'pending';
  const button = (outcome: string, label: string, color: string) =>
    `<form method="post" action="${escapeHtml(d.actionUrl)}">
      <input type="hidden" name="outcome" value="${outcome}">
      <input type="hidden" name="pageToken" value="${escapeHtml(d.pageToken)}">
      <button type="submit" style="background:${color}">${label}</button>
    </form>`;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t.title} #${d.transactionId}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f3f5;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;padding:32px;max-width:420px;width:90%;box-shadow:0 4px 24px #0001}
h1{font-size:20px;margin:0 0 4px}dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#666}
.actions{display:flex;gap:8px;margin-top:24px}.actions form{flex:1}
button{width:100%;border:0;border-radius:8px;padding:12px;color:#fff;font-size:16px;cursor:pointer}
.note{color:#868e96;font-size:13px;margin-top:16px}
</style></head><body><main>
<h1>${t.heading}</h1>
<p>${t.merchant}: <strong>SecondByte</strong></p>
<dl>
<dt>${t.transaction}</dt><dd>${d.transactionId}</dd>
<dt>${t.product}</dt><dd>${escapeHtml(d.productName)}</dd>
<dt>${t.amount}</dt><dd><strong>${escapeHtml(d.amount)}</strong></dd>
<dt>${t.customer}</dt><dd>${escapeHtml(d.buyerEmail)}</dd>
<dt>${t.status}</dt><dd>${escapeHtml(t[d.status] ?? d.status)}</dd>
</dl>
${
  pending
    ? `<div class="actions">${button('paid', t.pay!, '#2f9e44')}${button('failed', t.fail!, '#e03131')}${button('cancelled', t.cancel!, '#868e96')}</div>`
    : `<p>${t.settled}</p>`
}
<p class="note">${t.note}</p>
</main></body></html>`;
}
