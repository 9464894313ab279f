import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { classMergeConfig } from './class-merge-config.ts';

/**
 * tailwind-merge with the class groups the web code uses (class-merge-config.ts, generated): it merges the code's
 * classes exactly as the full default configuration does, without shipping that configuration to every page.
 */
const mergeClasses = createTailwindMerge(() => classMergeConfig);

/** Joins class names and lets a later Tailwind class override an earlier one of the same kind (shadcn's `cn`). */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
