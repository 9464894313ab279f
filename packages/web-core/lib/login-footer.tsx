import { DialogFooter } from '@cp/ui/dialog';
import { LoginButton } from './login-button.tsx';

/** What a dialog that depends on the visitor's session says while the session is still being checked. */
export const SESSION_CHECK_TEXT = 'Checking your session…';

/**
 * A dialog's footer for a visitor who is not signed in (spec §2, §8: "Login to Continue"): the link to /auth.
 * `onNavigate` closes the dialog as the link is followed.
 */
export function DialogLoginFooter({ onNavigate }: { onNavigate: () => void }) {
  return (
    <DialogFooter>
      <LoginButton label="Login to Continue" onClick={onNavigate} />
    </DialogFooter>
  );
}
