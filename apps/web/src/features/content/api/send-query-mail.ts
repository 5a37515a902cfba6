import { useMutation } from '@tanstack/react-query';
import type { TSendQueryMailRequest } from '@cloud-portal/contract/content/send-query-mail';
import { apiPostForMessage } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

type Input = Omit<TSendQueryMailRequest, 'websiteUrl'>;

/** POST /api/productServicesData/sendQueryMail: 200 'Your request have been submitted!'. */
export function sendQueryMail({
  name,
  emailID,
  queryData,
  productService,
}: Input): Promise<string> {
  const body: TSendQueryMailRequest = {
    name: name.trim(),
    emailID: emailID.trim(),
    queryData: queryData.trim(),
    productService: productService.trim(),
    websiteUrl: getSiteOrigin(),
  };
  return apiPostForMessage('productServicesData/sendQueryMail', body);
}

export function useSendQueryMail() {
  return useMutation({ mutationFn: sendQueryMail });
}
