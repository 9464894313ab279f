import { useEffect, useRef } from 'react';
import { CalendarPlus, FilePlus2, ListChecks, LogOut } from 'lucide-react';
import type { ListingCategory } from '@cp/contracts';
import type { DeferredPartProps } from '@cp/ui';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@cp/ui/dropdown-menu';

/**
 * The header's two menus (Post Ad, account) with Radix DropdownMenu. Loaded by the header (createDeferredPart) when
 * the pointer or the focus first reaches a menu button, so the home page's first view does without Radix's menu.
 */

/** Focuses the menu's new trigger when it replaced a focused bare one (on mount only). */
function useAutoFocus(autoFocus: boolean) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, []);
  return ref;
}

export interface PostAdMenuProps {
  onPick: (category?: ListingCategory) => void;
}

export function PostAdMenu({ trigger, autoFocus, defaultOpen, onPick }: PostAdMenuProps & DeferredPartProps) {
  const ref = useAutoFocus(autoFocus);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild ref={ref}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onPick()}>
          <FilePlus2 aria-hidden="true" />
          Post a Listing
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onPick('Events')}>
          <CalendarPlus aria-hidden="true" />
          Post an Event
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export interface AccountMenuProps {
  name: string;
  email?: string | null | undefined;
  onMyListings: () => void;
  onLogout: () => void;
}

export function AccountMenu({ trigger, autoFocus, defaultOpen, name, email, onMyListings, onLogout }: AccountMenuProps & DeferredPartProps) {
  const ref = useAutoFocus(autoFocus);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild ref={ref}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="font-normal">
          <p className="text-sm font-semibold">{name}</p>
          {email ? <p className="text-xs text-muted-foreground">{email}</p> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onMyListings}>
          <ListChecks aria-hidden="true" />
          My Listings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
