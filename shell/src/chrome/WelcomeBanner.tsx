import { SITE_NAME } from '../site.ts';

export function WelcomeBanner() {
  return (
    <div className="bg-primary px-4 py-2 text-center text-sm font-medium text-primary-foreground">
      Namaste! Welcome to the {SITE_NAME}: buy, sell, find help and meet neighbours across Central Pennsylvania.
    </div>
  );
}
