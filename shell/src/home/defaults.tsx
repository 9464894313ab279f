import { SITE_NAME } from '../site.ts';

export function DefaultHero() {
  return (
    <section className="rounded-xl bg-gradient-to-br from-accent to-background px-6 py-12 text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{SITE_NAME}</h1>
      <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">
        Buy, sell, rent, find services and events, and connect with the Indian community in Mechanicsburg, Harrisburg, Carlisle, Camp Hill and
        Enola.
      </p>
      <ul className="mt-6 flex justify-center gap-8 text-sm">
        <li><strong className="block text-2xl text-primary">500+</strong> listings</li>
        <li><strong className="block text-2xl text-primary">2K+</strong> members</li>
        <li><strong className="block text-2xl text-primary">5</strong> cities</li>
      </ul>
    </section>
  );
}
