import { loginLinkText } from '@gogo/shared/messages';
import { EmailLinkDialog } from './EmailLinkDialog';
import { requestLoginLink } from './authApi';

/**
 * "Email me a sign-in link" from the login dialog: the owner's way in from any device, also while
 * guesses on the account slow its password sign-ins down.
 */
export function LoginLinkDialog(props: { onClose: () => void; onBack: () => void }) {
  return <EmailLinkDialog texts={loginLinkText} request={requestLoginLink} {...props} />;
}
