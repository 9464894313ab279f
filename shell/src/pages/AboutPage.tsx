import { Link } from 'react-router';
import { Heart, Shield, Users } from 'lucide-react';
import { Button, Card, CardContent } from '@cp/ui';
import { SITE_NAME } from '../site.ts';

const VALUES = [
  { Icon: Users, title: 'Community first', text: 'Built by and for the families, students and professionals of Central Pennsylvania.' },
  { Icon: Heart, title: 'Free to use', text: 'Posting a listing, joining the forum and browsing the directory cost nothing.' },
  { Icon: Shield, title: 'Safety minded', text: 'Clear disclaimers and a simple way to report content keep the board trustworthy.' },
];

/**
 * /about: the founder profile (spec §2). The founder's name, photo and biography are not in the spec; the copy below
 * is written without them and is the operator's to complete.
 */
export function AboutPage() {
  return (
    <div className="mx-auto max-w-4xl space-y-10 py-2">
      <title>About the Founder | Central PA Desi Community</title>
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">About {SITE_NAME}</h1>
        <p className="mt-2 text-muted-foreground">Why this site exists and who is behind it.</p>
      </header>

      <Card>
        <CardContent className="grid gap-6 pt-6 sm:grid-cols-[160px_1fr] sm:items-start">
          <div aria-hidden="true" className="mx-auto flex h-40 w-40 items-center justify-center rounded-full bg-accent text-5xl font-bold text-accent-foreground">
            CP
          </div>
          <div className="space-y-3">
            <h2 className="text-2xl font-semibold">Meet the Founder</h2>
            <p className="text-sm font-medium text-primary">Founder, {SITE_NAME}</p>
            <p>
              Our founder moved to Central Pennsylvania and, like many newcomers, spent the first months asking the same questions: where to find
              a room to rent, an Indian grocer, a tutor, a trustworthy mechanic or a Diwali celebration nearby. The answers were scattered across
              chat groups and word of mouth.
            </p>
            <p>
              {SITE_NAME} brings them together in one place: a free classifieds board, a community forum and a directory of local businesses for
              Mechanicsburg, Harrisburg, Carlisle, Camp Hill and Enola, run by volunteers who live here.
            </p>
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
