/** Every string of the login screens, in one place. */
export const authStrings = {
  title: 'Tradehall Console',
  account: 'Account',
  accountRequired: 'Please enter the account',
  password: 'Password',
  passwordRequired: 'Please enter the password',
  captcha: 'Image code',
  captchaRequired: 'Please enter the image code',
  captchaRefresh: 'Refresh the image code',
  captchaAlt: 'Verification code',
  captchaUnavailable: 'Could not load the captcha. Is the server running?',
  totpCode: 'Two-factor code',
  totpCodeRequired: 'Please enter the 6-digit code',
  totpCodeFormat: 'The code has 6 digits',
  totpPrompt:
    'This account uses two-factor authentication: enter the 6-digit code from your authenticator app and the new image code.',
  submit: 'Log in',
  loginFailed: 'Login failed',
  sessionEnded: 'Your session has ended. Please log in again.',
  idleEnded: 'You were logged out after a period of inactivity. Please log in again.',
} as const;
