import { useMutation } from '@tanstack/react-query';
import type { TWriteToUsRequest } from '@cloud-portal/contract/content/write-to-us';
import { apiPostForMessage } from '@/lib/api-client';
import { getSiteOrigin } from '@/lib/site-origin';

type Input = { emailID: string; content: string };

/** POST /api/writeToUs: 200 'Thank you. Please check your email'. Resolves with that message. */
export function writeToUs({ emailID, content }: Input): Promise<string> {
  const body: TWriteToUsRequest = {
    emailID: emailID.trim(),
    content: content.trim(),
    websiteUrl: getSiteOrigin(),
  };
  return apiPostForMessage('writeToUs', body);
}

export function useWriteToUs() {
  return useMutation({ mutationFn: writeToUs });
}
