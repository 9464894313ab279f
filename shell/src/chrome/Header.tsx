import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { ChevronDown, Menu, Plus } from 'lucide-react';
import type { ListingCategory } from '@cp/contracts';
import { Button, createDeferredPart } from '@cp/ui';
import { displayName, useAuth } from '@cp/web-core';
import { LoginButton } from '@cp/web-core/login-button';
import { useRemotesController } from '../mf/RemotesContext.tsx';
import { NAV_ITEMS, SITE_SHORT_NAME } from '../site.ts';
import type { AccountMenuProps, PostAdMenuProps } from './HeaderMenus.tsx';
import { HeaderSearch } from './HeaderSearch.tsx';
import { navLinkClass, visible, WhatsAppLink } from './nav.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

// What no first view needs loads on intent: the menus when the pointer or the focus reaches their button, the mobile
// menu and the Post Ad dialog when first opened.
const loadMenus = () => import('./HeaderMenus.tsx');
const PostAdMenu = createDeferredPart<PostAdMenuProps>(() => loadMenus().then((m) => m.PostAdMenu), { openOnPress: true });
const AccountMenu = createDeferredPart<AccountMenuProps>(() => loadMenus().then((m) => m.AccountMenu), { openOnPress: true });
const loadMobileMenu = () => import('./MobileMenu.tsx');
const MobileMenu = lazy(loadMobileMenu);
const loadPostAdDialog = () => import('./PostAdDialog.tsx');
const PostAdDialog = lazy(() => loadPostAdDialog().then((m) => ({ default: m.PostAdDialog })));
// The remotes' header links (issue 23): for a signed-in visitor, once the page is interactive.
const HeaderLinks = lazy(() => import('./HeaderLinks.tsx'));

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** The sticky header (spec §2 Chrome). */
export function Header() {
  const { user, isAuthenticated, isAdmin, logout } = useAuth();
  const navigate = useNavigate();
  const remotes = useRemotesController();
  const [postAd, setPostAd] = useState<{ open: boolean; used: boolean; category?: ListingCategory }>({ open: false, used: false });
  const [menu, setMenu] = useState({ open: false, used: false });
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  // The pointer or the focus on Post Ad: fetch the dialog and, for a logged-in user, the remote's ad form meanwhile.
  const preparePostAd = () => {
    void loadPostAdDialog();
    if (isAuthenticated) void remotes.loadPostAdPanel();
  };
  const openPostAd = (category?: ListingCategory) => setPostAd(category ? { open: true, used: true, category } : { open: true, used: true });
  const setMenuOpen = (open: boolean) => setMenu({ open, used: true });
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

        {/* Below xl the search is in the menu (the header has no room for it next to the nav). */}
        <HeaderSearch className="hidden min-w-32 max-w-xs flex-1 xl:block" />

        <div className="ml-auto flex items-center gap-1">
          {/* First in the group: it grows to the left, so nothing else in the header moves when it arrives. */}
          {user && mounted ? (
            <Suspense fallback={null}>
              <HeaderLinks slot="header-actions" />
            </Suspense>
          ) : null}
          <WhatsAppLink className="hidden md:inline-flex" />
          <ThemeToggle />

          <PostAdMenu
            onPick={openPostAd}
            trigger={
              <Button size="sm" className="hidden sm:inline-flex" onPointerEnter={preparePostAd} onFocus={preparePostAd}>
                <Plus aria-hidden="true" />
                Post Ad
                <ChevronDown aria-hidden="true" />
              </Button>
            }
          />

          {user ? (
            <AccountMenu
              name={name}
              email={user.email}
              onMyListings={() => navigate('/my-listings')}
              onSaved={() => navigate('/saved')}
              onAlerts={() => navigate('/alerts')}
              onLogout={() => void doLogout()}
              trigger={
                <Button variant="ghost" size="icon" className="rounded-full">
                  <span className="sr-only">Account menu for {name}</span>
                  <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground">
                    {initials(name) || '?'}
                  </span>
                </Button>
              }
            />
          ) : (
            <LoginButton label="Login" variant="outline" size="sm" />
          )}

          <Button
            variant="ghost"
            size="icon"
            className="xl:hidden"
            aria-label="Open menu"
            aria-expanded={menu.open}
            onPointerEnter={() => void loadMobileMenu()}
            onFocus={() => void loadMobileMenu()}
            onClick={() => setMenuOpen(true)}
          >
            <Menu aria-hidden="true" />
          </Button>
        </div>
      </div>

      {menu.used ? (
        <Suspense fallback={null}>
          <MobileMenu open={menu.open} onOpenChange={setMenuOpen} onPostAd={() => openPostAd()} onLogout={() => void doLogout()} />
        </Suspense>
      ) : null}

      {postAd.used ? (
        <Suspense fallback={null}>
          <PostAdDialog open={postAd.open} onOpenChange={(open) => setPostAd((s) => ({ ...s, open }))} {...(postAd.category ? { initialCategory: postAd.category } : {})} />
        </Suspense>
      ) : null}
    </header>
  );
}
