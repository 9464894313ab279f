import { useDeferredPartState, type DeferredPartProps } from '@cp/ui';
import { ConfirmDialog, type ConfirmProps } from '@cp/ui/alert-dialog';

export type { ConfirmProps };

/**
 * The confirmation of a ConfirmButton on its trigger: `@cp/ui/alert-dialog`'s ConfirmDialog (Radix's alert dialog,
 * with its layers and focus trap). Loaded by ConfirmButton when the button is first pointed at, focused or pressed
 * (createDeferredPart); open at once when it was pressed.
 */
export function ConfirmPart({ trigger, autoFocus, defaultOpen, hovered: _hovered, ...confirm }: ConfirmProps & DeferredPartProps) {
  const { open, setOpen, ref } = useDeferredPartState({ autoFocus, defaultOpen });
  return <ConfirmDialog {...confirm} trigger={trigger} triggerRef={ref} open={open} onOpenChange={setOpen} />;
}
