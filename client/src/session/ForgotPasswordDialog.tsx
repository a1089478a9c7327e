import { recoveryText } from '@gogo/shared/messages';
import { EmailLinkDialog } from './EmailLinkDialog';
import { forgotPassword } from './recoveryApi';

const texts = {
  title: recoveryText.forgotTitle,
  intro: recoveryText.forgotIntro,
  submit: recoveryText.forgotSubmit,
  sending: recoveryText.forgotSending,
  back: recoveryText.forgotBack,
  requested: recoveryText.resetRequested,
};

/**
 * "Forgot your password?" from the login dialog (a real flow in place of the spec's alert): asks
 * for the address and mails a reset link.
 */
export function ForgotPasswordDialog(props: { onClose: () => void; onBack: () => void }) {
  return <EmailLinkDialog texts={texts} request={forgotPassword} {...props} />;
}
