/**
 * Questions in Chinese, Japanese and Korean about Starlight's own docs (starlight-docs, each
 * language's copy under src/content/docs/<locale>/), with the page that answers each. Written by
 * reading those pages, in a reader's words rather than the page titles.
 */
import type { RetrievalQuestion } from '../../fixtures/retrieval-questions.ts';

export interface LanguageQuestions {
  /** The locale folder, also the pages' language tag. */
  locale: string;
  questions: RetrievalQuestion[];
}

export const cjkQuestions: LanguageQuestions[] = [
  {
    locale: 'zh-cn',
    questions: [
      {
        question: '怎么把某个页面从站内搜索结果中排除？',
        expectedPath: 'zh-cn/guides/site-search/',
      },
      { question: '侧边栏的链接能加上徽章吗？', expectedPath: 'zh-cn/guides/sidebar/' },
      { question: '怎样让我的网站支持多种语言？', expectedPath: 'zh-cn/guides/i18n/' },
      {
        question: '如何用自己的组件替换 Starlight 内置的组件？',
        expectedPath: 'zh-cn/guides/overriding-components/',
      },
      { question: '怎么给网站设置自定义字体？', expectedPath: 'zh-cn/guides/customization/' },
      {
        question: '如何在 Starlight 中集成 Tailwind？',
        expectedPath: 'zh-cn/guides/css-and-tailwind/',
      },
      { question: '怎么在文档里展示项目的目录结构？', expectedPath: 'zh-cn/components/file-tree/' },
      { question: '怎样写一个分步骤的操作指南？', expectedPath: 'zh-cn/components/steps/' },
      {
        question: '如何把 Starlight 加到现有的 Astro 项目里？',
        expectedPath: 'zh-cn/manual-setup/',
      },
      {
        question: 'frontmatter 中如何把页面标记为草稿？',
        expectedPath: 'zh-cn/reference/frontmatter/',
      },
      { question: '怎么启用站点地图？', expectedPath: 'zh-cn/guides/customization/' },
      { question: '插件 API 提供哪些钩子？', expectedPath: 'zh-cn/reference/plugins/' },
    ],
  },
  {
    locale: 'ja',
    questions: [
      {
        question: '検索結果から特定のページを除外するにはどうすればいいですか？',
        expectedPath: 'ja/guides/site-search/',
      },
      { question: 'サイドバーのリンクにバッジを付けたい', expectedPath: 'ja/guides/sidebar/' },
      { question: 'サイトを複数の言語に対応させる方法は？', expectedPath: 'ja/guides/i18n/' },
      {
        question: '組み込みのコンポーネントを自作のものに置き換えるには？',
        expectedPath: 'ja/guides/overriding-components/',
      },
      {
        question: 'カスタムフォントを使うにはどうしますか？',
        expectedPath: 'ja/guides/customization/',
      },
      {
        question: 'Tailwind CSS と一緒に使えますか？',
        expectedPath: 'ja/guides/css-and-tailwind/',
      },
      { question: 'ファイルツリーを表示する方法', expectedPath: 'ja/components/file-tree/' },
      { question: '手順を番号付きのステップで書きたい', expectedPath: 'ja/components/steps/' },
      {
        question: '既存のAstroプロジェクトにStarlightを追加するには？',
        expectedPath: 'ja/manual-setup/',
      },
      {
        question: 'ページをドラフトにするフロントマターの設定は？',
        expectedPath: 'ja/reference/frontmatter/',
      },
      { question: 'サイトマップを有効にするには？', expectedPath: 'ja/guides/customization/' },
      { question: 'ロゴ画像をヘッダーに表示したい', expectedPath: 'ja/guides/customization/' },
    ],
  },
  {
    locale: 'ko',
    questions: [
      {
        question: '검색 결과에서 페이지를 제외하려면 어떻게 하나요?',
        expectedPath: 'ko/guides/site-search/',
      },
      { question: '사이드바 링크에 배지를 추가하는 방법', expectedPath: 'ko/guides/sidebar/' },
      { question: '여러 언어를 지원하도록 설정하려면?', expectedPath: 'ko/guides/i18n/' },
      {
        question: '내장 컴포넌트를 재정의하는 방법은?',
        expectedPath: 'ko/guides/overriding-components/',
      },
      { question: '사용자 정의 글꼴을 사용하려면?', expectedPath: 'ko/guides/customization/' },
      {
        question: 'Tailwind CSS를 함께 사용할 수 있나요?',
        expectedPath: 'ko/guides/css-and-tailwind/',
      },
      { question: '파일 트리를 표시하는 방법', expectedPath: 'ko/components/file-tree/' },
      {
        question: '기존 Astro 프로젝트에 Starlight를 추가하려면?',
        expectedPath: 'ko/manual-setup/',
      },
      {
        question: '다크 모드에서 다른 로고를 보여주려면?',
        expectedPath: 'ko/guides/customization/',
      },
      {
        question: '사이드바 그룹을 기본적으로 접힌 상태로 두는 방법',
        expectedPath: 'ko/guides/sidebar/',
      },
      {
        question: '사이트맵을 활성화하려면 무엇을 해야 하나요?',
        expectedPath: 'ko/guides/customization/',
      },
      { question: '404 페이지를 직접 만들고 싶어요', expectedPath: 'ko/guides/customization/' },
    ],
  },
];
