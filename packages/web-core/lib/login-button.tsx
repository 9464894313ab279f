import { Link } from 'react-router';
import { LogIn } from 'lucide-react';
import { Button, type ButtonProps } from '@cp/ui';

/**
 * The button that takes a visitor who is not signed in to /auth (`@cp/web-core/login-button`): the header's Login, a
 * dialog's Login to Continue, Login to Review, Login to Reply. `onClick`: what else following it does (e.g. close the
 * menu or dialog).
 */
export function LoginButton({ label, onClick, variant, size }: { label: string; onClick?: () => void; variant?: ButtonProps['variant']; size?: ButtonProps['size'] }) {
  return (
    <Button asChild variant={variant} size={size}>
      <Link to="/auth" onClick={onClick}>
        <LogIn aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
