import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2, MailX } from 'lucide-react';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast } from '@cp/ui';
import { isApiError, serverErrorText, serverMessageText } from '@cp/web-core';

/** A link's token as the service makes it (32 bytes, base64url): anything else is not worth a request. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface NewsletterLinkTexts {
  /** The tab's title. */
  title: string;
  heading: string;
  description: string;
  button: string;
  busy: string;
  doneHeading: string;
  /** Shown when the answer has no message. */
  doneFallback: string;
  doneExtra?: ReactNode;
  /** Shown for a 400 without an error text, and for a link without a well-formed token. */
  invalid: string;
}

/**
 * The page a newsletter mail's link opens (confirm, unsubscribe). Opening it changes nothing — mail scanners open
 * links, and some run the page — a button POSTs the token; then it says what happened. No login needed: the link is
 * the proof. A 400 (used, expired, unknown link) shows the service's text.
 */
export function NewsletterLinkPage({ texts, submit }: { texts: NewsletterLinkTexts; submit: (token: string) => Promise<unknown> }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ kind: 'ready' | 'busy' } | { kind: 'done' | 'invalid'; text: string }>(() =>
    TOKEN.test(token) ? { kind: 'ready' } : { kind: 'invalid', text: texts.invalid },
  );

  async function onClick() {
    setState({ kind: 'busy' });
    try {
      const answer = await submit(token);
      setState({ kind: 'done', text: serverMessageText(answer) ?? texts.doneFallback });
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        setState({ kind: 'invalid', text: serverErrorText(error) ?? texts.invalid });
        return;
      }
      setState({ kind: 'ready' });
      toast({ title: 'Error', description: 'An error occurred. Please try again later.', variant: 'destructive' });
    }
  }

  const home = (
    <p className="text-sm">
      <Link to="/" className="text-primary underline-offset-4 hover:underline">
        Back to Home
      </Link>
    </p>
  );
  let content: ReactNode;
  if (state.kind === 'done') {
    content = (
      <>
        <CardHeader className="items-center text-center" role="status">
          <CheckCircle2 className="h-10 w-10 text-success" aria-hidden="true" />
          <CardTitle as="h1">{texts.doneHeading}</CardTitle>
          <CardDescription>{state.text}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4 text-center">
          {texts.doneExtra}
          {home}
        </CardContent>
      </>
    );
  } else if (state.kind === 'invalid') {
    content = (
      <>
        <CardHeader className="items-center text-center" role="alert">
          <MailX className="h-10 w-10 text-destructive" aria-hidden="true" />
          <CardTitle as="h1">Link Not Valid</CardTitle>
          <CardDescription>{state.text}</CardDescription>
        </CardHeader>
        <CardContent className="text-center">{home}</CardContent>
      </>
    );
  } else {
    content = (
      <>
        <CardHeader className="text-center">
          <CardTitle as="h1">{texts.heading}</CardTitle>
          <CardDescription>{texts.description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4 text-center">
          <Button onClick={() => void onClick()} disabled={state.kind === 'busy'}>
            {state.kind === 'busy' ? texts.busy : texts.button}
          </Button>
          {home}
        </CardContent>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-md py-6">
      <title>{`${texts.title} | Central PA Desi Community`}</title>
      <Card>{content}</Card>
    </div>
  );
}
