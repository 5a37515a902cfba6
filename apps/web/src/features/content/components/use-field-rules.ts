import { validateEmail } from '@cloud-portal/contract/validation/email';
import { messages } from '@cloud-portal/contract/validation/messages';
import { validateRequiredText } from '@cloud-portal/contract/validation/text';
import { useContractMessages } from '@/lib/use-contract-messages';

/** The content forms' field rules: the server's checks, answering in the user's language. */
export function useFieldRules() {
  const { translateMessage } = useContractMessages('content', messages);
  const translateProblem = (problem: string | null) =>
    problem === null ? null : translateMessage(problem);

  return {
    /** `maxLength`: the field's limit in contract/content/text-limits.ts. */
    required: (message: string, maxLength?: number) => (value: string) =>
      translateProblem(validateRequiredText(value, message, maxLength)),
    /** `invalidMessage`: the business unit's enquiry words an invalid address its own way. */
    email: (invalidMessage?: string) => (value: string) =>
      translateProblem(validateEmail(value, invalidMessage)),
  };
}
