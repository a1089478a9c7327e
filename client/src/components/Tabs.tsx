import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useScrollEdges } from './useScrollEdges';
import './Tabs.css';

export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
  /** A count beside the label ('3 pending'); give it its own aria-label. */
  badge?: ReactNode;
}

interface Props<Id extends string> {
  tabs: ReadonlyArray<TabItem<Id>>;
  selected: Id;
  onSelect: (id: Id) => void;
  /** The tablist's name ('Dashboard sections'). */
  label: string;
  /** Prefix of the tab and panel ids (TabPanel uses the same). */
  idPrefix: string;
  /** 'underline' (back office) or 'pills' (My Account). */
  look?: 'underline' | 'pills';
  /**
   * On a narrow screen: 'scroll' keeps one row and fades the edge that hides more tabs; 'wrap' breaks
   * into rows; 'grid' shows every tab in a 3-column grid below 720 px.
   */
  narrow?: 'scroll' | 'wrap' | 'grid';
}

export const tabDomId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelDomId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

const KEY_STEP: Record<string, number | 'first' | 'last'> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
  Home: 'first',
  End: 'last',
};

/** WAI-ARIA tabs: one tab stop; arrows (wrapping), Home and End move between tabs and select them. */
export function Tabs<Id extends string>({
  tabs,
  selected,
  onSelect,
  label,
  idPrefix,
  look = 'underline',
  narrow = 'scroll',
}: Props<Id>) {
  const refs = useRef(new Map<Id, HTMLButtonElement | null>());
  const listRef = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(listRef);
  // A scrolled strip keeps the selected tab in view (e.g. a link to the last tab).
  useEffect(() => {
    refs.current.get(selected)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = KEY_STEP[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const index = tabs.findIndex((t) => t.id === selected);
    const last = tabs.length - 1;
    const next = step === 'first' ? 0 : step === 'last' ? last : (index + step + tabs.length) % tabs.length;
    const id = tabs[next]!.id;
    onSelect(id);
    refs.current.get(id)?.focus();
  };

  return (
    <div
      ref={listRef}
      className={`tab-strip tab-strip--${look} tab-strip--${narrow}`}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      data-more-start={edges.start || undefined}
      data-more-end={edges.end || undefined}
    >
      {tabs.map((tab) => {
        const isSelected = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current.set(tab.id, el);
            }}
            type="button"
            role="tab"
            id={tabDomId(idPrefix, tab.id)}
            aria-selected={isSelected}
            aria-controls={panelDomId(idPrefix, tab.id)}
            tabIndex={isSelected ? 0 : -1}
            className={isSelected ? 'tab-strip__tab is-active' : 'tab-strip__tab'}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
            {tab.badge ? <span className="tab-strip__badge">{tab.badge}</span> : null}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of the selected tab, labelled by it and focusable (Tab from the tablist lands here). */
export function TabPanel({
  idPrefix,
  id,
  className,
  children,
}: {
  idPrefix: string;
  id: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={className ? `tab-strip-panel ${className}` : 'tab-strip-panel'}
      role="tabpanel"
      id={panelDomId(idPrefix, id)}
      aria-labelledby={tabDomId(idPrefix, id)}
      tabIndex={0}
    >
      {children}
    </section>
  );
}
