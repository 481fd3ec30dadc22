import type { EcosystemGroup } from '../../config/schema.js';

/**
 * Language of the ecosystem menu: Chinese when the page's locale is Chinese or the route path
 * has a `zh` segment (`/zh/…`), English otherwise.
 */
export function ecosystemLanguage(lang: string, routePath: string): 'zh' | 'en' {
  return /^zh\b/i.test(lang) || routePath.split('/').includes('zh') ? 'zh' : 'en';
}

/** A menu group with the texts of one language picked: `title`/`desc`/`url` for zh, the `En` variants else. */
export interface LocalizedEcosystemGroup {
  title: string;
  links: { name: string; desc: string; logo: string; url: string; logoScale: number }[];
}

/** Picks the texts and URLs of `language` in `groups` (`urlEn` falls back to `url`, `logoScale` to 1). */
export function localizeEcosystem(groups: EcosystemGroup[], language: 'zh' | 'en'): LocalizedEcosystemGroup[] {
  const en = language === 'en';
  return groups.map((group) => ({
    title: en ? group.titleEn : group.title,
    links: group.links.map((link) => ({
      name: link.name,
      desc: en ? link.descEn : link.desc,
      logo: link.logo,
      url: (en && link.urlEn) || link.url,
      logoScale: link.logoScale ?? 1,
    })),
  }));
}
