/**
 * @cp/ui — the site's design system: tokens (theme.css), Tailwind bases (base.css for the page owner, remote.css for
 * remotes) and accessible components in the shadcn manner (on Radix primitives where a part needs one). A Module
 * Federation singleton: the shell and every remote use one copy, so there is one toast queue on the page.
 *
 * Nothing here pulls in a Radix part with a popper, a dismissable layer or a focus trap: the home page's first view
 * must stay small (issue 3: 150 KB of JavaScript). Those are separate entries, each its own shared singleton loaded
 * with the page or the interaction that uses it: `@cp/ui/dialog`, `@cp/ui/dropdown-menu`, `@cp/ui/select`; so are
 * `@cp/ui/checkbox` and `@cp/ui/tabs`, drawn without Radix (a native checkbox, hand-written WAI-ARIA tabs). The toast
 * region, tooltips and confirmations load themselves on first use (`Toaster`, `Tooltip`, `ConfirmButton`);
 * menus use `createDeferredPart` (its loader, `onIntent` + `useLoadedOnPress`, also loads a part that several controls
 * open, as mf-admin's dialogs), and so does `SelectField` (`@cp/ui/select-field`, a light entry whose Radix select
 * comes from `@cp/ui/select` on first intent).
 */
export { cn } from './utils.ts';
export { THEME_STORAGE_KEY, applyTheme, readStoredTheme, saveTheme, type Theme } from './theme.ts';
export { TOAST_LIMIT, createToastStore, toastReducer, type ToastInput, type ToastItem, type ToastVariant } from './toast-store.ts';
export { toast, useToast } from './use-toast.ts';
export { Button, buttonVariants, type ButtonProps } from './components/button.tsx';
export { Input, Textarea } from './components/input.tsx';
export { Label } from './components/label.tsx';
export { Field, type ControlProps, type FieldProps } from './components/field.tsx';
export { Toaster } from './components/toaster.tsx';
export { Tooltip } from './components/tooltip-trigger.tsx';
export { ConfirmButton, type ConfirmButtonProps, type ConfirmProps } from './components/confirm-button.tsx';
export { createDeferredPart, intentHandlers, onIntent, useDeferredPartState, useLoadedOnPress, type DeferredPartProps, type OnIntent } from './deferred.tsx';
export { Skeleton } from './components/skeleton.tsx';
export { CardsLoadingState, LoadingState } from './components/loading-state.tsx';
export { Badge, badgeVariants, type BadgeProps } from './components/badge.tsx';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './components/card.tsx';
export { EmptyState, type EmptyStateLink, type EmptyStateProps } from './components/empty-state.tsx';
// lucide's icon factory, the page's one: the remotes' icons are made by the host's (web-core/build/shared-lucide-icon.js).
export { createLucideIcon } from 'lucide-react';
