import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface AdminTab {
  value: string;
  label: string;
  /** Called when the user shows intent on the tab (pointer over it, its focus, a touch): e.g. to load its code. */
  onIntent?: () => void;
}

/** Keys that move the focus along the tab bar (the tab focused is selected: automatic activation). */
const MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (i, last) => (i === last ? 0 : i + 1),
  ArrowLeft: (i, last) => (i === 0 ? last : i - 1),
  Home: () => 0,
  PageUp: () => 0,
  End: (_, last) => last,
  PageDown: (_, last) => last,
};

/**
 * The admin dashboard's tab bar and the chosen tab's panel: the WAI-ARIA tabs pattern with automatic activation, as
 * @cp/ui/tabs (Radix's) behaves and looks — one tab stop, arrows / Home / End move and select, a press selects on
 * mouse down — drawn here because it is the page's first view: Radix's tabs, roving focus and collection would
 * add their shared chunks to every admin's first load (issue 20 §7), for a bar of three buttons.
 * Only the chosen panel is rendered (as Radix's), so each tab mounts when first chosen.
 */
export function AdminTabs({ tabs, value, onValueChange, panel }: { tabs: readonly AdminTab[]; value: string; onValueChange: (value: string) => void; panel: ReactNode }) {
  const base = useId();
  const idOf = (tab: string, part: 'tab' | 'panel') => `${base}-${part}-${tab}`;
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const move = MOVES[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    const next = tabs[move(index, tabs.length - 1)];
    if (next) buttons.current.get(next.value)?.focus();
  };
  return (
    <div data-orientation="horizontal">
      <div role="tablist" aria-orientation="horizontal" className="inline-flex h-10 items-center justify-center rounded-md bg-muted p-1 text-muted-foreground">
        {tabs.map((tab, index) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(node) => {
                if (node) buttons.current.set(tab.value, node);
                else buttons.current.delete(tab.value);
              }}
              type="button"
              role="tab"
              id={idOf(tab.value, 'tab')}
              aria-selected={selected}
              aria-controls={idOf(tab.value, 'panel')}
              data-state={selected ? 'active' : 'inactive'}
              tabIndex={selected ? 0 : -1}
              className="inline-flex cursor-pointer items-center justify-center whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm"
              onPointerEnter={tab.onIntent}
              onTouchStart={tab.onIntent}
              onMouseDown={(event) => {
                // The main button without Ctrl selects at once (as Radix's); another one does not move the focus.
                if (event.button === 0 && !event.ctrlKey) onValueChange(tab.value);
                else event.preventDefault();
              }}
              // Enter, Space and assistive technologies' clicks (which come without a mouse down).
              onClick={() => onValueChange(tab.value)}
              onFocus={() => {
                tab.onIntent?.();
                if (!selected) onValueChange(tab.value);
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div key={value} role="tabpanel" id={idOf(value, 'panel')} aria-labelledby={idOf(value, 'tab')} data-state="active" data-orientation="horizontal" tabIndex={0} className="mt-4 pt-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {panel}
      </div>
    </div>
  );
}
