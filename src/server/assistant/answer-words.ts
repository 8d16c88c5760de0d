/**
 * The few words the embedded model writes itself around its quotes ("The docs don't seem to
 * cover this.", "More in:"), in the reader's language: a reader asking in Japanese on a
 * Japanese site reads Japanese quotes, and the frame around them should not switch to English.
 * The widget's own strings ship in the same languages and more (`src/widget/i18n`); any other
 * language gets English. The eval's refusal pattern and insights' "not covered" reading know
 * every lead here (`NOT_COVERED_LEADS`).
 */
export interface AnswerWords {
  /** The opening of an answer that found nothing to quote. */
  notCovered: string;
  /** Before the list of the closest sections of a "not covered" answer. */
  closest: string;
  /** After `notCovered` when no section came close at all. */
  noneClose: string;
  /** Before the links to further sections. */
  moreIn: string;
  /** Before a quoted code block or table row: `label` is bold Markdown, `citation` a link. */
  from(label: string, citation: string): string;
}

const WORDS: Record<string, AnswerWords> = {
  en: {
    notCovered: "The docs don't seem to cover this.",
    closest: 'The closest sections are:',
    noneClose: 'No page came close.',
    moreIn: 'More in:',
    from: (label, citation) => `From ${label} ${citation}:`,
  },
  ar: {
    notCovered: 'يبدو أن التوثيق لا يغطي هذا.',
    closest: 'أقرب الأقسام:',
    noneClose: 'لم تقترب أي صفحة.',
    moreIn: 'المزيد في:',
    from: (label, citation) => `من ${label} ${citation}:`,
  },
  de: {
    notCovered: 'Die Dokumentation scheint das nicht abzudecken.',
    closest: 'Die nächstliegenden Abschnitte:',
    noneClose: 'Keine Seite kam nahe.',
    moreIn: 'Mehr in:',
    from: (label, citation) => `Aus ${label} ${citation}:`,
  },
  es: {
    notCovered: 'La documentación no parece cubrir esto.',
    closest: 'Las secciones más cercanas son:',
    noneClose: 'Ninguna página se acercó.',
    moreIn: 'Más en:',
    from: (label, citation) => `De ${label} ${citation}:`,
  },
  fr: {
    notCovered: 'La documentation ne semble pas couvrir ce point.',
    closest: 'Les sections les plus proches :',
    noneClose: 'Aucune page ne s’en approche.',
    moreIn: 'Plus dans :',
    from: (label, citation) => `Extrait de ${label} ${citation} :`,
  },
  it: {
    notCovered: 'La documentazione non sembra trattare questo argomento.',
    closest: 'Le sezioni più vicine sono:',
    noneClose: 'Nessuna pagina si avvicina.',
    moreIn: 'Altro in:',
    from: (label, citation) => `Da ${label} ${citation}:`,
  },
  ja: {
    notCovered: 'ドキュメントにはこの内容が記載されていないようです。',
    closest: '最も近いセクション:',
    noneClose: '近いページは見つかりませんでした。',
    moreIn: '詳しくは:',
    from: (label, citation) => `${label} ${citation} より:`,
  },
  ko: {
    notCovered: '문서에서 이 내용을 다루지 않는 것 같습니다.',
    closest: '가장 가까운 섹션:',
    noneClose: '가까운 페이지가 없습니다.',
    moreIn: '더 보기:',
    from: (label, citation) => `${label} ${citation}에서:`,
  },
  pt: {
    notCovered: 'A documentação não parece cobrir isto.',
    closest: 'As seções mais próximas são:',
    noneClose: 'Nenhuma página chegou perto.',
    moreIn: 'Mais em:',
    from: (label, citation) => `De ${label} ${citation}:`,
  },
  ru: {
    notCovered: 'Похоже, в документации об этом не сказано.',
    closest: 'Ближайшие разделы:',
    noneClose: 'Ни одна страница не подошла.',
    moreIn: 'Подробнее:',
    from: (label, citation) => `Из ${label} ${citation}:`,
  },
  zh: {
    notCovered: '文档似乎没有涉及这一点。',
    closest: '最接近的章节：',
    noneClose: '没有相近的页面。',
    moreIn: '更多内容：',
    from: (label, citation) => `摘自 ${label} ${citation}：`,
  },
};

/** Every language's "not covered" lead, English first. */
export const NOT_COVERED_LEADS: readonly string[] = Object.values(WORDS).map((w) => w.notCovered);

/**
 * The words for a BCP 47 tag, by its primary subtag (`pt-BR` → `pt`, `zh-CN` → `zh`); Traditional
 * Chinese, which has none yet, and every other language get English.
 */
export function answerWords(language?: string): AnswerWords {
  const tag = (language ?? '').trim().toLowerCase();
  if (/^zh[-_](?:hant|tw|hk|mo)\b/.test(tag)) return WORDS['en']!;
  return WORDS[tag.split(/[-_]/)[0] ?? ''] ?? WORDS['en']!;
}

/** Whether an answer opens with a "not covered" lead, in any language here. */
export function opensNotCovered(text: string): boolean {
  const opening = text.trimStart();
  return NOT_COVERED_LEADS.some((lead) => opening.startsWith(lead));
}
