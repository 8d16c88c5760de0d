/**
 * `## Title {#custom-id}` (MDX, VitePress, Docusaurus, MkDocs' attr_list) or `## Title
 * [#custom-id]` (Fumadocs) at the end (attr_list also reads `{ #custom-id }` and `{: #custom-id }`) of a heading: the id, in group 1 or 2, is any text without
 * spaces or brackets, as the frameworks take it (`{#vue.js-privacy-policy}`). A module of its own
 * so that the widget's Markdown renderer, in the first answer's bundle, takes it without the
 * slug rules, which load with a cited page.
 * The match opens where a run of spaces opens (`(?<!\s)`): it is the leftmost match all the same,
 * and a search no longer tries every space of a long run, which took time quadratic in the run.
 */
export const EXPLICIT_ID = /(?<!\s)\s*(?:\{:?[ \t]*#([^\s{}[\]]+)[ \t]*\}|\[#([^\s{}[\]]+)\])\s*$/;
