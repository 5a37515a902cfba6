import { z } from 'zod';
import { zOrderId } from './get-order-status';

export { MAX_LICENCE_BYTES } from './licence-rules';

/**
 * POST /api/virtualMachine/uploadCustomerLicense (customers, multipart): fields `orderID`,
 * `vmName` and the PDF as `image` (the spec's field name). Answers the order response, now with
 * its `redirect_url` or `form`.
 */
export const ZUploadCustomerLicenseFields = z.object({
  orderID: zOrderId,
  vmName: z.string().trim().max(200).optional(),
});
