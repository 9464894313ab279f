import { clsx, type ClassValue } from 'clsx';
import { mergeClasses } from './class-merge.ts';

/**
 * Joins class names and lets a later Tailwind class override an earlier one of the same kind (shadcn's `cn`: clsx, then
 * tailwind-merge's merge, done by class-merge.ts with a table of the code's classes instead of tailwind-merge itself).
 */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
