import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './class-names.ts';

export interface TabItem {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** The tab list's accessible name. */
  label: string;
  /** Controlled: the selected tab's id. */
  selectedId?: string;
  /** Uncontrolled: the tab selected first (default the first). */
  defaultSelectedId?: string;
  onSelect?: (id: string) => void;
  className?: string;
}

/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation): one tab stop for the list (roving
 * tabindex); Left/Right move and select, wrapping; Home/End go to the first/last; each tab
 * controls its panel and each panel is labelled by its tab. Hidden panels stay in the DOM (hidden).
 */
export function Tabs({ items, label, selectedId, defaultSelectedId, onSelect, className }: TabsProps) {
  const base = useId();
  const [own, setOwn] = useState(defaultSelectedId ?? items[0]?.id);
  const selected = selectedId ?? own;
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = (id: string) => `${base}-panel-${id}`;

  const select = (id: string, focus: boolean) => {
    if (selectedId === undefined) setOwn(id);
    onSelect?.(id);
    const tab = tabs.current.get(id);
    if (focus) tab?.focus();
    // A tab chosen at a scrolled-away edge of a narrow list is brought fully into view.
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.id === selected);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    const item = next === undefined ? undefined : items[next];
    if (!item) return;
    event.preventDefault();
    select(item.id, true);
  };

  return (
    <div className={cx('pv-tabs', className)}>
      <div className="pv-tablist" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const isSelected = item.id === selected;
          return (
            <button
              key={item.id}
              ref={(element) => {
                if (element) tabs.current.set(item.id, element);
                else tabs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              className="pv-tab"
              aria-selected={isSelected}
              aria-controls={panelId(item.id)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(item.id, false)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={panelId(item.id)}
          className="pv-tabpanel"
          aria-labelledby={tabId(item.id)}
          tabIndex={0}
          hidden={item.id !== selected}
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
