/**
 * @docgen/theme-default: the default theme. This module only re-exports. A site's `theme/index.tsx` can
 * `export * from '@docgen/theme-default'` and wrap `Layout` to fill its slots or to replace any of its parts
 * (`<Layout components={{ Navbar: MyNavbar }} />`).
 */
import './styles/index.css';

export { Layout, type LayoutProps } from './layouts/Layout.js';
export { useSlots, type LayoutSlots } from './layouts/slots.js';
export { ThemeComponentsContext, useThemeComponent, type ThemeComponents, type ThemeComponentName } from './layouts/components.js';
export { Navbar } from './components/Navbar/Navbar.js';
export { NavMenu, NavLink, isNavItemActive } from './components/NavMenu/NavMenu.js';
export { LocaleMenu, LocaleLinks, localizedPath } from './components/LocaleMenu/LocaleMenu.js';
export { VersionMenu, VersionLinks, versionLink } from './components/VersionMenu/VersionMenu.js';
export { AppearanceToggle } from './components/AppearanceToggle/AppearanceToggle.js';
export { SocialLinks } from './components/SocialLinks/SocialLinks.js';
export { MobileMenu } from './components/MobileMenu/MobileMenu.js';
export { Sidebar } from './components/Sidebar/Sidebar.js';
export { Outline } from './components/Outline/Outline.js';
export { DocLayout } from './components/DocLayout/DocLayout.js';
export { PageNotice, originalLocale } from './components/PageNotice/PageNotice.js';
export { DocFooter, editLinkUrl } from './components/DocFooter/DocFooter.js';
export { CopyMarkdown } from './components/CopyMarkdown/CopyMarkdown.js';
export { PrevNextPage, flattenSidebar } from './components/PrevNextPage/PrevNextPage.js';
export { BackToTop } from './components/BackToTop/BackToTop.js';
export { Footer } from './components/Footer/Footer.js';
export { HomeLayout } from './components/HomeLayout/HomeLayout.js';
export { HomeHero } from './components/HomeHero/HomeHero.js';
export { HomeFeature } from './components/HomeFeature/HomeFeature.js';
export { Landing, landingPosition, type LandingPosition } from './components/Landing/Landing.js';
export { EcosystemMenu, ecosystemLanguage, localizeEcosystem } from './components/EcosystemMenu/EcosystemMenu.js';
export { Overview, filterOverview } from './components/Overview/Overview.js';
export { NotFound } from './components/NotFound/NotFound.js';
export { CodeBlock } from './components/CodeBlock/CodeBlock.js';
export { Search } from './components/Search/Search.js';
export { Banner, bannerText, bannerScript, BANNER_DISMISSED_CLASS } from './components/Banner/Banner.js';
export { ImageZoom, isZoomOptOut, resolveZoomConfig, DEFAULT_ZOOM_SELECTOR } from './components/ImageZoom/ImageZoom.js';
export { NavProgress, useNavigationPending, NPROGRESS_SETTINGS, NAV_PROGRESS_DELAY } from './components/NavProgress/NavProgress.js';
export { Tooltip, placeTooltip, type TooltipProps, type TooltipPlacement } from './components/Tooltip/Tooltip.js';
export * from './components/builtins.js';
export { useAppearance, useDark, setAppearance, type Appearance } from './hooks/use-appearance.js';
export { useThemeConfig, useLocaleLanding } from './hooks/use-theme-config.js';
export { useVersionLocales } from './hooks/use-version-locales.js';
export type {
  ThemeConfig,
  ThemeUserConfig,
  SocialLink,
  BannerConfig,
  MediumZoomConfig,
  Landing as LandingData,
  LandingTool,
  EcosystemGroup,
  EcosystemLink,
} from './config/schema.js';
export { useI18n, translate, type I18nKey } from './i18n/index.js';
export { Head, usePageData, useSiteData, useLang, useVersion, useLocation, useNavigate } from '@docgen/core/runtime';
export { mdxComponents } from './mdx-components.js';
