/** The purchase flow's messages (vm-lifecycle.md §8), shared by the browser and the server. */
export const orderMessages = {
  noGateway: 'There are some technical issue. Please try after some time',
  paypalNotCreated: 'Something went wrong. Please try after some time',
  gatewayFailure: 'We can not process your request. payment gateway failure',
  gatewayNotOffered: 'This payment gateway is not offered for this product',
  gatewayUnavailable: 'This payment gateway is not available right now. Please try after some time',
  bypassNotAllowed: 'This product must be paid through a payment gateway',
  conversionNotConfirmed: 'Please confirm the charge in USD',
  licenceRequired: 'Please choose your Microsoft licence PDF',
  licenceNotPdf: 'The licence must be a PDF file',
  licenceTooLarge: 'The licence PDF must be 20 MB or smaller',
  orderNotFound: 'This order does not exist',
  orderCreated: 'Order created',
  orderExpired: 'This order has expired. Please start your purchase again.',
  paymentPending: 'We are confirming your payment with the payment gateway.',
  paymentComplete: 'Your purchase is successful !!',
  paymentCancelled: 'The payment was cancelled.',
  sandboxDeclined: 'The sandbox declined the payment.',
  receiptNotFound: 'This receipt does not exist',
  specificationCount:
    'A new order has exactly three specification entries: Memory, Disk and Processor',
} as const;
