import { useMutation } from '@tanstack/react-query';
import type { TOrderResponse } from '@cloud-portal/contract/orders/create-order';
import { apiPost } from '@/lib/api-client';

type UploadCustomerLicenseInput = { orderID: string; vmName: string; licence: File };

/**
 * POST /api/virtualMachine/uploadCustomerLicense (multipart: orderID, vmName, the PDF as
 * `image`): the order's Microsoft licence. Answers the order, now with where to pay. 400 when it
 * is not a PDF, 413 over 20 MB.
 */
export function uploadCustomerLicense({
  orderID,
  vmName,
  licence,
}: UploadCustomerLicenseInput): Promise<TOrderResponse> {
  const body = new FormData();
  // The fields before the file: the server reads them as the upload streams in.
  body.append('orderID', orderID);
  body.append('vmName', vmName);
  body.append('image', licence, licence.name);
  return apiPost<TOrderResponse>('virtualMachine/uploadCustomerLicense', body, {
    authenticated: true,
  });
}

export function useUploadCustomerLicense() {
  return useMutation({ mutationFn: uploadCustomerLicense });
}
