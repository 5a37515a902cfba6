import type { ComponentType } from 'react';
import type { GatewayName } from '@cloud-portal/contract/orders/gateways';

/** Where Buy Now stands: no dialog, choosing a gateway, or confirming a charge in US dollars. */
export type BuyNowStep =
  | { kind: 'closed' }
  | { kind: 'choose'; gateways: GatewayName[] }
  | { kind: 'convert'; gateway: GatewayName };

export const BUY_NOW_CLOSED: BuyNowStep = { kind: 'closed' };

/** The figures of a bill as the PayPal ZAR dialog converts them (2-decimal strings). */
export type ConvertibleBill = {
  totalPrice: string;
  discountAmount: string;
  taxPercent: number;
  taxAmount: string;
  totalPayable: string;
};

export type ExtraBillRow = { key: string; label: string; amount: string };

export type BuyNowModalProps = {
  step: BuyNowStep;
  gateways: readonly GatewayName[];
  quote: ConvertibleBill;
  extraRows?: readonly ExtraBillRow[];
  currency: string;
  onClose: () => void;
  onChoose: (gateway: GatewayName) => void;
  onConfirmConversion: () => void;
  isOrdering: boolean;
};

export type ShareModalProps = {
  opened: boolean;
  onClose: () => void;
  url: string;
  productName: string;
};

/**
 * The dialogs the order screens share with a new purchase (vm-lifecycle.md §2.2, §2.11): the
 * product configuration's Buy Now dialogs (choose gateway, PayPal ZAR conversion) and its share
 * dialog. Features do not import each other, so the router hands them to these pages.
 */
export type VmOrderKit = {
  BuyNowModal: ComponentType<BuyNowModalProps>;
  ShareModal: ComponentType<ShareModalProps>;
  /** Loads the dialogs' code before one opens: a pointer or the keyboard reached Buy Now or Share. */
  preloadDialogs: () => void;
};

export type VmOrderPageProps = { kit: VmOrderKit };
