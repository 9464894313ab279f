import { NavLink } from 'react-router';
import { Home, LayoutGrid, Mail, MessagesSquare } from 'lucide-react';
import { cn } from '@cp/ui';

const ITEMS = [
  { to: '/', label: 'Home', Icon: Home, end: true },
  { to: '/listings', label: 'Browse', Icon: LayoutGrid, end: false },
  { to: '/forum', label: 'Forum', Icon: MessagesSquare, end: false },
  { to: '/contact', label: 'Contact', Icon: Mail, end: false },
];

/** The mobile bottom bar (spec §1): Home, Browse, Forum, Contact. */
export function MobileBottomBar() {
  return (
    <nav aria-label="Mobile" className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 backdrop-blur md:hidden">
      <ul className="grid grid-cols-4">
        {ITEMS.map(({ to, label, Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) => cn('flex flex-col items-center gap-1 py-2 text-xs', isActive ? 'font-semibold text-primary' : 'text-muted-foreground')}
            >
              <Icon className="h-5 w-5" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
