/** What the renewal calls answer when a renewal cannot be taken (renew-vm.ts), word for word. */
export const renewMessages = {
  renewalInProgress: 'This VM already has a renewal in progress.',
  notRenewable: 'This VM cannot be renewed in its current state.',
  productUnavailable: "This VM's product is no longer offered, so it cannot be renewed.",
  mixedCurrencies: 'The selected VMs are priced in different currencies. Renew them separately.',
  noPeriod: "This VM's period cannot be renewed. Please contact support.",
} as const;
