/**
 * The spec's own messages (portal.md §5 and §8, vm-lifecycle.md §5 and §8), shared by the browser
 * and the server so that both say the same thing for the same rule.
 */
export const messages = {
  emailRequired: 'Email required',
  emailInvalid: 'Enter correct email',
  emailInvalidLogin: 'Please enter a valid Email',
  websiteUrlInvalid: 'Enter a valid website address',
  subscribed: 'Subscribed successfully',
  emailAlreadyExists: 'The email already exists',
  companyNotRegistered: 'Company not registered yet',
  companyInMaintenance: 'The portal is under maintenance',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  somethingWentWrong: 'Something went wrong. Please try after some time',
  notFound: 'Not found',
} as const;
