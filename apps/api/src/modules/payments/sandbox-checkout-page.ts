import { escapeHtml as e } from '../../mail/templates/mail-layout';
import type { SandboxOutcome } from '../../payments/gateways/sandbox';

type SettledStatus = 'paid' | 'failed' | 'cancelled' | 'expired';

/** Why the page offers no payment: no such order of this customer, or it is no longer pending. */
export type SandboxClosedReason = { kind: 'notFound' } | { kind: 'settled'; status: SettledStatus };

type SandboxCheckoutView = {
  language: 'en' | 'ko';
  companyName: string;
  logoUrl: string | null;
  brandColour: string;
  reference: string;
  productName: string;
  amount: string;
  currency: string;
  /** null: the order can be paid; otherwise why not, and where to go. */
  closed: { reason: SandboxClosedReason; returnUrl: string } | null;
  formToken: string;
};

const TEXTS = {
  en: {
    title: 'Sandbox Payment',
    intro:
      'This is a test checkout: no money moves. Choose what the payment gateway should answer.',
    order: 'Order',
    product: 'Product',
    amount: 'Amount',
    buttons: { complete: 'Complete payment', fail: 'Fail payment', cancel: 'Cancel payment' },
    back: 'Back to the portal',
    test: 'TEST',
    notFound: 'This order does not exist',
    settled: {
      paid: 'This order is already paid.',
      failed: "This order's payment failed. Start again from the product to place a new order.",
      cancelled:
        "This order's payment was cancelled. Start again from the product to place a new order.",
      expired: 'This order has expired. Please start your purchase again.',
    },
  },
  ko: {
    title: '샌드박스 결제',
    intro:
      '테스트 결제 화면입니다. 실제로 돈이 이동하지 않습니다. 결제 게이트웨이의 응답을 선택하세요.',
    order: '주문',
    product: '상품',
    amount: '금액',
    buttons: { complete: '결제 완료', fail: '결제 실패', cancel: '결제 취소' },
    back: '포털로 돌아가기',
    test: '테스트',
    notFound: '존재하지 않는 주문입니다',
    settled: {
      paid: '이미 결제된 주문입니다.',
      failed: '이 주문의 결제가 실패했습니다. 상품에서 다시 주문해 주세요.',
      cancelled: '이 주문의 결제가 취소되었습니다. 상품에서 다시 주문해 주세요.',
      expired: '주문이 만료되었습니다. 구매를 다시 시작해 주세요.',
    },
  },
} as const satisfies Record<'en' | 'ko', unknown>;

const OUTCOMES: SandboxOutcome[] = ['complete', 'fail', 'cancel'];

/** The Sandbox gateway's checkout page: the brand, the order, the amount and three buttons. */
export function renderSandboxCheckout(view: SandboxCheckoutView): string {
  const t = TEXTS[view.language];
  const colour = /^#[0-9a-fA-F]{3,8}$/.test(view.brandColour) ? view.brandColour : '#1c7ed6';
  const buttons = OUTCOMES.map(
    (outcome) =>
      `<button type="submit" name="outcome" value="${outcome}" class="${outcome}" data-testid="sandbox-${outcome}">${e(t.buttons[outcome])}</button>`,
  ).join('');
  const closedText = !view.closed
    ? ''
    : view.closed.reason.kind === 'notFound'
      ? t.notFound
      : t.settled[view.closed.reason.status];
  const body = view.closed
    ? `<p role="status">${e(closedText)}</p><p><a href="${e(view.closed.returnUrl)}">${e(t.back)}</a></p>`
    : `<form method="post"><input type="hidden" name="token" value="${e(view.formToken)}">
       <div class="buttons">${buttons}</div></form>`;
  return `<!doctype html>
<html lang="${view.language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(t.title)} · ${e(view.companyName)}</title>
<style>
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans KR",sans-serif;background:#f1f3f5;color:#212529}
  main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
  header{display:flex;align-items:center;gap:.75rem;border-bottom:3px solid ${colour};padding-bottom:1rem;margin-bottom:1rem}
  header img{max-height:40px;max-width:120px}
  h1{font-size:1.25rem;margin:0}
  .badge{display:inline-block;background:#fff3bf;color:#5c3c00;border-radius:4px;padding:.1rem .5rem;font-size:.8rem;font-weight:600}
  dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:1rem 0}
  dt{color:#495057}dd{margin:0;font-weight:600;word-break:break-all}
  .buttons{display:grid;gap:.75rem}
  button{font:inherit;font-weight:600;padding:.8rem 1rem;border-radius:8px;border:1px solid transparent;cursor:pointer}
  button:focus-visible,a:focus-visible{outline:3px solid #228be6;outline-offset:2px}
  .complete{background:#2b8a3e;color:#fff}.fail{background:#c92a2a;color:#fff}.cancel{background:#fff;border-color:#adb5bd;color:#212529}
  @media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh}}
</style></head>
<body><main>
<header>${view.logoUrl ? `<img src="${e(view.logoUrl)}" alt="">` : ''}<div><div>${e(view.companyName)}</div><h1>${e(t.title)} <span class="badge">${e(t.test)}</span></h1></div></header>
<p>${e(t.intro)}</p>
<dl><dt>${e(t.order)}</dt><dd>${e(view.reference)}</dd><dt>${e(t.product)}</dt><dd>${e(view.productName)}</dd>
<dt>${e(t.amount)}</dt><dd data-testid="sandbox-amount">${e(view.currency)} ${e(view.amount)}</dd></dl>
${body}
</main></body></html>`;
}
