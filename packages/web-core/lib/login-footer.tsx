import { Link } from 'react-router';
import { LogIn } from 'lucide-react';
import { Button } from '@cp/ui';
import { DialogFooter } from '@cp/ui/dialog';

/** What a dialog that depends on the visitor's session says while the session is still being checked. */
export const SESSION_CHECK_TEXT = 'Checking your session…';

/**
 * A dialog's footer for a visitor who is not signed in (spec §2, §8: "Login to Continue"): the link to /auth.
 * `onNavigate` closes the dialog as the link is followed.
 */
export function DialogLoginFooter({ onNavigate }: { onNavigate: () => void }) {
  return (
    <DialogFooter>
      <Button asChild>
        <Link to="/auth" onClick={onNavigate}>
          <LogIn aria-hidden="true" />
          Login to Continue
        </Link>
      </Button>
    </DialogFooter>
  );
}
