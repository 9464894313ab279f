import { Star } from 'lucide-react';
import { ratingText } from '../lib/directory.ts';

/** A business's rating out of 5 and its number of reviews (the cards, the reviews dialog, the business page). */
export function Rating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  const text = ratingText(rating);
  return (
    <p className="flex items-center gap-1 text-sm">
      <Star className="h-4 w-4 fill-current text-amber-500" aria-hidden="true" />
      <span className="sr-only">Rated </span>
      <span className="font-medium">{text}</span>
      <span aria-hidden="true">/5</span>
      <span className="sr-only"> out of 5,</span>
      <span className="text-muted-foreground">
        ({reviewCount} {reviewCount === 1 ? 'review' : 'reviews'})
      </span>
    </p>
  );
}
