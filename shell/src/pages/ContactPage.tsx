import { useState, type ComponentType, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CheckCircle2, Clock, Mail, MapPin } from 'lucide-react';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast } from '@cp/ui';
import { ContactForm } from '../components/ContactForm.tsx';
import { LIMITS } from '@cp/contracts';
import { SERVICE_AREA, SUPPORT_HOURS } from '../site.ts';
import { siteSettings } from '@cp/web-core';

const FAQ = [
  { q: 'How quickly will I get a response?', a: 'We answer every message within 24-48 hours, Monday to Friday.' },
  { q: 'How do I advertise on the site?', a: 'Send us an advertising inquiry through the form on this page and we will reply with the options.' },
  {
    q: 'How do I report a listing, post or business?',
    a: "Use the subject 'Report Content' and include the URL of the page in your message. We review every report.",
  },
];

/**
 * The subject another page asks for (`/contact?subject=...`, e.g. the directory's Add Business): plain text, without
 * control characters, at most the subject's length. React renders it as text in the input.
 */
export function subjectFromQuery(value: string | null): string {
  const plain = [...(value ?? '')].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c)).join('');
  return plain.trim().slice(0, LIMITS.shortTextMax);
}

/** One of the info cards over the form: an icon, what it is, the fact. */
function ContactFact({ icon: Icon, title, children }: { icon: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>; title: string; children: ReactNode }) {
  return (
    <li>
      <Card className="h-full">
        <CardHeader>
          <Icon className="h-6 w-6 text-primary" aria-hidden="true" />
          <CardTitle as="h2" className="text-lg">
            {title}
          </CardTitle>
          <CardDescription>{children}</CardDescription>
        </CardHeader>
      </Card>
    </li>
  );
}

/**
 * /contact (spec §2, §4): info cards, the form (its subject prefilled from `?subject=`), a success state with Send
 * Another Message, and the FAQ.
 */
export function ContactPage() {
  const [sent, setSent] = useState(false);
  const [params] = useSearchParams();
  const subject = subjectFromQuery(params.get('subject'));
  const { contactEmail } = siteSettings();
  return (
    <div className="space-y-10 py-2">
      <title>Contact Us | Central PA Desi Community</title>
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">Contact Us</h1>
        <p className="mt-2 text-muted-foreground">Questions, suggestions or advertising inquiries: we would love to hear from you.</p>
      </header>

      <ul className="grid gap-4 md:grid-cols-3">
        <ContactFact icon={Mail} title="Email">
          <a className="underline-offset-4 hover:underline" href={`mailto:${contactEmail}`}>
            {contactEmail}
          </a>
        </ContactFact>
        <ContactFact icon={MapPin} title="Serving">
          {SERVICE_AREA.join(', ')}
        </ContactFact>
        <ContactFact icon={Clock} title="Support Hours">
          {SUPPORT_HOURS}
          <br />
          Closed on major holidays
        </ContactFact>
      </ul>

      <Card className="mx-auto max-w-2xl">
        {sent ? (
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center" role="status">
            <CheckCircle2 className="h-12 w-12 text-success" aria-hidden="true" />
            <h2 className="text-xl font-semibold">Thank you for reaching out!</h2>
            <p className="text-muted-foreground">Your message has been sent. We'll get back to you within 24-48 hours.</p>
            <Button variant="outline" onClick={() => setSent(false)}>
              Send Another Message
            </Button>
          </CardContent>
        ) : (
          <>
            <CardHeader>
              <CardTitle as="h2">Send Us a Message</CardTitle>
              <CardDescription>Fields marked * are required.</CardDescription>
            </CardHeader>
            <CardContent>
              <ContactForm
                initialSubject={subject}
                onSent={() => {
                  setSent(true);
                  toast({ title: 'Message sent!', description: "We'll get back to you within 24-48 hours.", variant: 'success' });
                }}
              />
            </CardContent>
          </>
        )}
      </Card>

      <section aria-labelledby="faq-title" className="mx-auto max-w-2xl">
        <h2 id="faq-title" className="mb-4 text-2xl font-bold tracking-tight">
          Frequently Asked Questions
        </h2>
        <div className="divide-y rounded-lg border">
          {FAQ.map(({ q, a }) => (
            <details key={q} className="group px-4 py-3">
              <summary className="cursor-pointer font-medium">{q}</summary>
              <p className="mt-2 text-sm text-muted-foreground">{a}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}

export default ContactPage;
