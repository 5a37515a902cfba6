import { useForm } from '@mantine/form';
import { validateEmail } from '@cloud-portal/contract/validation/email';
import { useFormFeedback } from '@/lib/use-form-feedback';
import { useAccountMessages } from '@/lib/use-account-messages';

/** The form of the forgotten-password and forgotten-user-name requests: one email address. */
export function useEmailForm() {
  const { translateMessage, translateProblem } = useAccountMessages();
  const form = useForm({
    initialValues: { emailID: '' },
    validate: { emailID: (value) => translateProblem(validateEmail(value)) },
  });
  const feedback = useFormFeedback(form, translateMessage);
  return { form, feedback };
}
