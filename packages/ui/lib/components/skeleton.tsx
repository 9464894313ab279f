import type { HTMLAttributes } from 'react';
import { cn } from '../utils.ts';

/** A placeholder block; decorative, so hidden from assistive technology (announce loading on the container). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
