/**
 * What the server answers on the account calls, beside the field rules' messages
 * (validation/account-rules.ts). Zod-free: the browser imports it to translate these answers.
 */
export const accountTexts = {
  emailTaken: 'An account with this email already exists. Please log in.',
  emailAvailable: 'This email address can be used',
  invalidCredentials: 'Invalid email or password',
  loginPaused: 'Too many failed attempts. Please try again in 15 minutes.',
  otpExpired: 'This OTP has expired. Please ask for a new one.',
  otpTooManyAttempts: 'Too many wrong codes. Please log in again with your password.',
  tooManyCodes: 'Too many codes were sent. Please wait a few minutes and try again.',
  loggedIn: 'Login successfully!',
  signedUp: 'OTP has been verified successfully!',
  notLoggedIn: 'Please log in to continue',
  sessionExpired: 'Your session has expired. Please log in again.',
  otherCompany: 'This session belongs to another site',
  csrfFailed: 'Please reload the page and try again',
  loggedOut: 'You have been logged out',
  loginAgain: 'This login has ended. Please log in again with your password.',
  forgotPasswordSent: 'An email is sent to your account please check and log in.',
  passwordUpdated: 'Your password has been updated. Please log in.',
  recoveryLinkInvalid: 'This password recovery link is invalid or has expired',
  profileUpdated: 'Information updated successfully',
  imageUploaded: 'Image uploaded successfully',
  imageRemoved: 'Image removed successfully',
  imageInvalid: 'Choose a PNG, JPEG or WebP image',
  imageTooLarge: 'The image must be 5 MB or smaller',
  lettersOnly: 'Use letters, commas and spaces only',
  postcodeCharacters: 'Use digits and lower-case letters only',
} as const;
