import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft, SearchX } from 'lucide-react';
import { ID_PATTERN, MESSAGES_MESSAGES } from '@cp/contracts';
import { Card, CardContent, EmptyState, LoadingState } from '@cp/ui';
import { isApiError, LoadError } from '@cp/web-core';
import { useGetListingTitleQuery, useOpenConversationMutation } from '../api/messages-api.ts';
import { Composer } from '../components/Composer.tsx';
import { SignedIn } from '../components/SignedIn.tsx';
import '../styles.css';


function ListingNotFound() {
  return (
    <EmptyState
      headingLevel={1}
      icon={<SearchX />}
      title={MESSAGES_MESSAGES.listingNotFound}
      description="The listing you want to ask about does not exist or has been removed."
      links={[{ to: '/listings', label: 'Browse listings', variant: 'outline' }]}
    />
  );
}

function FirstMessage({ listingId, viewerId }: { listingId: string; viewerId: string }) {
  const navigate = useNavigate();
  const { data: listing, isLoading, error, refetch } = useGetListingTitleQuery(listingId);
  const [open] = useOpenConversationMutation();
  if (isLoading) {
    return <LoadingState label="Loading the listing…" bars={['h-10 w-2/3', 'h-32 w-full']} className="space-y-4" />;
  }
  if (isApiError(error) && (error.status === 404 || error.status === 410 || error.status === 400)) return <ListingNotFound />;
  if (error || !listing) return <LoadError title="The listing could not be loaded" error={error} onRetry={() => void refetch()} />;
  const own = listing.userId === viewerId;
  return (
    <div className="space-y-4">
      <title>{`Message about ${listing.title} | Messages`}</title>
      <h1 className="text-2xl font-bold tracking-tight">Message about a listing</h1>
      <p>
        <Link to={`/listing/${listing.id}`} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {listing.title}
        </Link>
      </p>
      <Card>
        <CardContent className="pt-6">
          <Composer
            label="Your message to the poster"
            placeholder="Hi! Is this still available?"
            disabledReason={own ? MESSAGES_MESSAGES.toYourself : undefined}
            onSend={async (text) => {
              const answer = await open({ listingId: listing.id, text }).unwrap();
              void navigate(`/messages/${answer.conversation.id}`);
            }}
          />
        </CardContent>
      </Card>
    </div>
  );
}

/** /messages/new?listing=<id> (issue 23 §3): the first message about a listing; sending opens the conversation. */
export default function NewConversationPage() {
  const [params] = useSearchParams();
  const listingId = params.get('listing') ?? '';
  return (
    <div className="mx-auto max-w-3xl">
      <SignedIn label="the listing">{(user) => (ID_PATTERN.test(listingId) ? <FirstMessage listingId={listingId} viewerId={user.id} /> : <ListingNotFound />)}</SignedIn>
    </div>
  );
}
