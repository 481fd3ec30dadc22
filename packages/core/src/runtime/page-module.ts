import type { ComponentType } from 'react';
import type { OverviewGroup, PageData, SidebarSection } from '../shared/types.js';

/**
 * What a page's chunk exports: the compiled content, its page record and its sidebar section
 * (`null` when the route has none). Built by the site bundler from the page's source file.
 */
export interface PageModule {
  default: ComponentType<{ components?: Record<string, ComponentType<any>> }>;
  pageData: PageData;
  sidebar: SidebarSection | null;
  /** Only on overview pages (`overview: true`). */
  overview?: OverviewGroup[];
}
