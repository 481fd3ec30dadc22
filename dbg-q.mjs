import fs from 'node:fs';
import { loadSearchIndex } from '@docgen/core/search';
const [dir, lang, ...qs] = process.argv.slice(2);
const f = fs.readdirSync(dir + '/assets').find((n) => n.startsWith(`search-${lang}-`));
const e = loadSearchIndex(JSON.parse(fs.readFileSync(dir + '/assets/' + f, 'utf8')));
for (const q of qs) {
  const r = e.search({ query: q });
  console.log(q, r.nbHits, r.hits.slice(0, 10).map((h) => h.url + ' ' + h.type + ' | ' + h.hierarchy.lvl0).join('\n   '));
}
