import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
// Through the package (a shared singleton), not ../utils.ts: this entry is its own shared module (not on the home
// page) and must use the page's one copy of cn.
import { cn } from '@cp/ui';

export interface Tab {
  value: string;
  label: ReactNode;
  /** Called when the user shows intent on the tab (pointer over it, its focus, a touch): e.g. to load its panel's code. */
  onIntent?: () => void;
}

export interface TabsProps {
  tabs: readonly Tab[];
  /** The chosen tab (controlled; with `onValueChange`). */
  value?: string;
  /** The tab chosen first when `value` is not given (uncontrolled). */
  defaultValue?: string;
  /** Called with the tab the user chooses (not again for the tab already chosen). */
  onValueChange?: (value: string) => void;
  /** The chosen tab's panel. */
  children: (value: string) => ReactNode;
  /** Classes for the tab bar, merged with its own (e.g. `grid w-full grid-cols-2` for a full-width bar). */
  listClassName?: string;
  /** Classes added to the panel's. */
  panelClassName?: string;
}

/**
 * Moves the focus from this tab along its bar for the keys of the pattern: ArrowRight and ArrowLeft (round the ends),
 * Home / PageUp to the first, End / PageDown to the last; the tab focused is then chosen (its onFocus). Other keys,
 * and keys with a modifier, are the browser's.
 */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>): void {
  const { key, currentTarget } = event;
  const tabs = [...(currentTarget.parentElement?.children ?? [])] as HTMLElement[];
  const at = tabs.indexOf(currentTarget);
  const last = tabs.length - 1;
  const to =
    key === 'ArrowRight' ? (at === last ? 0 : at + 1) : key === 'ArrowLeft' ? (at === 0 ? last : at - 1) : key === 'Home' || key === 'PageUp' ? 0 : key === 'End' || key === 'PageDown' ? last : -1;
  if (to < 0 || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  tabs[to]?.focus();
}

/**
 * A tab bar and the chosen tab's panel: the WAI-ARIA tabs pattern with automatic activation, drawn by hand — one tab
 * stop (the chosen tab), arrows / Home / End (and PageUp / PageDown) move the focus round the bar and choose the tab
 * focused, a press chooses on mouse down, and only the chosen tab's panel is rendered (each panel mounts when its tab
 * is first chosen). The looks and data-state of Radix's tabs, which it replaced: Radix's tabs, roving focus,
 * collection and presence weighed about 8 KB gzip on /auth and on an admin's first view (issue 20 §7) for a bar of two
 * or three buttons. Small on purpose, it is in those first views: the tabs are data, the panel a function of the
 * chosen one. Ids come from useId, so the server's markup and the browser's first render agree.
 */
export function Tabs({ tabs, value: controlled, defaultValue, onValueChange, children, listClassName, panelClassName }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const value = controlled ?? own;
  const base = useId();
  const select = (next: string) => {
    if (next === value) return;
    if (controlled === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <div>
      <div role="tablist" aria-orientation="horizontal" className={cn('inline-flex h-10 items-center justify-center rounded-md bg-muted p-1 text-muted-foreground', listClassName)}>
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.value}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${tab.value}`}
              data-state={selected ? 'active' : 'inactive'}
              tabIndex={selected ? 0 : -1}
              className="inline-flex cursor-pointer items-center justify-center whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm"
              onPointerEnter={tab.onIntent}
              onTouchStart={tab.onIntent}
              onMouseDown={(event) => {
                // The main button without Ctrl chooses at once (as Radix's did); another one does not move the focus.
                if (event.button === 0 && !event.ctrlKey) select(tab.value);
                else event.preventDefault();
              }}
              // Enter, Space and assistive technologies' clicks (which come without a mouse down).
              onClick={() => select(tab.value)}
              onFocus={() => {
                tab.onIntent?.();
                // Automatic activation: the tab the arrows (or Tab into the bar) focus is the chosen one.
                select(tab.value);
              }}
              onKeyDown={moveFocus}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {value === undefined ? null : (
        <div
          key={value}
          role="tabpanel"
          id={`${base}-panel-${value}`}
          aria-labelledby={`${base}-tab-${value}`}
          data-state="active"
          tabIndex={0}
          className={cn('mt-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring', panelClassName)}
        >
          {children(value)}
        </div>
      )}
    </div>
  );
}
