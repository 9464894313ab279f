import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@cp/ui/dialog';
import type { Business } from '@cp/contracts';
import { Rating } from './Rating.tsx';
import { ReviewFormArea, ReviewList } from './Reviews.tsx';

/**
 * A business's reviews (business_reviews, §3; the screens are ours) in a dialog: the list, newest first (with the
 * user's own pending review, marked), and the form to rate or the one sentence in its place (./Reviews.tsx). Loaded
 * only when a card's Reviews button is pressed.
 */
export default function ReviewsDialog({ business, open, onOpenChange }: { business: Business; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Reviews of {business.name}</DialogTitle>
          <DialogDescription asChild>
            <div>
              <Rating rating={business.rating} reviewCount={business.reviewCount} />
            </div>
          </DialogDescription>
        </DialogHeader>
        <ReviewList businessId={business.id} scroll />
        <ReviewFormArea business={business} onLogin={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
