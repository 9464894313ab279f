import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2, MailX } from 'lucide-react';
import { MESSAGE_MAIL_MESSAGES } from '@cp/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast } from '@cp/ui';
import { isApiError, serverErrorText, serverMessageText } from '@cp/web-core';
import { useUnsubscribeMessageMailsMutation } from '../api/messages-api.ts';
import '../styles.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /messages/unsubscribe?token=… (issue 23 §5): the page of the unread-message mail's unsubscribe link. Opening it
 * changes nothing (mail scanners open links, and some run the page); its button POSTs the token to comms, then it says
 * what happened. No login needed: the link is the proof.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [unsubscribe, { isLoading }] = useUnsubscribeMessageMailsMutation();
  const [state, setState] = useState<{ kind: 'ready' } | { kind: 'done' | 'invalid'; text: string }>(() =>
    UUID.test(token) ? { kind: 'ready' } : { kind: 'invalid', text: MESSAGE_MAIL_MESSAGES.invalidLink },
  );

  async function onClick() {
    try {
      const answer = await unsubscribe(token).unwrap();
      setState({ kind: 'done', text: serverMessageText(answer) ?? MESSAGE_MAIL_MESSAGES.unsubscribed });
    } catch (error) {
      if (isApiError(error) && (error.status === 400 || error.status === 404)) {
        setState({ kind: 'invalid', text: serverErrorText(error) ?? MESSAGE_MAIL_MESSAGES.invalidLink });
        return;
      }
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
      <CardHeader className="items-center text-center" role="status">
        <CheckCircle2 className="h-10 w-10 text-success" aria-hidden="true" />
        <CardTitle as="h1">You Have Been Unsubscribed</CardTitle>
        <CardDescription>{state.text}</CardDescription>
        {home}
      </CardHeader>
    );
  } else if (state.kind === 'invalid') {
    content = (
      <CardHeader className="items-center text-center" role="alert">
        <MailX className="h-10 w-10 text-destructive" aria-hidden="true" />
        <CardTitle as="h1">Link Not Valid</CardTitle>
        <CardDescription>{state.text}</CardDescription>
        {home}
      </CardHeader>
    );
  } else {
    content = (
      <>
        <CardHeader className="text-center">
          <CardTitle as="h1">E-mails About New Messages</CardTitle>
          <CardDescription>Stop the e-mails that tell you a message is waiting for you on the site. Your messages stay on the site.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4 text-center">
          <Button onClick={() => void onClick()} disabled={isLoading}>
            {isLoading ? 'Unsubscribing...' : 'Unsubscribe'}
          </Button>
          {home}
        </CardContent>
      </>
    );
  }
  return (
    <div className="mx-auto max-w-md py-6">
      <title>Message E-mails | Central PA Desi Community</title>
      <Card>{content}</Card>
    </div>
  );
}
