import { Link } from 'react-router';
import { MapPin } from 'lucide-react';
import { SERVICE_AREA, SITE_NAME } from '../site.ts';

const QUICK_LINKS = [
  { to: '/listings', label: 'Browse Listings' },
  { to: '/forum', label: 'Community Forum' },
  { to: '/businesses', label: 'Businesses' },
  { to: '/yellow-pages', label: 'Yellow Pages' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/terms', label: 'Terms & Conditions' },
];

export function Footer() {
  return (
    <footer className="mt-12 border-t bg-muted/40 pb-20 md:pb-0">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <h2 className="text-base font-semibold">{SITE_NAME}</h2>
          <p className="mt-2 text-sm text-muted-foreground">
            A free community board for the Indian community of Central Pennsylvania: classifieds, discussions and local businesses.
          </p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="text-base font-semibold">Quick Links</h2>
          <ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-base font-semibold">Service Area</h2>
          <ul className="mt-2 space-y-1 text-sm text-muted-foreground">
            {SERVICE_AREA.map((town) => (
              <li key={town} className="flex items-center gap-2">
                <MapPin className="h-4 w-4" aria-hidden="true" />
                {town}, PA
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-muted-foreground">
          <strong>Disclaimer:</strong> {SITE_NAME} is a community notice board. We do not verify listings, businesses or users and are not a party
          to any transaction. Meet in public places, never send money in advance and never share bank details, Social Security numbers or other
          personal or financial identifiers. © {new Date().getFullYear()} {SITE_NAME}.
        </p>
      </div>
    </footer>
  );
}
