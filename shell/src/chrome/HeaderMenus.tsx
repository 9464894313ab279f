import type { ReactNode } from 'react';
import { BellRing, Bookmark, CalendarPlus, FilePlus2, ListChecks, LogOut, type LucideIcon } from 'lucide-react';
import type { ListingCategory } from '@cp/contracts';
import { useDeferredPartState, type DeferredPartProps } from '@cp/ui';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@cp/ui/dropdown-menu';

/**
 * The header's two menus (Post Ad, account) with Radix DropdownMenu. Loaded by the header (createDeferredPart) when
 * the pointer or the focus first reaches a menu button, so the home page's first view does without Radix's menu.
 */

/** A header menu: the Radix menu on the deferred trigger, focused when it replaced a focused bare one (on mount). */
function HeaderMenu({ trigger, autoFocus, defaultOpen, children }: DeferredPartProps & { children: ReactNode }) {
  const { ref } = useDeferredPartState({ autoFocus, defaultOpen });
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild ref={ref}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}

/** An item of a header menu: its icon (decorative) before its label. */
function HeaderMenuItem({ icon: Icon, label, onSelect }: { icon: LucideIcon; label: string; onSelect: () => void }) {
  return (
    <DropdownMenuItem onSelect={onSelect}>
      <Icon aria-hidden="true" />
      {label}
    </DropdownMenuItem>
  );
}

export interface PostAdMenuProps {
  onPick: (category?: ListingCategory) => void;
}

export function PostAdMenu({ onPick, ...part }: PostAdMenuProps & DeferredPartProps) {
  return (
    <HeaderMenu {...part}>
      <HeaderMenuItem icon={FilePlus2} label="Post a Listing" onSelect={() => onPick()} />
      <HeaderMenuItem icon={CalendarPlus} label="Post an Event" onSelect={() => onPick('Events')} />
    </HeaderMenu>
  );
}

export interface AccountMenuProps {
  name: string;
  email?: string | null | undefined;
  onMyListings: () => void;
  onSaved: () => void;
  onAlerts: () => void;
  onLogout: () => void;
}

export function AccountMenu({ name, email, onMyListings, onSaved, onAlerts, onLogout, ...part }: AccountMenuProps & DeferredPartProps) {
  return (
    <HeaderMenu {...part}>
      <DropdownMenuLabel className="font-normal">
        <p className="text-sm font-semibold">{name}</p>
        {email ? <p className="text-xs text-muted-foreground">{email}</p> : null}
      </DropdownMenuLabel>
      <DropdownMenuSeparator />
      <HeaderMenuItem icon={ListChecks} label="My Listings" onSelect={onMyListings} />
      <HeaderMenuItem icon={Bookmark} label="Saved Listings" onSelect={onSaved} />
      <HeaderMenuItem icon={BellRing} label="My Alerts" onSelect={onAlerts} />
      <HeaderMenuItem icon={LogOut} label="Logout" onSelect={onLogout} />
    </HeaderMenu>
  );
}
