import { Link } from 'react-router';
import { Heart, Shield, Users } from 'lucide-react';
import { Button, Card, CardContent } from '@cp/ui';
import { SITE_NAME } from '../site.ts';
import { siteSettings } from '@cp/web-core';

const VALUES = [
  { Icon: Users, title: 'Community first', text: 'Built by and for the families, students and professionals of Central Pennsylvania.' },
  { Icon: Heart, title: 'Free to use', text: 'Posting a listing, joining the forum and browsing the directory cost nothing.' },
  { Icon: Shield, title: 'Safety minded', text: 'Clear disclaimers and a simple way to report content keep the board trustworthy.' },
];

/**
 * /about: the founder profile (spec §2). The founder's name, title, biography and photo are the operator's: the site
 * settings (SITE_FOUNDER_*), marked samples in development.
 */
export function AboutPage() {
  const { founder } = siteSettings();
  return (
    <div className="mx-auto max-w-4xl space-y-10 py-2">
      <title>About the Founder | Central PA Desi Community</title>
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">About {SITE_NAME}</h1>
        <p className="mt-2 text-muted-foreground">Why this site exists and who is behind it.</p>
      </header>

      <Card>
        <CardContent className="grid gap-6 pt-6 sm:grid-cols-[160px_1fr] sm:items-start">
          {founder.photoUrl ? (
            <img src={founder.photoUrl} alt={founder.name} width={160} height={160} className="mx-auto h-40 w-40 rounded-full object-cover" />
          ) : (
            <div aria-hidden="true" className="mx-auto flex h-40 w-40 items-center justify-center rounded-full bg-accent text-5xl font-bold text-accent-foreground">
              CP
            </div>
          )}
          <div className="space-y-3">
            <h2 className="text-2xl font-semibold">Meet the Founder</h2>
            <div>
              <p className="text-lg font-semibold">{founder.name}</p>
              <p className="text-sm font-medium text-primary">{founder.title}</p>
            </div>
            {founder.bio.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        </CardContent>
      </Card>

      <section aria-labelledby="values-title">
        <h2 id="values-title" className="mb-4 text-2xl font-bold tracking-tight">
          What We Stand For
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {VALUES.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-lg border p-5">
              <Icon className="h-6 w-6 text-primary" aria-hidden="true" />
              <h3 className="mt-2 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="text-center">
        <Button asChild>
          <Link to="/contact">Get in Touch</Link>
        </Button>
      </div>
    </div>
  );
}

export default AboutPage;
