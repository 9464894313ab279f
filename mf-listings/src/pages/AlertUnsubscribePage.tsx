import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BellOff, CheckCircle2, MailX } from 'lucide-react';
import { SAVED_SEARCH_MESSAGES } from '@cp/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast } from '@cp/ui';
import { isApiError, serverErrorText } from '@cp/web-core';
import { useUnsubscribeAlertMutation } from '../api/saved-searches-api.ts';

/** A signed link's token (`<payload>.<signature>`, base64url): anything else is not worth a request. */
const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * /alerts/unsubscribe?token=… — the stop link of an alert mail. Opening it changes nothing (mail scanners open links);
 * the button POSTs the token (no login: the signed link is the proof), then the page says what happened. Private (noindex).
 */
export function AlertUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [unsubscribe] = useUnsubscribeAlertMutation();
  const [state, setState] = useState<{ kind: 'ready' | 'busy' } | { kind: 'done' | 'invalid'; text: string }>(() =>
    TOKEN.test(token) && token.length <= 2_048 ? { kind: 'ready' } : { kind: 'invalid', text: SAVED_SEARCH_MESSAGES.invalidLink },
  );

  async function stop() {
    setState({ kind: 'busy' });
    try {
      const answer = await unsubscribe({ token }).unwrap();
      setState({ kind: 'done', text: answer.name ? `“${answer.name}”: ${answer.message}` : answer.message });
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        setState({ kind: 'invalid', text: serverErrorText(error) ?? SAVED_SEARCH_MESSAGES.invalidLink });
        return;
      }
      setState({ kind: 'ready' });
      toast({ title: 'Error', description: 'An error occurred. Please try again later.', variant: 'destructive' });
    }
  }

  const links = (
    <p className="flex justify-center gap-4 text-sm">
      <Link to="/alerts" className="text-primary underline-offset-4 hover:underline">
        My alerts
      </Link>
      <Link to="/" className="text-primary underline-offset-4 hover:underline">
        Back to Home
      </Link>
    </p>
  );
  let content: ReactNode;
  if (state.kind === 'done') {
    content = (
      <CardHeader className="items-center text-center" role="status">
        <CheckCircle2 className="h-10 w-10 text-success" aria-hidden="true" />
        <CardTitle as="h1">Alert Stopped</CardTitle>
        <CardDescription>{state.text}</CardDescription>
      </CardHeader>
    );
  } else if (state.kind === 'invalid') {
    content = (
      <CardHeader className="items-center text-center" role="alert">
        <MailX className="h-10 w-10 text-destructive" aria-hidden="true" />
        <CardTitle as="h1">Link Not Valid</CardTitle>
        <CardDescription>{state.text}</CardDescription>
      </CardHeader>
    );
  } else {
    content = (
      <CardHeader className="items-center text-center">
        <BellOff className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
        <CardTitle as="h1">Stop This Alert</CardTitle>
        <CardDescription>Press the button to stop the e-mails of this saved search. No login needed; you can resume it later on the alerts page.</CardDescription>
        <Button className="mt-2" onClick={() => void stop()} disabled={state.kind === 'busy'}>
          {state.kind === 'busy' ? 'Stopping…' : 'Stop e-mails'}
        </Button>
      </CardHeader>
    );
  }
  return (
    <div className="mx-auto max-w-md py-6">
      <title>Stop an Alert | Central PA Desi Community</title>
      <Card>
        {content}
        <CardContent>{links}</CardContent>
      </Card>
    </div>
  );
}

export default AlertUnsubscribePage;
