/**
 * @cp/ui — the site's design system: tokens (theme.css), Tailwind bases (base.css for the page owner, remote.css for
 * remotes) and accessible components on Radix primitives in the shadcn manner. A Module Federation singleton: the
 * shell and every remote use one copy, so there is one toast queue and one tooltip provider on the page.
 *
 * Components no first view needs are separate entries (each its own shared singleton, loaded with the page that uses
 * it): `@cp/ui/select`, `@cp/ui/checkbox`, `@cp/ui/tabs`, `@cp/ui/alert-dialog`.
 */
export { cn } from './utils.ts';
export { THEME_STORAGE_KEY, applyTheme, readStoredTheme, saveTheme, type Theme } from './theme.ts';
export { TOAST_LIMIT, createToastStore, toastReducer, type ToastInput, type ToastItem, type ToastVariant } from './toast-store.ts';
export { toast, useToast } from './use-toast.ts';
export { Button, buttonVariants, type ButtonProps } from './components/button.tsx';
export { Input, Textarea } from './components/input.tsx';
export { Label } from './components/label.tsx';
export { Field, type ControlProps, type FieldProps } from './components/field.tsx';
export { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from './components/dialog.tsx';
export { Toaster } from './components/toast.tsx';
export { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './components/tooltip.tsx';
export { Skeleton } from './components/skeleton.tsx';
export { Badge, badgeVariants, type BadgeProps } from './components/badge.tsx';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './components/card.tsx';
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuTrigger,
} from './components/dropdown-menu.tsx';
export { EmptyState, type EmptyStateProps } from './components/empty-state.tsx';
