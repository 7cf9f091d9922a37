// Rendered as a <style> only while the success page is on screen, so these rules never affect
// printing any other page. The site's header, footer and buttons drop out; the receipt prints
// black on white whatever the theme.
export const RECEIPT_PRINT_CSS = `
@media print {
  @page { margin: 16mm; }
  body * { visibility: hidden !important; }
  [data-receipt], [data-receipt] * { visibility: visible !important; }
  [data-receipt] {
    position: absolute !important;
    inset: 0 auto auto 0 !important;
    width: 100% !important;
    box-shadow: none !important;
    border: 1px solid #000 !important;
    background: #fff !important;
  }
  [data-receipt] * { color: #000 !important; background: transparent !important; border-color: #999 !important; }
  [data-print-hide] { display: none !important; }
}
`;
