export {
  AUTH_DIALOG_RETURN_PATH,
  AuthDialog,
  AuthDialogController,
  type AuthDialogProps,
  type AuthTab,
  finishDialogSignIn,
  OPEN_AUTH_DIALOG_EVENT,
} from './AuthDialog.tsx';
export { InvalidInvitation, InvitationPage, ValidInvitation } from './InvitationPage.tsx';
export {
  InvitationRegistration,
  type InvitationRegistrationProps,
  InvitationWelcome,
  REGISTRATION_STEPS,
  type RegistrationStep,
} from './InvitationRegistration.tsx';
export {
  AuthDialogIsland,
  InvitationIsland,
  LoginIsland,
  RegisterIsland,
  SignInLinkIsland,
} from './islands.tsx';
export { LoginForm, type LoginFormProps } from './LoginForm.tsx';
export {
  applyInvitationCode,
  applyPendingInvitation,
  clearPendingInvitation,
  PENDING_INVITATION_KEY,
  readPendingInvitation,
  storePendingInvitation,
} from './pendingInvitation.ts';
export { RegisterForm, type RegisterFormProps } from './RegisterForm.tsx';
export { SignInLinkPage, type SignInLinkPageProps, tokenFromHash } from './SignInLinkPage.tsx';
export {
  validateAccount,
  validateLogin,
  validateName,
  validatePassword,
  validateRegister,
} from './validation.ts';
