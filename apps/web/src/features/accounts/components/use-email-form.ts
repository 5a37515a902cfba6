import { useForm } from '@mantine/form';
import { validateEmail } from '@cloud-portal/contract/validation/email';
import { useAccountFormFeedback } from './use-account-form-feedback';
import { useAccountMessages } from './use-account-messages';

/** The form of the forgotten-password and forgotten-user-name requests: one email address. */
export function useEmailForm() {
  const { translateProblem } = useAccountMessages();
  const form = useForm({
    initialValues: { emailID: '' },
    validate: { emailID: (value) => translateProblem(validateEmail(value)) },
  });
  const feedback = useAccountFormFeedback(form);
  return { form, feedback };
}
