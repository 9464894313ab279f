import { useId, useState } from 'react';
import type { RsvpAnswer } from '@cp/events/contracts';
import { Button } from '@cp/ui';
import { errorMessage, isApiError, serverErrorText, useAuth } from '@cp/web-core';
import { LoginButton } from '@cp/web-core/login-button';
import type { PageSlotProps } from '@cp/web-core/contract';
import { useGetAttendeesQuery, useGetEventQuery, useSetRsvpMutation } from '../api/events-api.ts';
import { AddToCalendar, countsLabel } from '../components/EventCard.tsx';

const ANSWER_LABEL: Record<RsvpAnswer, string> = { going: 'Going', interested: 'Interested' };

const problemText = (error: unknown, fallback: string): string => serverErrorText(error) ?? (isApiError(error) ? fallback : errorMessage(error));

/** One page of the organizer's attendee list, then the next on Load more. */
function AttendeesPage({ listingId, cursor, first }: { listingId: string; cursor?: string; first?: boolean }) {
  const [shown, setShown] = useState(first === true);
  const { data, error, refetch } = useGetAttendeesQuery({ listingId, cursor }, { skip: !shown });
  if (!shown)
    return (
      <Button variant="outline" size="sm" onClick={() => setShown(true)}>
        Load more
      </Button>
    );
  if (error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {problemText(error, 'The list could not be loaded.')}{' '}
        <button type="button" className="font-medium underline" onClick={() => void refetch()}>
          Try again
        </button>
      </p>
    );
  if (!data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (first && data.items.length === 0) return <p className="text-sm text-muted-foreground">No answers yet.</p>;
  return (
    <>
      <ul className="space-y-1 text-sm">
        {data.items.map((a) => (
          <li key={a.userId} className="flex justify-between gap-2">
            <span>{a.name}</span>
            <span className="text-muted-foreground">{ANSWER_LABEL[a.answer]}</span>
          </li>
        ))}
      </ul>
      {data.nextCursor ? <AttendeesPage listingId={listingId} cursor={data.nextCursor} /> : null}
    </>
  );
}

/**
 * The RSVP control on an Events listing's page (the `listing-actions` page slot; the shell renders it after the page
 * has hydrated, so it reads the session freely): the event's Going / Interested counts for everyone; a signed-in
 * person answers Going or Interested or clears the answer (the counts are the service's answer); a visitor is asked
 * to log in; the organizer sees who answered. A past or closed event shows its counts only. Nothing at all when the
 * events service does not know the listing (404) or cannot be reached: the listing page is whole without it.
 */
export function RsvpWidget({ listing }: PageSlotProps['listing-actions']) {
  const headingId = useId();
  const auth = useAuth();
  const userId = auth.user?.id ?? null;
  const args = { listingId: listing.id, userId };
  const { data: event, error: loadError } = useGetEventQuery(args, { skip: auth.isLoading });
  const [setRsvp, { isLoading: saving }] = useSetRsvpMutation();
  const [problem, setProblem] = useState<string | null>(null);

  if (auth.isLoading) return null;
  if (loadError) {
    // 404: not in the calendar. A failure of the service itself: the page is whole without this extra. A refusal
    // with the service's sentence (4xx) is said.
    const status = isApiError(loadError) ? loadError.status : null;
    const text = serverErrorText(loadError);
    if (status === 404 || typeof status !== 'number' || status >= 500 || !text) return null;
    return (
      <p role="alert" className="text-sm text-destructive">
        {text}
      </p>
    );
  }
  if (!event) return null;

  const organizer = userId !== null && (listing.userId === userId || event.isOrganizer);
  async function answer(next: RsvpAnswer | null) {
    if (!userId) return;
    setProblem(null);
    try {
      await setRsvp({ listingId: listing.id, userId, answer: next }).unwrap();
    } catch (error) {
      setProblem(problemText(error, 'Your answer could not be saved. Please try again.'));
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border bg-card p-4 text-card-foreground shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold">
        {event.open ? 'Are you going?' : 'Event answers'}
      </h2>
      <p className="text-sm" aria-live="polite">
        {countsLabel(event.counts)}
      </p>
      {!event.open ? (
        <p className="text-sm text-muted-foreground">This event is over or closed: it takes no more answers.</p>
      ) : !userId ? (
        <div className="space-y-2">
          <p className="text-sm text-muted-foreground">Log in to say you are going or interested.</p>
          <LoginButton label="Login to RSVP" size="sm" />
        </div>
      ) : (
        <div role="group" aria-label="Your answer" className="flex flex-wrap gap-2">
          {(['going', 'interested'] as const).map((a) => (
            <Button key={a} size="sm" variant={event.myAnswer === a ? 'default' : 'outline'} aria-pressed={event.myAnswer === a} disabled={saving} onClick={() => void answer(a)}>
              {ANSWER_LABEL[a]}
            </Button>
          ))}
          {event.myAnswer ? (
            <Button size="sm" variant="ghost" disabled={saving} onClick={() => void answer(null)}>
              Clear my answer
            </Button>
          ) : null}
        </div>
      )}
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      {event.open ? <AddToCalendar event={event} title={event.title} /> : null}
      {organizer ? (
        <div className="space-y-2 border-t pt-3">
          <h3 className="text-sm font-semibold">Who answered</h3>
          <AttendeesPage listingId={listing.id} first />
        </div>
      ) : null}
    </section>
  );
}

export default RsvpWidget;
