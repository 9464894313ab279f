import { lazy, Suspense, useState } from 'react';
import { Clock, Mail, Phone } from 'lucide-react';
import { Button, Card, CardContent } from '@cp/ui';
import { PHONE_HOURS } from '../site.ts';
import { siteSettings } from '@cp/web-core';

const loadContactDialog = () => import('./ContactDialog.tsx');
const ContactDialog = lazy(loadContactDialog);

/** The home contact block (spec §2 Home) with its Send Us a Message dialog. */
export function ContactBlock() {
  const [{ open, used }, setState] = useState({ open: false, used: false });
  const setOpen = (next: boolean) => setState({ open: next, used: true });
  const { contactEmail, contactPhone } = siteSettings();
  return (
    <section aria-labelledby="home-contact-title">
      <h2 id="home-contact-title" className="mb-4 text-2xl font-bold tracking-tight">
        Get in Touch
      </h2>
      <Card>
        <CardContent className="grid gap-6 pt-6 sm:grid-cols-3">
          <div className="flex items-start gap-3">
            <Phone className="mt-0.5 h-5 w-5 text-primary" aria-hidden="true" />
            <div>
              <h3 className="font-semibold">Phone</h3>
              <p className="text-sm text-muted-foreground">{contactPhone}</p>
            </div>
          </div>
          <div className="flex items-start gap-3">
            <Mail className="mt-0.5 h-5 w-5 text-primary" aria-hidden="true" />
            <div>
              <h3 className="font-semibold">Email</h3>
              <p className="text-sm text-muted-foreground">
                <a className="underline-offset-4 hover:underline" href={`mailto:${contactEmail}`}>
                  {contactEmail}
                </a>
              </p>
            </div>
          </div>
          <div className="flex items-start gap-3">
            <Clock className="mt-0.5 h-5 w-5 text-primary" aria-hidden="true" />
            <div>
              <h3 className="font-semibold">Phone Hours</h3>
              <p className="text-sm text-muted-foreground">{PHONE_HOURS}</p>
            </div>
          </div>
          <div className="sm:col-span-3">
            <Button onPointerEnter={() => void loadContactDialog()} onFocus={() => void loadContactDialog()} onClick={() => setOpen(true)}>
              Send Us a Message
            </Button>
          </div>
        </CardContent>
      </Card>
      {used ? (
        <Suspense fallback={null}>
          <ContactDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </section>
  );
}
