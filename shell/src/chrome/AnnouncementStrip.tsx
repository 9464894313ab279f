import { Megaphone } from 'lucide-react';
import { ANNOUNCEMENTS } from '../site.ts';

/** The scrolling announcement strip. Screen readers get the list once; the moving copy is decorative. */
export function AnnouncementStrip() {
  const line = ANNOUNCEMENTS.join('   •   ');
  return (
    <section aria-label="Announcements" className="flex items-center gap-3 overflow-hidden border-b bg-accent py-1.5 text-sm text-accent-foreground">
      <Megaphone className="ml-4 h-4 w-4 shrink-0" aria-hidden="true" />
      <ul className="sr-only">
        {ANNOUNCEMENTS.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <div aria-hidden="true" className="relative flex-1 overflow-hidden">
        <div className="motion-safe-marquee flex w-max animate-marquee whitespace-nowrap hover:[animation-play-state:paused]">
          <span className="pr-16">{line}</span>
          <span className="pr-16">{line}</span>
        </div>
      </div>
    </section>
  );
}
