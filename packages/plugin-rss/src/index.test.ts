import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, DocgenError, resolveConfig, type DocgenPlugin, type UserConfig } from '@docgen/core';
import { pluginRss } from './index.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** A temporary site holding `files` (path → content). */
function site(files: Record<string, string>): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'dg-rss-')));
  made.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** Builds `root` with `config`; returns the build's error message, or null when it built. */
async function buildSite(root: string, config: UserConfig): Promise<string | null> {
  try {
    await build({ root, config: resolveConfig(config, { root }), log: false });
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(DocgenError);
    return (error as Error).message;
  }
}

const read = (root: string, file: string) => fs.readFileSync(path.join(root, 'dist', file), 'utf8');

/** The text of every `<tag>` inside each `<block>` of `xml`, CDATA unwrapped (entities left as written). */
function fields(xml: string, block: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${block}>([\\s\\S]*?)</${block}>`, 'g'))].map(([, inner]) => {
    const m = new RegExp(`<${tag}(?: [^>]*)?>([\\s\\S]*?)</${tag}>`).exec(inner);
    return m ? m[1].replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1') : '';
  });
}

/** The first `<tag>` of `xml` outside items and entries. */
function channel(xml: string, tag: string): string | undefined {
  return new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`).exec(xml.replace(/<(item|entry)>[\s\S]*?<\/\1>/g, ''))?.[1];
}

describe('pluginRss on a built site', () => {
  let root: string;
  beforeAll(async () => {
    root = site({
      'index.md': '---\npageType: home\nfeed: blog\ndate: 2030-01-01\n---\n\n# Home\n',
      'blog/index.md': '---\nfeed: false\ndate: 2029-01-01\n---\n\n# Blog\n',
      'blog/first.md': '---\ndate: 2024-01-10\n---\n\n# First post\n',
      'blog/second.md': '---\ntitle: Using <Tabs>\ndate: 2024-03-05T10:30:00+02:00\n---\n\nText.\n',
      'blog/third.md': "---\ndate: '2025-01-01'\ndescription: Tea & <cake>\n---\n\n# Third post\n",
      'blog/undated.md': '# Undated post\n',
      'guide/start.md': '---\nfeed: news\n---\n\n# Start\n',
      'guide/页面.md': '---\nfeed: [news]\ndate: 2024-08-08\n---\n\n# 页面\n',
      'guide/other.md': '---\ndate: 2028-01-01\n---\n\n# Other\n',
      'release-2.md': '---\ndate: 2024-02-02\n---\n\n# Release 2\n',
    });
    fs.utimesSync(path.join(root, 'guide/start.md'), new Date('2023-05-05T00:00:00Z'), new Date('2023-05-05T00:00:00Z'));
    // Listed after the feed plugin: its lastUpdated is there all the same when the feeds are written.
    const lastUpdated: DocgenPlugin = {
      name: 'dates',
      extendPageData: (page) => (page.routePath === '/blog/undated' ? { lastUpdated: Date.UTC(2024, 5, 1) } : undefined),
    };
    const rss = pluginRss({
      feeds: [
        { id: 'blog', title: 'The blog', match: '/blog/', limit: 3 },
        { id: 'news', description: 'Releases', match: '^/release-\\d+$', output: { rss: 'news.xml', atom: false } },
      ],
    });
    const error = await buildSite(root, { title: 'Site & Co', description: 'All the news', siteUrl: 'https://example.com/', base: '/docs/', plugins: [rss, lastUpdated] });
    expect(error).toBeNull();
  });

  it('writes each feed in the formats asked for, at the default or given paths', () => {
    expect(fs.existsSync(path.join(root, 'dist/feeds/blog.xml'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'dist/feeds/blog.atom'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'dist/news.xml'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'dist/feeds/news.xml'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'dist/feeds/news.atom'))).toBe(false);
  });

  it('lists the newest pages first, up to the limit, with absolute links under the base and their dates (RSS)', () => {
    const xml = read(root, 'feeds/blog.xml');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<rss version="2.0"/);
    // Home page, `feed: false` and the fourth newest post (limit 3) are left out; so are pages of other routes.
    expect(fields(xml, 'item', 'title')).toEqual(['Third post', 'Undated post', 'Using <Tabs>']);
    expect(fields(xml, 'item', 'link')).toEqual([
      'https://example.com/docs/blog/third',
      'https://example.com/docs/blog/undated',
      'https://example.com/docs/blog/second',
    ]);
    expect(fields(xml, 'item', 'guid')).toEqual(fields(xml, 'item', 'link'));
    // Front matter date as a quoted string, the page data's lastUpdated, a YAML date-time with an offset.
    expect(fields(xml, 'item', 'pubDate')).toEqual(['Wed, 01 Jan 2025 00:00:00 GMT', 'Sat, 01 Jun 2024 00:00:00 GMT', 'Tue, 05 Mar 2024 08:30:00 GMT']);
    expect(fields(xml, 'item', 'description')).toEqual(['Tea &amp; &lt;cake&gt;', '', '']);
    expect(channel(xml, 'title')).toBe('The blog');
    expect(channel(xml, 'link')).toBe('https://example.com/docs/');
    expect(channel(xml, 'description')).toBe('All the news');
    expect(channel(xml, 'language')).toBe('en');
    expect(channel(xml, 'lastBuildDate')).toBe('Wed, 01 Jan 2025 00:00:00 GMT');
    expect(xml).toContain('<atom:link href="https://example.com/docs/feeds/blog.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).not.toMatch(/First post|Home|>Blog<|Other|Release/);
  });

  it('writes the same items as Atom 1.0, titles escaped as HTML', () => {
    const xml = read(root, 'feeds/blog.atom');
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(fields(xml, 'entry', 'title')).toEqual(['Third post', 'Undated post', 'Using &lt;Tabs&gt;']);
    expect(fields(xml, 'entry', 'id')).toEqual([
      'https://example.com/docs/blog/third',
      'https://example.com/docs/blog/undated',
      'https://example.com/docs/blog/second',
    ]);
    expect(fields(xml, 'entry', 'updated')).toEqual(['2025-01-01T00:00:00.000Z', '2024-06-01T00:00:00.000Z', '2024-03-05T08:30:00.000Z']);
    expect(fields(xml, 'entry', 'summary')).toEqual(['Tea &amp; &lt;cake&gt;', '', '']);
    expect(channel(xml, 'id')).toBe('https://example.com/docs/feeds/blog.atom');
    expect(channel(xml, 'updated')).toBe('2025-01-01T00:00:00.000Z');
    expect(xml).toContain('<link rel="self" href="https://example.com/docs/feeds/blog.atom"/>');
    expect(xml).toContain('<link rel="alternate" href="https://example.com/docs/"/>');
    expect(xml).toMatch(/<author>\s*<name>Site &amp; Co<\/name>\s*<\/author>/);
  });

  it('takes pages a feed names in front matter and pages its regular expression matches', () => {
    const xml = read(root, 'news.xml');
    expect(fields(xml, 'item', 'title')).toEqual(['页面', 'Release 2', 'Start']);
    expect(fields(xml, 'item', 'link')).toEqual([
      'https://example.com/docs/guide/%E9%A1%B5%E9%9D%A2',
      'https://example.com/docs/release-2',
      'https://example.com/docs/guide/start',
    ]);
    // No date in the front matter nor in the page data: the file's modification time.
    expect(fields(xml, 'item', 'pubDate')[2]).toBe('Fri, 05 May 2023 00:00:00 GMT');
    expect(channel(xml, 'title')).toBe('Site &amp; Co');
    expect(channel(xml, 'description')).toBe('Releases');
    expect(xml).toContain('<atom:link href="https://example.com/docs/news.xml" rel="self"');
  });

  it('links every page, the 404 page included, to every feed, with the base', () => {
    const links =
      '<link rel="alternate" type="application/rss+xml" title="The blog" href="/docs/feeds/blog.xml">\n' +
      '<link rel="alternate" type="application/atom+xml" title="The blog" href="/docs/feeds/blog.atom">\n' +
      '<link rel="alternate" type="application/rss+xml" title="Site &amp; Co" href="/docs/news.xml">';
    for (const file of ['index.html', 'blog/first.html', 'guide/other.html', '404.html']) expect(read(root, file), file).toContain(links);
  });
});

describe('links and languages', () => {
  it('adds .html without clean URLs, takes the plugin\'s siteUrl, and the language of the feed\'s pages', async () => {
    const root = site({
      'en/index.md': '# Home\n',
      'en/blog/a.md': '---\ndate: 2024-01-01\n---\n\n# A\n',
      'en/blog/index.md': '---\ndate: 2023-01-01\n---\n\n# Posts\n',
      'zh/index.md': '# 首页\n',
      'zh/blog/b.md': '---\ndate: 2024-02-01\n---\n\n# 乙\n',
    });
    const rss = pluginRss({
      siteUrl: 'https://docs.example.org',
      feeds: [
        { id: 'zh-blog', title: '博客', match: '/zh/blog/' },
        { id: 'all', match: '^/(zh/)?blog/', output: { rss: 'all/feed.xml' } },
      ],
    });
    const locales = [{ lang: 'en', label: 'English' }, { lang: 'zh', label: '简体中文', title: '站点' }];
    expect(await buildSite(root, { title: 'Site', lang: 'en', locales, route: { cleanUrls: false }, plugins: [rss] })).toBeNull();

    const zh = read(root, 'feeds/zh-blog.xml');
    expect(fields(zh, 'item', 'link')).toEqual(['https://docs.example.org/zh/blog/b.html']);
    expect(channel(zh, 'language')).toBe('zh');
    expect(channel(zh, 'link')).toBe('https://docs.example.org/zh/');
    const all = read(root, 'all/feed.xml');
    expect(fields(all, 'item', 'link')).toEqual([
      'https://docs.example.org/zh/blog/b.html',
      'https://docs.example.org/blog/a.html',
      'https://docs.example.org/blog/',
    ]);
    expect(channel(all, 'language')).toBe('en');
    expect(channel(all, 'link')).toBe('https://docs.example.org/');
    expect(fs.existsSync(path.join(root, 'dist/feeds/all.atom'))).toBe(true);
    expect(read(root, 'zh/index.html')).toContain(
      '<link rel="alternate" type="application/rss+xml" title="博客" href="/feeds/zh-blog.xml">\n' +
        '<link rel="alternate" type="application/atom+xml" title="博客" href="/feeds/zh-blog.atom">\n' +
        '<link rel="alternate" type="application/rss+xml" title="Site" href="/all/feed.xml">\n' +
        '<link rel="alternate" type="application/atom+xml" title="Site" href="/feeds/all.atom">',
    );
  });
});

describe('build errors', () => {
  const blog = (feed: string, date = '2024-01-01') => ({ 'index.md': '# Home\n', 'blog/a.md': `---\nfeed: ${feed}\ndate: ${date}\n---\n\n# A\n` });

  it('fails without a site URL, as feed links must be absolute', async () => {
    const root = site(blog('blog'));
    const error = await buildSite(root, { plugins: [pluginRss({ feeds: [{ id: 'blog' }] })] });
    expect(error).toBe(
      "[rss] beforeBuild: feed links must be absolute URLs: set siteUrl in the config (siteUrl: 'https://docs.example.com') or the plugin's siteUrl option",
    );
    expect(fs.existsSync(path.join(root, 'dist'))).toBe(false);
  });

  it('names the page whose front matter names no feed or has a wrong date', async () => {
    const plugins = () => [pluginRss({ siteUrl: 'https://example.com', feeds: [{ id: 'blog' }, { id: 'news' }] })];
    expect(await buildSite(site(blog('blgo')), { plugins: plugins() })).toBe(
      '[rss] extendPageData: blog/a.md: front matter feed names blgo, which is not a feed of the rss plugin (blog, news)',
    );
    expect(await buildSite(site(blog('3')), { plugins: plugins() })).toBe('[rss] extendPageData: blog/a.md: front matter feed must be a feed id, a list of feed ids or false');
    expect(await buildSite(site(blog('blog', 'yesterday')), { plugins: plugins() })).toBe(
      '[rss] extendPageData: blog/a.md: front matter date "yesterday" is not a date (write 2025-03-12 or 2025-03-12T10:00:00Z)',
    );
  });

  it('does not overwrite a file of the public folder', async () => {
    const root = site({ ...blog('blog'), 'public/feeds/blog.xml': '<rss/>' });
    const error = await buildSite(root, { siteUrl: 'https://example.com', plugins: [pluginRss({ feeds: [{ id: 'blog' }] })] });
    expect(error).toBe("[rss] afterBuild: the output already has feeds/blog.xml (from the public folder?): remove it, or set the feed's output.rss");
  });
});

describe('options', () => {
  const refused = (options: unknown) => {
    try {
      pluginRss(options as never);
    } catch (error) {
      expect(error).toBeInstanceOf(DocgenError);
      return (error as Error).message;
    }
    return '';
  };

  it('refuses wrong types and unknown keys, naming the plugin and the option', () => {
    expect(refused({ feeds: [{ id: 'blog', limit: '5' }] })).toBe('[rss] options: feeds[0].limit is not a number');
    expect(refused({ feeds: [{ id: 'blog', limit: 0 }] })).toBe('[rss] options: feeds[0].limit must be greater than 0');
    expect(refused({ feeds: [{ id: 'blog', colour: 'red' }] })).toBe('[rss] options: feeds[0].colour is not a known option');
    expect(refused({ feeds: [{ id: 'blog' }], colour: 'red' })).toBe('[rss] options: colour is not a known option');
    expect(refused({})).toBe('[rss] options: feeds is required');
    expect(refused({ feeds: [] })).toBe('[rss] options: feeds must have at least 1 item');
    expect(refused({ feeds: [{ id: 'Blog posts' }] })).toBe('[rss] options: feeds[0].id must hold only lowercase letters, digits and hyphens (such as blog)');
    expect(refused({ feeds: [{ id: 'a' }, { id: 'a' }] })).toBe('[rss] options: feeds[1].id is the id of feeds[0] too');
    expect(refused({ feeds: [{ id: 'a', match: '(' }] })).toBe('[rss] options: feeds[0].match is neither a route prefix (starting with /) nor a valid regular expression');
    expect(refused({ feeds: [{ id: 'a', language: 'not a tag' }] })).toBe('[rss] options: feeds[0].language is not a BCP 47 language tag (such as en, zh or pt-BR)');
    expect(refused({ siteUrl: 'example.com', feeds: [{ id: 'a' }] })).toBe('[rss] options: siteUrl is not a valid url');
    expect(refused({ siteUrl: 'ftp://example.com', feeds: [{ id: 'a' }] })).toBe('[rss] options: siteUrl must be an http(s) URL such as https://docs.example.com');
  });

  it('refuses output paths outside the output folder, clashing or leaving out both formats', () => {
    const outside = 'must be a file path inside the output folder, such as feeds/blog.xml (relative, / between folders, no .., no spaces, #, ? or %)';
    expect(refused({ feeds: [{ id: 'a', output: { rss: '../a.xml' } }] })).toBe(`[rss] options: feeds[0].output.rss ${outside}`);
    expect(refused({ feeds: [{ id: 'a', output: { atom: 'feeds/../../a.atom' } }] })).toBe(`[rss] options: feeds[0].output.atom ${outside}`);
    expect(refused({ feeds: [{ id: 'a', output: { rss: '/etc/a.xml' } }] })).toBe(`[rss] options: feeds[0].output.rss ${outside}`);
    expect(refused({ feeds: [{ id: 'a', output: { rss: 'C:\\a.xml' } }] })).toBe(`[rss] options: feeds[0].output.rss ${outside}`);
    expect(refused({ feeds: [{ id: 'a', output: { rss: 'feeds/' } }] })).toBe(`[rss] options: feeds[0].output.rss ${outside}`);
    expect(refused({ feeds: [{ id: 'a', output: { rss: 7 } }] })).toBe('[rss] options: feeds[0].output.rss is not a valid value');
    expect(refused({ feeds: [{ id: 'a' }, { id: 'b', output: { rss: 'feeds/a.xml' } }] })).toBe('[rss] options: feeds[1].output.rss is the file feeds/a.xml of feeds[0].output.rss too');
    expect(refused({ feeds: [{ id: 'a', output: { rss: false, atom: false } }] })).toBe('[rss] options: feeds[0].output leaves out both formats: keep rss or atom');
    expect(refused({ feeds: [{ id: 'a', output: { rss: 'a/b.xml', atom: false } }, { id: 'b' }] })).toBe('');
  });
});
