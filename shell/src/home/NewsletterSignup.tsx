import { useId, useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { Button, Input, toast } from '@cp/ui';
import { errorMessage, serverMessageText } from '@cp/web-core';
import { useSubscribeNewsletterMutation } from '../api/comms-api.ts';

/** The sign-up's answer for every address (double opt-in: the subscription starts with the mailed link). */
const CHECK_INBOX = 'Check your inbox: open the link in our e-mail to confirm your subscription.';

/**
 * Newsletter signup (spec §2 Home; §5 the client only checks for an '@'; §8 messages). Double opt-in: a sign-up is
 * answered "check your inbox" whatever the address (the service tells nobody whether it is subscribed); the spec's
 * "Already subscribed" only comes for the signed-in owner of a subscribed address (409); "Thanks for subscribing!"
 * is on the confirmation page.
 */
export function NewsletterSignup() {
  const [email, setEmail] = useState('');
  const [subscribe, { isLoading }] = useSubscribeNewsletterMutation();
  const id = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!value || !value.includes('@')) {
      toast({ title: 'Invalid email', description: 'Please enter a valid email address', variant: 'destructive' });
      return;
    }
    try {
      const answer = await subscribe({ email: value }).unwrap();
      setEmail('');
      toast({ title: 'Check your inbox', description: serverMessageText(answer) ?? CHECK_INBOX, variant: 'success' });
    } catch (error) {
      const message = errorMessage(error).toLowerCase();
      if (message.includes('409') || message.includes('already subscribed')) {
        toast({ title: 'Already subscribed', description: 'This email is already subscribed to our newsletter.' });
      } else {
        toast({ title: 'Subscription failed', description: 'Please enter a valid email address.', variant: 'destructive' });
      }
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl bg-secondary px-6 py-10 text-center">
      <Mail className="mx-auto h-8 w-8 text-primary" aria-hidden="true" />
      <h2 id={`${id}-title`} className="mt-3 text-2xl font-bold tracking-tight">
        Stay in the Loop
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-muted-foreground">Get the latest listings, events and community news in your inbox.</p>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mx-auto mt-6 flex max-w-md flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <Input id={`${id}-email`} type="email" autoComplete="email" placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </form>
    </section>
  );
}
