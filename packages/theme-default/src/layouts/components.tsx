import { createContext, useContext, type ComponentType } from 'react';

/** The parts of the default layouts that a custom theme can replace, by name. */
export type ThemeComponentName =
  | 'AppearanceToggle'
  | 'BackToTop'
  | 'Banner'
  | 'CopyMarkdown'
  | 'DocFooter'
  | 'DocLayout'
  | 'EcosystemMenu'
  | 'Footer'
  | 'HomeFeature'
  | 'HomeHero'
  | 'HomeLayout'
  | 'ImageZoom'
  | 'Landing'
  | 'LastUpdated'
  | 'LocaleLinks'
  | 'LocaleMenu'
  | 'MobileMenu'
  | 'NavLink'
  | 'NavMenu'
  | 'NavProgress'
  | 'Navbar'
  | 'NotFound'
  | 'Outline'
  | 'Overview'
  | 'PageNotice'
  | 'PrevNextPage'
  | 'Search'
  | 'Sidebar'
  | 'SocialLinks'
  | 'VersionLinks'
  | 'VersionMenu';

/**
 * Replacements of the default layouts' parts: `<Layout components={{ Footer: MyFooter }} />`. A part
 * takes the props of the one it replaces.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ThemeComponents = Partial<Record<ThemeComponentName, ComponentType<any>>>;

/**
 * The replacements given to `Layout`. The layouts import their parts by path and look each up here first:
 * a context rather than an import of the active theme, so the theme's modules import each other without
 * a cycle, and a custom theme still reaches every place a part is drawn.
 */
export const ThemeComponentsContext = createContext<ThemeComponents>({});

/** The component drawn as `name`: the custom theme's replacement when it gave one, else `fallback`. */
export function useThemeComponent<P>(name: ThemeComponentName, fallback: ComponentType<P>): ComponentType<P> {
  return (useContext(ThemeComponentsContext)[name] as ComponentType<P> | undefined) ?? fallback;
}
