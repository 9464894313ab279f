import { NavLink } from 'react-router';
import { LogOut, Plus } from 'lucide-react';
import { Button } from '@cp/ui';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@cp/ui/dialog';
import { useAuth } from '@cp/web-core';
import { LoginButton } from '@cp/web-core/login-button';
import { NAV_ITEMS } from '../site.ts';
import { HeaderSearch } from './HeaderSearch.tsx';
import { navLinkClass, visible, WhatsAppLink } from './nav.tsx';

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPostAd: () => void;
  onLogout: () => void;
}

/** The header's menu on small screens (spec §2 Chrome), a side sheet. Loaded when first opened. */
export default function MobileMenu({ open, onOpenChange, onPostAd, onLogout }: MobileMenuProps) {
  const { user, isAuthenticated, isAdmin } = useAuth();
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="left-auto right-0 top-0 h-full max-h-screen w-80 max-w-[85vw] translate-x-0 translate-y-0 rounded-none">
        <DialogHeader>
          <DialogTitle>Menu</DialogTitle>
          <DialogDescription className="sr-only">Site navigation</DialogDescription>
        </DialogHeader>
        <nav aria-label="Mobile menu">
          <ul className="flex flex-col gap-1">
            {NAV_ITEMS.filter((item) => visible(item, 'mobile', isAuthenticated, isAdmin)).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navLinkClass} onClick={close}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <HeaderSearch className="border-t pt-4" onNavigate={close} />
        <div className="flex flex-col gap-2 border-t pt-4">
          <Button
            onClick={() => {
              close();
              onPostAd();
            }}
          >
            <Plus aria-hidden="true" />
            Post Ad
          </Button>
          <WhatsAppLink showText />
          {user ? (
            <Button
              variant="outline"
              onClick={() => {
                close();
                onLogout();
              }}
            >
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          ) : (
            <LoginButton label="Login" variant="outline" onClick={close} />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
