import { describe, expect, it } from 'vitest';
import { markdownBody } from '../../../../src/server/agents/clean-markdown.ts';
import { assistantApp, assistantPost } from '../../../support/assistant-app.ts';
import { FUMADOCS_SITE, indexSite, pathsOf, writeSite } from '../../../support/docs-sites.ts';

const SOURCE_CONFIG = (dir: string) =>
  `import { defineDocs } from 'fumadocs-mdx/config';\nexport const docs = defineDocs({ dir: '${dir}' });`;

describe('the Fumadocs fixture', () => {
  const site = () => indexSite(FUMADOCS_SITE);

  it('publishes content/docs under /docs: index as its folder, (guides) out of the URL, Chinese under cn/', async () => {
    const index = await site();
    expect(index.profile.framework).toBe('fumadocs');
    expect(pathsOf(index)).toEqual({
      'cn/docs': 'content/docs/index.cn.mdx',
      'cn/docs/brewing': 'content/docs/(guides)/brewing/index.cn.mdx',
      'cn/docs/brewing/green-tea': 'content/docs/(guides)/brewing/green-tea.cn.mdx',
      'cn/docs/installation': 'content/docs/installation.cn.mdx',
      docs: 'content/docs/index.mdx',
      'docs/api': 'content/docs/api/index.mdx',
      'docs/api/boil': 'content/docs/api/boil.mdx',
      // Left out of the sidebar by `!internal`, still published and in Fumadocs' own search.
      'docs/api/internal': 'content/docs/api/internal.mdx',
      'docs/brewing': 'content/docs/(guides)/brewing/index.mdx',
      'docs/brewing/green-tea': 'content/docs/(guides)/brewing/green-tea.mdx',
      'docs/descaling': 'content/docs/(guides)/descaling.mdx',
      'docs/installation': 'content/docs/installation.mdx',
    });
  });

  it('leaves out dot-files, components, the README and the app', async () => {
    const index = await site();
    for (const word of ['zeppelin', 'quagmire', 'fumarole']) {
      expect(index.search(word), word).toEqual([]);
    }
    expect(index.search('calibrate thermostat')[0]?.path).toBe('docs/api/internal');
  });

  it('inlines an <include> partial into the page that includes it', async () => {
    const index = await site();
    expect(index.search('never immerse the base in water')[0]?.path).toBe('docs/descaling');
    expect(index.getPage('docs/descaling')?.includes).toEqual([
      'content/docs/(guides)/.safety.mdx',
    ]);
  });

  it('shows generated and written props tables as tables, never their tags', async () => {
    const page = (await site()).getPage('docs/api/boil')!;
    const table = [
      '| Prop | Type | Description |',
      '| --- | --- | --- |',
      '| `target` | `number` | Temperature to stop at, in °C. |',
      '| `keepWarm?` | `boolean` | Keep the water at the target temperature afterwards. Default: `false` |',
      '| `onProgress?` | `ProgressHandler` | Called every second while heating. |',
    ].join('\n');
    const body = markdownBody(page.content);
    // Both forms, each path read from where its form reads it.
    expect(body.split(table)).toHaveLength(3);
    expect(body).not.toMatch(/calibration|AutoTypeTable|auto-type-table|TypeTable/);
    expect(body).toContain(
      [
        '| `celsius` | `number` | Current temperature |',
        '| `done?` | `boolean` | Default: `false` |',
      ].join('\n'),
    );
    expect(page.includes).toEqual(['lib/kettle.ts']);
    expect((await site()).search('keep the water warm after boiling')[0]?.path).toBe(
      'docs/api/boil',
    );
  });

  it('knows each page’s language and the English page it translates', async () => {
    const index = await site();
    expect(index.profile.languages).toEqual(['en', 'zh']);
    expect(index.profile.languagePrefixes).toEqual([{ prefix: 'cn/', language: 'zh' }]);
    expect(index.getPage('cn/docs/brewing/green-tea')).toMatchObject({
      language: 'zh',
      translationKey: 'docs/brewing/green-tea',
      title: '绿茶',
    });
    expect(index.getPage('docs/brewing/green-tea')).toMatchObject({
      language: 'en',
      translationKey: 'docs/brewing/green-tea',
    });
  });

  it('groups pages by meta.json separators and folder titles, in the reader’s language', async () => {
    const index = await site();
    // `...(guides)` puts the group's pages under the root's "Guides" separator; the brewing
    // folder has no meta.json and takes its index page's title.
    expect(index.getPage('docs/brewing/green-tea')?.navigation).toEqual(['Guides', 'Brewing tea']);
    expect(index.getPage('cn/docs/brewing/green-tea')?.navigation).toEqual(['指南', '泡茶']);
    expect(index.getPage('docs/brewing')?.navigation).toEqual(['Guides']);
    expect(index.getPage('docs/descaling')?.navigation).toEqual(['Guides']);
    // A root folder (a sidebar tab): its index is one of its pages, not the folder's label.
    expect(index.getPage('docs/api')?.navigation).toEqual(['Reference', 'API Reference']);
    expect(index.getPage('docs/installation')?.navigation).toBeUndefined();
    expect(index.getPage('docs/api/boil')).toMatchObject({
      title: 'boil',
      description: 'Start heating to a target temperature.',
    });
  });

  it('answers a Chinese question from the Chinese page, an English one from the English page', async () => {
    const index = await site();
    const chinese = index.search('泡绿茶的水温是多少？', { pageSize: 3 });
    expect(chinese[0]?.path).toBe('cn/docs/brewing/green-tea');
    const english = index.search('What water temperature for green tea?', { pageSize: 3 });
    expect(english[0]?.path).toBe('docs/brewing/green-tea');
    expect(english.some((result) => result.path.startsWith('cn/'))).toBe(false);
  });

  it('serves search and pages at the published paths through the server', async () => {
    const { app } = assistantApp({ index: await site() });
    const search = await app.request(
      '/v1/search/docs',
      assistantPost({ query: 'limescale vinegar' }),
    );
    expect((await search.json())[0].path).toBe('docs/descaling');
    for (const path of [
      '/docs/descaling',
      'docs/descaling/',
      'https://kettle.dev/docs/descaling',
    ]) {
      const page = await app.request('/v1/page/docs', assistantPost({ path }));
      expect(page.status, path).toBe(200);
      expect((await page.json()).path).toBe('docs/descaling');
    }
    // The file path is not a URL of the site.
    const file = await app.request(
      '/v1/page/docs',
      assistantPost({ path: 'content/docs/descaling' }),
    );
    expect(file.status).toBe(404);
  });
});

describe('Fumadocs settings', () => {
  it('follows defineDocs({ dir }), loader({ baseUrl }) and an unprefixed default language', async () => {
    const root = await writeSite({
      'source.config.ts': SOURCE_CONFIG('docs'),
      'src/lib/source.ts': `import { loader } from 'fumadocs-core/source';
        export const source = loader({ baseUrl: '/', source: docs.toFumadocsSource() });`,
      'docs/index.mdx': '---\ntitle: Home\n---\nHi.',
      'docs/(api)/reference/index.mdx': '---\ntitle: Reference\n---\nAll.',
      'docs/Getting-Started.md': '---\ntitle: Start\n---\nGo.',
      // Beside `tools.mdx`, the folder's index gets the `tools/index` slug, as in Fumadocs.
      'docs/tools.mdx': '---\ntitle: Tools\n---\nAll tools.',
      'docs/tools/index.mdx': '---\ntitle: Tools index\n---\nThe index.',
      'content/docs/stray.mdx': '---\ntitle: Stray\n---\nNot the collection.',
    });
    expect(pathsOf(await indexSite(root))).toEqual({
      '': 'docs/index.mdx',
      'Getting-Started': 'docs/Getting-Started.md',
      reference: 'docs/(api)/reference/index.mdx',
      tools: 'docs/tools.mdx',
      'tools/index': 'docs/tools/index.mdx',
    });
  });

  it('reads folder-parsed languages, with the default language prefixed unless hidden', async () => {
    const files = (hideLocale: string) => ({
      'source.config.ts': SOURCE_CONFIG('content/docs'),
      'lib/i18n.ts': `import { defineI18n } from 'fumadocs-core/i18n';
        export const i18n = defineI18n({ defaultLanguage: 'en', languages: ['en', 'ja'], parser: 'dir'${hideLocale} });`,
      'content/docs/en/meta.json': '{"title": "Docs", "pages": ["---Start---", "setup"]}',
      'content/docs/en/setup.mdx': '---\ntitle: Setup\n---\nInstall it.',
      'content/docs/ja/setup.mdx': '---\ntitle: セットアップ\n---\nインストールします。',
    });
    const never = await indexSite(await writeSite(files('')));
    expect(pathsOf(never)).toEqual({
      'en/docs/setup': 'content/docs/en/setup.mdx',
      'ja/docs/setup': 'content/docs/ja/setup.mdx',
    });
    // The Japanese page has no meta file: it falls back to the default language's, as Fumadocs does.
    expect(never.getPage('ja/docs/setup')).toMatchObject({
      language: 'ja',
      translationKey: 'en/docs/setup',
      navigation: ['Start'],
    });
    const hidden = await indexSite(await writeSite(files(", hideLocale: 'always'")));
    expect(Object.keys(pathsOf(hidden))).toEqual(['docs/setup', 'ja/docs/setup']);
  });

  it('reads i18n given inline to loader() or as an I18nConfig object', async () => {
    const page = {
      'content/docs/setup.mdx': '# Setup',
      'content/docs/setup.fr.mdx': '# Installation',
    };
    const inline = await writeSite({
      'source.config.ts': SOURCE_CONFIG('content/docs'),
      'lib/source.ts': `export const source = loader({
        source: docs.toFumadocsSource(),
        i18n: { defaultLanguage: 'en', languages: ['en', 'fr'] },
      });`,
      ...page,
    });
    expect(Object.keys(pathsOf(await indexSite(inline)))).toEqual([
      'en/docs/setup',
      'fr/docs/setup',
    ]);
    const typed = await writeSite({
      'source.config.ts': SOURCE_CONFIG('content/docs'),
      'lib/i18n.ts': `import type { I18nConfig } from 'fumadocs-core/i18n';
        export const i18n: I18nConfig = { defaultLanguage: 'en', languages: ['en', 'fr'], hideLocale: 'default-locale' };`,
      ...page,
    });
    const index = await indexSite(typed);
    expect(Object.keys(pathsOf(index))).toEqual(['docs/setup', 'fr/docs/setup']);
    expect(index.getPage('fr/docs/setup')).toMatchObject({
      language: 'fr',
      translationKey: 'docs/setup',
    });
  });

  it('takes a route module that defines a loader() function or method for no Fumadocs loader', async () => {
    // React Router (a framework Fumadocs runs on) names its routes' data functions `loader`.
    const index = await indexSite(
      await writeSite({
        'source.config.ts': SOURCE_CONFIG('content/docs'),
        'app/docs/page.tsx': `export async function loader({ params }) {
            return source.getPage(params['*'].split('/'));
          }`,
        // Nor an object's loader() method, nor a call of someone else's.
        'app/a-route.tsx': `export const route = { async loader() { return routes.loader(1); } };`,
        'app/lib/docs-source.ts': `import { loader } from 'fumadocs-core/source';
          export const source = loader({ baseUrl: '/guide', source: docs.toFumadocsSource() });`,
        'content/docs/cache.mdx': '---\ntitle: Cache\n---\nThe cache keeps responses.',
      }),
    );
    expect(Object.keys(pathsOf(index))).toEqual(['guide/cache']);
  });

  it('finds loader() and defineI18n() in any app module, and languages built by code in the files', async () => {
    // As vercel/swr-site keeps them: lib/geistdocs/{source,i18n}.ts, languages from an object.
    const index = await indexSite(
      await writeSite({
        'source.config.ts': SOURCE_CONFIG('content/docs'),
        'lib/geistdocs/source.ts': `import { loader } from 'fumadocs-core/source';
          import { i18n } from './i18n';
          export const source = loader({ i18n, baseUrl: '/guide', source: docs.toFumadocsSource() });`,
        'lib/geistdocs/i18n.ts': `import { defineI18n } from 'fumadocs-core/i18n';
          import { translations } from '@/site';
          export const i18n = defineI18n({ defaultLanguage: 'en', languages: Object.keys(translations), hideLocale: 'default-locale' });`,
        'content/docs/cache.mdx': '---\ntitle: Cache\n---\nThe cache keeps responses.',
        'content/docs/cache.ja.mdx': '---\ntitle: キャッシュ\n---\nキャッシュは応答を保持します。',
        'content/docs/cache.cn.mdx': '---\ntitle: 缓存\n---\n缓存保存响应。',
        'content/docs/release.v2.mdx': '---\ntitle: Release v2\n---\nNot a language suffix.',
      }),
    );
    expect(pathsOf(index)).toEqual({
      'cn/guide/cache': 'content/docs/cache.cn.mdx',
      'guide/cache': 'content/docs/cache.mdx',
      'guide/release.v2': 'content/docs/release.v2.mdx',
      'ja/guide/cache': 'content/docs/cache.ja.mdx',
    });
    expect(index.profile.languages).toEqual(['en', 'zh', 'ja']);
    expect(index.getPage('cn/guide/cache')).toMatchObject({
      language: 'zh',
      translationKey: 'guide/cache',
    });
    const folders = await indexSite(
      await writeSite({
        'source.config.ts': SOURCE_CONFIG('content/docs'),
        'lib/site/i18n.ts': `export const i18n = defineI18n({ defaultLanguage: 'en', languages: LOCALES, parser: 'dir' });`,
        'content/docs/en/setup.mdx': '---\ntitle: Setup\n---\nInstall it.',
        'content/docs/ja/setup.mdx': '---\ntitle: セットアップ\n---\nインストールします。',
      }),
    );
    expect(Object.keys(pathsOf(folders))).toEqual(['en/docs/setup', 'ja/docs/setup']);
  });

  it('reads languages the i18n module imports from the app (tsconfig paths), as Fumadocs lists them', async () => {
    // As vercel/swr-site: `languages: Object.keys(translations)` from `@/geistdocs` (a .tsx
    // module); its `es` copies are no listed language, so Fumadocs keeps `.es` in their path.
    const index = await indexSite(
      await writeSite({
        'tsconfig.json':
          '{\n  // paths as Next.js writes them\n  "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["./*"], }, },\n}',
        'source.config.ts': SOURCE_CONFIG('content/docs'),
        'geistdocs.tsx': `export const translations = { en: { displayName: 'English' }, ja: { displayName: '日本語' } };
          export const Logo = () => <svg />;`,
        'lib/geistdocs/i18n.ts': `import { defineI18n } from 'fumadocs-core/i18n';
          import { translations } from '@/geistdocs';
          export const i18n = defineI18n({ defaultLanguage: 'en', languages: Object.keys(translations), hideLocale: 'default-locale' });`,
        'lib/geistdocs/source.ts': `import { loader } from 'fumadocs-core/source';
          import { i18n } from './i18n';
          export const source = loader({ i18n, baseUrl: '/docs', source: docs.toFumadocsSource() });`,
        'content/docs/cache.mdx': '---\ntitle: Cache\n---\nThe cache keeps responses.',
        'content/docs/cache.ja.mdx': '---\ntitle: キャッシュ\n---\nキャッシュは応答を保持します。',
        'content/docs/cache.es.mdx': '---\ntitle: Caché\n---\nLa caché guarda respuestas.',
      }),
    );
    expect(index.profile.languages).toEqual(['en', 'ja']);
    expect(pathsOf(index)).toEqual({
      'docs/cache': 'content/docs/cache.mdx',
      'docs/cache.es': 'content/docs/cache.es.mdx',
      'ja/docs/cache': 'content/docs/cache.ja.mdx',
    });
  });

  it('is told by a fumadocs dependency when the config has another name', async () => {
    const root = await writeSite({
      'package.json': '{"dependencies": {"fumadocs-ui": "16.0.0", "next": "16.0.0"}}',
      'content/docs/index.mdx': '---\ntitle: Home\n---\nHi.',
    });
    const index = await indexSite(root);
    expect(index.profile.framework).toBe('fumadocs');
    expect(pathsOf(index)).toEqual({ docs: 'content/docs/index.mdx' });
  });
});
