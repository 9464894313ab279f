import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { CalendarPlus, ChevronDown, FilePlus2, ListChecks, LogIn, LogOut, Menu, MessageCircle, Plus } from 'lucide-react';
import type { ListingCategory } from '@cp/contracts';
import {
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@cp/ui';
import { displayName, useAuth } from '@cp/web-core';
import { NAV_ITEMS, SITE_SHORT_NAME, WHATSAPP_GROUP_URL, type NavItem } from '../site.ts';
import { PostAdDialog } from './PostAdDialog.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground', isActive ? 'text-primary' : 'text-foreground');

function visible(item: NavItem, place: 'header' | 'mobile', isAuthenticated: boolean, isAdmin: boolean): boolean {
  if (item.audience === 'user') return isAuthenticated;
  if (item.audience === 'admin') return place === 'mobile' || isAdmin;
  return true;
}

function WhatsAppLink({ className, showText = false }: { className?: string; showText?: boolean }) {
  return (
    <a
      href={WHATSAPP_GROUP_URL}
      target="_blank"
      rel="noopener noreferrer"
      className={cn('inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-brand-green hover:bg-accent', className)}
    >
      <MessageCircle className="h-4 w-4" aria-hidden="true" />
      <span className={showText ? undefined : 'sr-only xl:not-sr-only'}>Join WhatsApp</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** The sticky header (spec §2 Chrome). */
export function Header() {
  const { user, isAuthenticated, isAdmin, logout } = useAuth();
  const navigate = useNavigate();
  const [postAd, setPostAd] = useState<{ open: boolean; category?: ListingCategory }>({ open: false });
  const [menuOpen, setMenuOpen] = useState(false);

  const openPostAd = (category?: ListingCategory) => setPostAd(category ? { open: true, category } : { open: true });
  const doLogout = async () => {
    await logout();
    navigate('/');
  };
  const name = user ? displayName(user) : '';

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <Link to="/" className="mr-2 flex items-center gap-2 text-lg font-bold text-primary">
          <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-md bg-primary text-sm text-primary-foreground">
            CP
          </span>
          <span>{SITE_SHORT_NAME}</span>
        </Link>

        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 lg:flex">
          {NAV_ITEMS.filter((item) => visible(item, 'header', isAuthenticated, isAdmin)).map((item) => (
            <NavLink key={item.to} to={item.to} className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-1">
          <WhatsAppLink className="hidden md:inline-flex" />
          <ThemeToggle />

          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button size="sm" className="hidden sm:inline-flex">
                <Plus aria-hidden="true" />
                Post Ad
                <ChevronDown aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => openPostAd()}>
                <FilePlus2 aria-hidden="true" />
                Post a Listing
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => openPostAd('Events')}>
                <CalendarPlus aria-hidden="true" />
                Post an Event
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>

          {user ? (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="icon" className="rounded-full">
                  <span className="sr-only">Account menu for {name}</span>
                  <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground">
                    {initials(name) || '?'}
                  </span>
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuLabel className="font-normal">
                  <p className="text-sm font-semibold">{name}</p>
                  {user.email ? <p className="text-xs text-muted-foreground">{user.email}</p> : null}
                </DropdownMenuLabel>
                <DropdownMenuSeparator />
                <DropdownMenuItem onSelect={() => navigate('/my-listings')}>
                  <ListChecks aria-hidden="true" />
                  My Listings
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => void doLogout()}>
                  <LogOut aria-hidden="true" />
                  Logout
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          ) : (
            <Button asChild variant="outline" size="sm">
              <Link to="/auth">
                <LogIn aria-hidden="true" />
                Login
              </Link>
            </Button>
          )}

          <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
            <Menu aria-hidden="true" />
          </Button>
        </div>
      </div>

      <Dialog open={menuOpen} onOpenChange={setMenuOpen}>
        <DialogContent className="left-auto right-0 top-0 h-full max-h-screen w-80 max-w-[85vw] translate-x-0 translate-y-0 rounded-none">
          <DialogHeader>
            <DialogTitle>Menu</DialogTitle>
            <DialogDescription className="sr-only">Site navigation</DialogDescription>
          </DialogHeader>
          <nav aria-label="Mobile menu">
            <ul className="flex flex-col gap-1">
              {NAV_ITEMS.filter((item) => visible(item, 'mobile', isAuthenticated, isAdmin)).map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={navLinkClass} onClick={() => setMenuOpen(false)}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex flex-col gap-2 border-t pt-4">
            <Button
              onClick={() => {
                setMenuOpen(false);
                openPostAd();
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
                  setMenuOpen(false);
                  void doLogout();
                }}
              >
                <LogOut aria-hidden="true" />
                Logout
              </Button>
            ) : (
              <Button asChild variant="outline">
                <Link to="/auth" onClick={() => setMenuOpen(false)}>
                  <LogIn aria-hidden="true" />
                  Login
                </Link>
              </Button>
            )}
          </div>
        </DialogContent>
      </Dialog>

      <PostAdDialog open={postAd.open} onOpenChange={(open) => setPostAd((s) => ({ ...s, open }))} {...(postAd.category ? { initialCategory: postAd.category } : {})} />
    </header>
  );
}
