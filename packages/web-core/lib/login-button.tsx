import { Link } from 'react-router';
import { LogIn } from 'lucide-react';
import { Button, EmptyState, type ButtonProps } from '@cp/ui';

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

/**
 * A page's content for a visitor who must log in to see it (My Listings, Saved Listings, My Alerts, the admin page):
 * the page's heading, why, and the link to /auth.
 */
export function LoginRequired({ description, title = 'Please Log In', linkLabel = 'Login' }: { description: string; title?: string; linkLabel?: string }) {
  return <EmptyState headingLevel={1} icon={<LogIn />} title={title} description={description} links={[{ to: '/auth', label: linkLabel }]} />;
}
