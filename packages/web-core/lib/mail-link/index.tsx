import { useState, type ComponentType, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2, MailX } from 'lucide-react';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast } from '@cp/ui';
import { isApiError, serverErrorText } from '@cp/web-core';

/**
 * The page a mail's one-time link opens (`@cp/web-core/mail-link`, bundled by each app that uses it, not a shared
 * singleton): confirm or stop a newsletter, stop an alert, stop expiry reminders, verify an e-mail address, renew a
 * listing. Opening it changes nothing — mail
 * scanners open links, and some run the page — a button POSTs the token; then it says what happened. No login: the
 * link is the proof. A token of the wrong shape is not sent; a 400 or 404 (used, expired, forged, unknown link) shows
 * the service's sentence; any other failure leaves the button to press again.
 */
export interface MailLinkTexts {
  /** The tab's title. */
  title: string;
  heading: string;
  description: string;
  button: string;
  busy: string;
  doneHeading: string;
  /** For a link whose token is not of the expected shape, and a 400 without an error sentence. */
  invalid: string;
}

/** The button and outcome of an unsubscribe link, worded alike in every mail that has one (the newsletter, message mails). */
export const UNSUBSCRIBE_TEXTS = { button: 'Unsubscribe', busy: 'Unsubscribing...', doneHeading: 'You Have Been Unsubscribed' } satisfies Partial<MailLinkTexts>;

/** The card of a mail link's page: an icon, a heading, what happened, the ways on. */
export function MailLinkCard({ ok, title, text, children }: { ok: boolean; title: string; text: string; children?: ReactNode }) {
  const Icon = ok ? CheckCircle2 : MailX;
  return (
    <Card>
      <CardHeader className="items-center text-center" role={ok ? 'status' : 'alert'}>
        <Icon className={ok ? 'h-10 w-10 text-success' : 'h-10 w-10 text-destructive'} aria-hidden="true" />
        <CardTitle as="h1">{title}</CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-center">{children}</CardContent>
    </Card>
  );
}

/** The page around a mail link's card: its tab title and width. */
export function MailLinkFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md py-6">
      <title>{`${title} | Central PA Desi Community`}</title>
      {children}
    </div>
  );
}

/** A way on from a mail link's page (e.g. Back to Home). */
export interface MailLinkWay {
  to: string;
  label: string;
}

/** The ways on under a mail link's card: one text link, or several side by side. */
export function MailLinkWays({ ways }: { ways: readonly MailLinkWay[] }) {
  return (
    <p className={ways.length > 1 ? 'flex justify-center gap-4 text-sm' : 'text-sm'}>
      {ways.map(({ to, label }) => (
        <Link key={to} to={to} className="text-primary underline-offset-4 hover:underline">
          {label}
        </Link>
      ))}
    </p>
  );
}

/** The way home, under most mail links' cards. */
export const BACK_TO_HOME: MailLinkWay = { to: '/', label: 'Back to Home' };

/** What a mail link's action answered: the sentence shown, and the ways on when they depend on the answer. */
export interface MailLinkDone {
  text: string;
  links?: readonly MailLinkWay[];
}

type State = { kind: 'ready' | 'busy' } | { kind: 'invalid'; text: string } | ({ kind: 'done' } & MailLinkDone);

export function MailLinkPage({
  texts,
  token: tokenPattern,
  submit,
  links = [BACK_TO_HOME],
  doneExtra,
  invalidExtra,
  icon: Icon,
}: {
  texts: MailLinkTexts;
  /** The shape of the link's token (`?token=`). */
  token: RegExp;
  /** Sends the token; resolves to the sentence shown once done (and the ways on, when they depend on the answer). */
  submit: (token: string) => Promise<string | MailLinkDone>;
  /** The ways on, under every state (Back to Home unless said otherwise). */
  links?: readonly MailLinkWay[];
  /** Shown with the done sentence (e.g. a way to subscribe again). */
  doneExtra?: ReactNode;
  /** Shown with the invalid-link sentence (e.g. where to ask for a new link). */
  invalidExtra?: ReactNode;
  /** The icon above the button (none by default). */
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
}) {
  const [params] = useSearchParams();
  const ways = <MailLinkWays ways={links} />;
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(() => (tokenPattern.test(token) ? { kind: 'ready' } : { kind: 'invalid', text: texts.invalid }));

  async function onClick() {
    setState({ kind: 'busy' });
    try {
      const done = await submit(token);
      setState({ kind: 'done', ...(typeof done === 'string' ? { text: done } : done) });
    } catch (error) {
      if (isApiError(error) && (error.status === 400 || error.status === 404)) {
        setState({ kind: 'invalid', text: serverErrorText(error) ?? texts.invalid });
        return;
      }
      setState({ kind: 'ready' });
      toast({ title: 'Error', description: 'An error occurred. Please try again later.', variant: 'destructive' });
    }
  }

  let content: ReactNode;
  if (state.kind === 'done') {
    content = (
      <MailLinkCard ok title={texts.doneHeading} text={state.text}>
        {doneExtra}
        {state.links ? <MailLinkWays ways={state.links} /> : ways}
      </MailLinkCard>
    );
  } else if (state.kind === 'invalid') {
    content = (
      <MailLinkCard ok={false} title="Link Not Valid" text={state.text}>
        {invalidExtra}
        {ways}
      </MailLinkCard>
    );
  } else {
    content = (
      <Card>
        <CardHeader className="items-center text-center">
          {Icon ? <Icon className="h-10 w-10 text-muted-foreground" aria-hidden="true" /> : null}
          <CardTitle as="h1">{texts.heading}</CardTitle>
          <CardDescription>{texts.description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4 text-center">
          <Button onClick={() => void onClick()} disabled={state.kind === 'busy'}>
            {state.kind === 'busy' ? texts.busy : texts.button}
          </Button>
          {ways}
        </CardContent>
      </Card>
    );
  }
  return <MailLinkFrame title={texts.title}>{content}</MailLinkFrame>;
}
