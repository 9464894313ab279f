import { createDeferredPart } from '../deferred.tsx';
import type { TooltipProps } from './tooltip.tsx';

/**
 * A tooltip on `trigger` (spec §9: opens after 700 ms, 300 ms skip delay). The Radix tooltip loads when the pointer or
 * the focus first reaches the trigger; until then the trigger renders alone.
 *
 *   <Tooltip content="Switch to dark theme" trigger={<Button size="icon" aria-label="Switch to dark theme">…</Button>} />
 */
export const Tooltip = createDeferredPart<TooltipProps>(() => import('./tooltip.tsx').then((m) => m.LoadedTooltip), { openOnPress: false });
