/**
 * User-visible messages of the identity screens (spec 1 §5 and §8, spec 3 §8, with DESIGN.md's typo
 * fixes). The server answers with these; the web app shows the same strings in its own validation.
 */
export const VALIDATION_MESSAGES = {
  usernameRequired: 'Please input a username!',
  emailRequired: 'Email is required!',
  emailInvalid: 'Must be a valid email! ex.: johndoe@domain.com',
  passwordRequired: 'Password is required!',
  passwordTooShort: 'Password must be atleast 8 characters long!',
  passwordsMustMatch: 'Passwords must match',
  termsRequired: 'Please accept the Terms and Conditions!',
} as const;

export const IDENTITY_MESSAGES = {
  registeredFull: 'Successfully registered! You have been automatically logged in.',
  registeredSimple: 'Successfully registered. You have been automatically logged in.',
  emailTaken: 'This email has already been registered.',
  usernameTaken: 'This username is already taken.',
  /**
   * Sign-up and registration do not say which of the two is taken (that would tell anyone whether an
   * address has an account); the owner of a taken email is mailed instead.
   */
  accountTaken: 'This username or email has already been registered.',
  invalidCredentials: 'Invalid credentials!',
  accountOnHold: 'Your account is on hold. Please contact your administrator.',
  resetMailSent: 'Email sent! Please check your inbox.',
  passwordChangedLoggedIn: 'Password changed successfully! You have been automatically logged in.',
  resetFailed: 'Oops, something went wrong!',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  passwordChanged: 'Password changed successfully!',
  currentPasswordRequired: 'Please input your current password to change your email!',
  currentPasswordWrong: 'The current password is not correct',
  profileUpdated: 'Profile updated successfully!',
  profileCompleted: 'Updated Successfully!',
  otpSent: 'Send Successfully!',
  otpInvalid: 'The OTP is not correct.',
  otpExpired: 'The OTP has expired. Please request a new one.',
  otpTooManyAttempts: 'Too many wrong OTP attempts. Please request a new one.',
  tooManyRequests: 'Too many attempts. Please try again in {seconds} seconds.',
  userAdded: 'User added successfully!',
  userUpdated: 'User Updated successfully!',
  userDeleted: 'User deleted successfully!',
  userHeld: 'User hold successfully!',
  statusUpdated: 'Status Updated successfully!',
  permissionUpdated: 'Permission Updated Successfully',
} as const;
