import './Tabs.css';
import {
  Children,
  isValidElement,
  useCallback,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { tabsStore } from './tabs-store.js';

/** Props of `Tab`. */
export interface TabProps {
  /**
   * Text of the tab in the tab list.
   * @zh 标签在标签列表中显示的文字。
   */
  label: string;
  /**
   * Identifies the tab for `defaultValue` and for tab groups. Defaults to the label.
   * @zh 供 `defaultValue` 和标签分组识别该标签。默认为标签文字。
   */
  value?: string;
  /**
   * Content of the panel.
   * @zh 面板的内容。
   */
  children?: ReactNode;
}

/** One tab of `Tabs`. It renders its content only: `Tabs` reads its props and draws the tab and the panel. */
export function Tab({ children }: TabProps) {
  return <>{children}</>;
}

/** Props of `Tabs`. */
export interface TabsProps {
  /**
   * Tabs with the same group id switch together, and the reader's choice is remembered (in localStorage,
   * under `dg-tabs-<groupId>`).
   * @zh 分组 id 相同的 Tabs 会一起切换，读者的选择会被记住（保存在 localStorage 的 `dg-tabs-<groupId>` 下）。
   */
  groupId?: string;
  /**
   * Value of the tab selected at first. Defaults to the first tab's value.
   * @zh 初始选中的标签的值。默认为第一个标签的值。
   */
  defaultValue?: string;
  /**
   * The tabs: `Tab` elements; other children are ignored.
   * @zh 各个标签：`Tab` 元素；其他子元素会被忽略。
   */
  children?: ReactNode;
}

// Children are recognised by their `label` prop rather than by `type === Tab`, so a site theme that
// replaces `Tab` with its own component still works.
function isTabElement(node: unknown): node is ReactElement<TabProps> {
  return isValidElement<TabProps>(node) && typeof node.props.label === 'string';
}

/**
 * Index of the tab a key of the tab list moves to from tab `current` of `count`: ArrowLeft/ArrowRight
 * step and wrap around, Home and End go to the ends; null for any other key.
 */
export function targetIndex(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

const noGroup = () => () => {};
const serverValue = () => undefined;

/**
 * Tabs (WAI-ARIA tabs pattern): a tab list of the children's labels and one panel per child, every
 * panel in the HTML and all but the selected one hidden. Arrow keys, Home and End move between tabs
 * and select them. The HTML and the hydrating render always select the default tab; a group's
 * remembered choice applies right after hydration (and at once in Tabs mounted later, such as on the
 * next page).
 */
export function Tabs({ groupId, defaultValue, children }: TabsProps) {
  const tabs = Children.toArray(children)
    .filter(isTabElement)
    .map((element) => ({ element, label: element.props.label, value: element.props.value ?? element.props.label }));
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [localValue, setLocalValue] = useState<string>();
  const subscribe = useCallback(
    (listener: () => void) => (groupId ? tabsStore.subscribe(groupId, listener) : noGroup()),
    [groupId],
  );
  const groupValue = useSyncExternalStore(subscribe, () => (groupId ? tabsStore.get(groupId) : undefined), serverValue);

  const chosen = groupId ? groupValue : localValue;
  const indexOf = (value: string | undefined) => tabs.findIndex((tab) => tab.value === value);
  // A remembered value this instance lacks (the group's other Tabs have more tabs) falls back to the default.
  const selected = [indexOf(chosen), indexOf(defaultValue), 0].find((i) => i >= 0)!;

  if (tabs.length === 0) return null;

  function select(value: string) {
    if (groupId) tabsStore.set(groupId, value);
    else setLocalValue(value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const focused = buttons.current.indexOf(event.target as HTMLButtonElement);
    const next = targetIndex(event.key, focused >= 0 ? focused : selected, tabs.length);
    if (next === null) return;
    event.preventDefault();
    select(tabs[next].value);
    buttons.current[next]?.focus();
  }

  const tabId = (i: number) => `${id}-tab-${i}`;
  const panelId = (i: number) => `${id}-panel-${i}`;
  return (
    <div className="dg-tabs">
      <div role="tablist" className="dg-tabs-list" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={i}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(i)}
            className={`dg-tabs-tab${i === selected ? ' dg-tabs-tab--active' : ''}`}
            aria-selected={i === selected}
            aria-controls={panelId(i)}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => select(tab.value)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={i}
          role="tabpanel"
          id={panelId(i)}
          className="dg-tabs-panel"
          aria-labelledby={tabId(i)}
          tabIndex={0}
          hidden={i !== selected}
        >
          {tab.element}
        </div>
      ))}
    </div>
  );
}
