import { ImageOff } from 'lucide-react';

/** The listing's first picture, small and square, or a placeholder of the same size. */
export function Thumbnail({ url, className = 'h-14 w-14' }: { url: string | null; className?: string }) {
  if (!url) {
    return (
      <span aria-hidden="true" className={`flex shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground ${className}`}>
        <ImageOff className="h-5 w-5" />
      </span>
    );
  }
  return <img src={url} alt="" width={56} height={56} loading="lazy" className={`shrink-0 rounded-md object-cover ${className}`} />;
}
