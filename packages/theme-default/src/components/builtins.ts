/**
 * The built-in MDX components of the default theme, usable in any page without an import once they
 * are in the theme's `mdxComponents`.
 */
export { Badge, type BadgeProps } from './Badge/Badge.js';
export { Card, type CardProps } from './Card/Card.js';
export { LinkCard, type LinkCardProps } from './LinkCard/LinkCard.js';
export { Steps } from './Steps/Steps.js';
export { Tabs, Tab, type TabsProps, type TabProps } from './Tabs/Tabs.js';
export { PackageManagerTabs, type PackageManagerTabsProps } from './PackageManagerTabs/PackageManagerTabs.js';
export { NoSSR, type NoSSRProps } from './NoSSR/NoSSR.js';
export { SourceCode, type SourceCodeProps } from './SourceCode/SourceCode.js';
export { Toc } from './Toc/Toc.js';
export { LastUpdated } from './LastUpdated/LastUpdated.js';
