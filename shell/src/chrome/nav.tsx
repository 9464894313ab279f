import { MessageCircle } from 'lucide-react';
import { cn } from '@cp/ui';
import type { NavItem } from '../site.ts';
import { siteSettings } from '@cp/web-core';

/** What the header and the mobile menu share: the nav link look, who sees which item, the WhatsApp group link. */
export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground', isActive ? 'text-primary' : 'text-foreground');

/** Spec §2 Chrome: My Listings for logged-in users; Admin in the header for admins, in the mobile menu for everyone. */
export function visible(item: NavItem, place: 'header' | 'mobile', isAuthenticated: boolean, isAdmin: boolean): boolean {
  if (item.audience === 'user') return isAuthenticated;
  if (item.audience === 'admin') return place === 'mobile' || isAdmin;
  return true;
}

export function WhatsAppLink({ className, showText = false }: { className?: string; showText?: boolean }) {
  return (
    <a
      href={siteSettings().whatsappGroupUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={cn('inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-brand-green hover:bg-accent', className)}
    >
      <MessageCircle className="h-4 w-4" aria-hidden="true" />
      <span className={showText ? undefined : 'sr-only 2xl:not-sr-only'}>Join WhatsApp</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
