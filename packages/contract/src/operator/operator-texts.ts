/**
 * What the operator calls answer (issue 27), beside the field rules' messages. Zod-free: the
 * console imports it to translate these answers (English here, Korean in the console's ko.json).
 */
export const operatorTexts = {
  invalidCredentials: 'Invalid email or password',
  signInPaused: 'Too many failed attempts. Please try again in 15 minutes.',
  signInAgain: 'This sign-in has ended. Please sign in again with your password.',
  noCompany: 'This account is not a member of any company',
  totpRequired: 'Enter the 6-digit code from your authenticator app',
  totpIncorrect: 'This code is incorrect or was already used',
  totpTooManyAttempts: 'Too many wrong codes. Please sign in again with your password.',
  recoveryCodeIncorrect: 'This recovery code is incorrect or was already used',
  notEnrolling: 'Set up your authenticator app first',
  enrolmentLinkInvalid: 'This enrolment link is invalid, expired or already used',
  nameRequired: 'Name required',
  signedIn: 'Signed in',
  signedOut: 'You have been signed out',
  notSignedIn: 'Please sign in to continue',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notMember: 'You are not a member of this company',
  csrfFailed: 'Please reload the page and try again',
  companySwitched: 'Company switched',
  memberInvited: 'Invitation sent',
  memberAlreadyInCompany: 'This person is already a member of this company',
  memberNotFound: 'No such member in this company',
  roleChanged: 'Role changed',
  memberRemoved: 'Member removed',
  lastOwner: 'A company keeps at least one owner',
  totpReset: 'Their authenticator app was reset; they set it up again at their next sign-in',
  notOnYourself: 'You cannot do this to your own account',
  roleInvalid: 'Choose a role',
  auditCursorInvalid: 'This page of the log cannot be read. Please start from the newest entries.',
} as const;
