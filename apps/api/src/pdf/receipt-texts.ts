import type { TLanguage } from '@cloud-portal/contract/company/company-rules';
import type { BankReference } from '@cloud-portal/contract/orders/order-status';

type TaxBasis = 'beforeDiscount' | 'afterDiscount';
type LineItem = 'Memory' | 'Disk' | 'Processor';

/** Every word a receipt prints, in each language the portal speaks. */
type ReceiptTexts = {
  receipt: string;
  proformaReceipt: string;
  watermark: string;
  from: string;
  billedTo: string;
  vatNumber: string;
  phone: string;
  email: string;
  website: string;
  orderId: string;
  transactionId: string;
  paymentDate: string;
  paymentMode: string;
  purchaseType: string;
  product: string;
  region: string;
  period: string;
  validUntil: string;
  days: (count: number) => string;
  /** By the invoice's bankReference (the purchase type). */
  purchaseTypes: Record<BankReference, string>;
  item: string;
  quantity: string;
  price: string;
  discount: string;
  lineItems: Record<LineItem, string>;
  subtotal: string;
  tax: (percent: string, basis: TaxBasis) => string;
  arrears: string;
  total: string;
  charged: (currency: string) => string;
  testNote: string;
  thanks: string;
};

const en: ReceiptTexts = {
  receipt: 'Receipt',
  proformaReceipt: 'Proforma Receipt',
  watermark: 'PAID',
  from: 'From',
  billedTo: 'Billed to',
  vatNumber: 'VAT number',
  phone: 'Phone',
  email: 'Email',
  website: 'Website',
  orderId: 'Order ID',
  transactionId: 'Transaction ID',
  paymentDate: 'Payment date',
  paymentMode: 'Payment mode',
  purchaseType: 'Purchase type',
  product: 'Product',
  region: 'Region',
  period: 'Period',
  validUntil: 'Valid until',
  days: (count) => (count === 1 ? '1 day' : `${count} days`),
  purchaseTypes: {
    'VM Purchase': 'New purchase',
    Clone: 'Clone',
    Snapshot: 'Snapshot',
    Renew: 'Renewal',
    Update: 'Update',
    'Multi Renew': 'Renewal of several machines',
  },
  item: 'Item',
  quantity: 'Quantity',
  price: 'Price',
  discount: 'Discount',
  lineItems: { Memory: 'Memory', Disk: 'Disk', Processor: 'Processor' },
  subtotal: 'Price',
  tax: (percent, basis) =>
    `Tax (${percent}% of the price ${basis === 'beforeDiscount' ? 'before' : 'after'} discount)`,
  arrears: 'Arrears',
  total: 'Total',
  charged: (currency) => `Charged in ${currency}`,
  testNote:
    "Test transaction: this payment was made in the payment gateway's test mode. No money was taken.",
  thanks: 'Thank you for your purchase.',
};

const ko: ReceiptTexts = {
  receipt: '영수증',
  proformaReceipt: '가영수증',
  watermark: '결제 완료',
  from: '발행처',
  billedTo: '청구 대상',
  vatNumber: '부가가치세 번호',
  phone: '전화',
  email: '이메일',
  website: '웹사이트',
  orderId: '주문 ID',
  transactionId: '거래 ID',
  paymentDate: '결제일',
  paymentMode: '결제 수단',
  purchaseType: '구매 유형',
  product: '상품',
  region: '지역',
  period: '기간',
  validUntil: '만료일',
  days: (count) => `${count}일`,
  purchaseTypes: {
    'VM Purchase': '신규 구매',
    Clone: '복제',
    Snapshot: '스냅샷',
    Renew: '갱신',
    Update: '사양 변경',
    'Multi Renew': '여러 가상 머신 갱신',
  },
  item: '항목',
  quantity: '수량',
  price: '금액',
  discount: '할인',
  lineItems: { Memory: '메모리', Disk: '디스크', Processor: '프로세서' },
  subtotal: '금액',
  tax: (percent, basis) =>
    `세금 (할인 ${basis === 'beforeDiscount' ? '전' : '후'} 금액의 ${percent}%)`,
  arrears: '연체료',
  total: '합계',
  charged: (currency) => `${currency} 결제 금액`,
  testNote: '테스트 거래: 결제 게이트웨이의 테스트 모드로 결제되어 실제로 청구된 금액은 없습니다.',
  thanks: '구매해 주셔서 감사합니다.',
};

export const RECEIPT_TEXTS: Record<TLanguage, ReceiptTexts> = { en, ko };

const DATE_OPTIONS: Record<TLanguage, Intl.DateTimeFormatOptions> = {
  en: { year: 'numeric', month: 'short', day: '2-digit' },
  ko: { year: 'numeric', month: 'numeric', day: 'numeric' },
};

/** One formatter per language and time zone: building one costs far more than using it. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(language: TLanguage, timeZone: string): Intl.DateTimeFormat {
  const key = `${language} ${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { ...DATE_OPTIONS[language], timeZone });
    } catch {
      // A time zone this runtime does not know: the date as UTC sees it.
      format = new Intl.DateTimeFormat('en-US', { ...DATE_OPTIONS[language], timeZone: 'UTC' });
    }
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * vm-lifecycle.md §2.10: DD MMM, YYYY ('23 Nov, 2026') in the company's time zone; Korean writes
 * the same date its own way ('2026년 11월 23일').
 */
export function formatReceiptDate(iso: string, language: TLanguage, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = dateFormat(language, timeZone).formatToParts(date);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return language === 'ko'
    ? `${part('year')}년 ${part('month')}월 ${part('day')}일`
    : `${part('day')} ${part('month')}, ${part('year')}`;
}

/** 1500 basis points → '15', 750 → '7.5'. */
export function formatPercent(percent: number): string {
  return String(Math.round(percent * 100) / 100);
}
