/**
 * Writes docs/reference/element.md, the reference of `<docs-assistant>` (attributes and
 * properties, methods, events, CSS parts, CSS custom properties), from custom-elements.json,
 * the manifest `cem analyze` builds from the element's JSDoc (`npm run build:types`). The page
 * is committed because it is also a page of the docs site; test/scripts/element-reference.test.ts
 * fails when it no longer matches the source. `npm run docs:element` rewrites it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as contract from '../src/api/limits.ts';

export interface ManifestItem {
  name: string;
  description?: string;
  default?: string;
  type?: { text: string };
}
export interface ManifestAttribute extends ManifestItem {
  fieldName?: string;
}
export interface ManifestMember extends ManifestItem {
  kind: string;
  privacy?: string;
  static?: boolean;
  attribute?: string;
  reflects?: boolean;
  parameters?: ManifestItem[];
  return?: { type?: { text: string } };
}
export interface ManifestDeclaration {
  name: string;
  tagName?: string;
  summary?: string;
  attributes?: ManifestAttribute[];
  members?: ManifestMember[];
  events?: ManifestItem[];
  cssParts?: ManifestItem[];
  cssProperties?: ManifestItem[];
  slots?: ManifestItem[];
}
export interface Manifest {
  modules: { path: string; declarations?: ManifestDeclaration[] }[];
}

/** The element this page documents (the panel is internal: its parts are re-exported). */
export const TAG = 'docs-assistant';
export const PAGE = 'docs/reference/element.md';

/** The public declaration of `<docs-assistant>` in a manifest. */
export function publicElement(manifest: Manifest): ManifestDeclaration {
  for (const module of manifest.modules) {
    for (const declaration of module.declarations ?? []) {
      if (declaration.tagName === TAG) return declaration;
    }
  }
  throw new Error(`custom-elements.json has no <${TAG}>`);
}

const isPublic = (member: ManifestMember) =>
  !member.static && (!member.privacy || member.privacy === 'public');

/** A table cell: one line, pipes escaped (GitHub and marked both read `\|` in cells). */
const cell = (text = '') => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
const code = (text: string) => `\`${text}\``;

/** The default as a reader writes it: constants of the wire contract by value, '' as nothing. */
export function defaultValue(value: string | undefined): string {
  if (value === undefined || value === "''" || value === '""') return '';
  const constant = (contract as Record<string, unknown>)[value];
  const shown = typeof constant === 'number' || typeof constant === 'string' ? constant : value;
  return code(String(shown).replace(/^'(.*)'$/, '$1'));
}

const typeOf = (item: ManifestItem) =>
  item.type ? code(item.type.text.replace(/\s*\|\s*undefined$/, '')) : '';

function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

/** The whole page, from the manifest's declaration of `<docs-assistant>`. */
export function elementReference(manifest: Manifest): string {
  const element = publicElement(manifest);
  const members = (element.members ?? []).filter(isPublic);
  const fields = members.filter((m) => m.kind === 'field');
  const hidden = new Set((element.members ?? []).filter((m) => !isPublic(m)).map((m) => m.name));
  const attributes = (element.attributes ?? []).filter((a) => !hidden.has(a.fieldName ?? a.name));
  const withAttribute = new Set(attributes.map((a) => a.fieldName ?? a.name));
  const propertyOnly = fields.filter((field) => !withAttribute.has(field.name));
  const methods = members.filter((m) => m.kind === 'method');
  const reflected = new Set(fields.filter((f) => f.reflects).map((f) => f.name));

  const lines = [
    '---',
    'title: Element reference',
    `description: Every attribute, property, method, event, CSS part and CSS custom property of the <${TAG}> element.`,
    'order: 1',
    '---',
    '',
    '# Element reference',
    '',
    `\`<${TAG}>\` (class \`${element.name}\`). ${element.summary ?? ''}`.trim(),
    'Every attribute has a property of the same meaning in camelCase (`api-key` is `apiKey`).',
    'With the script tag, write an attribute with a `data-` prefix (`data-api-key`).',
    '',
    '## Attributes and properties',
    '',
    table(
      ['Attribute', 'Property', 'Type', 'Default', 'Description'],
      attributes.map((attribute) => {
        const property = attribute.fieldName ?? attribute.name;
        const reflects = reflected.has(property) ? ' Reflected to the attribute.' : '';
        return [
          code(attribute.name),
          code(property),
          typeOf(attribute),
          defaultValue(attribute.default),
          `${attribute.description ?? ''}${reflects}`,
        ];
      }),
    ),
    '',
  ];
  if (propertyOnly.length > 0) {
    lines.push(
      '## Properties without an attribute',
      '',
      'Set these from JavaScript (`element.i18n = {…}`); they have no attribute.',
      '',
      table(
        ['Property', 'Type', 'Default', 'Description'],
        propertyOnly.map((field) => [
          code(field.name),
          typeOf(field),
          defaultValue(field.default),
          field.description ?? '',
        ]),
      ),
      '',
    );
  }
  lines.push(
    '## Methods',
    '',
    table(
      ['Method', 'Returns', 'Description'],
      methods.map((method) => {
        const parameters = (method.parameters ?? [])
          .map((p) => `${p.name}${p.type ? `: ${p.type.text}` : ''}`)
          .join(', ');
        return [
          code(`${method.name}(${parameters})`),
          method.return?.type ? code(method.return.type.text) : '',
          method.description ?? '',
        ];
      }),
    ),
    '',
    '## Events',
    '',
    'Every event bubbles and is composed (it crosses the shadow boundary), so a listener on',
    '`document` hears it too. The `detail` of each is typed in `HTMLElementEventMap`.',
    '',
    table(
      ['Event', 'When'],
      (element.events ?? []).map((event) => [code(event.name), event.description ?? '']),
    ),
    '',
    '## CSS parts',
    '',
    `Style a part with \`${TAG}::part(name)\`, for example \`${TAG}::part(launcher)\`.`,
    '',
    table(
      ['Part', 'What it is'],
      (element.cssParts ?? []).map((part) => [code(part.name), part.description ?? '']),
    ),
    '',
    '## CSS custom properties',
    '',
    `Set them on \`${TAG}\` or on any ancestor. Colors default to \`light-dark(light, dark)\`.`,
    '',
    table(
      ['Custom property', 'Default', 'What it sets'],
      (element.cssProperties ?? []).map((property) => [
        code(property.name),
        property.default ? code(property.default) : '',
        property.description ?? '',
      ]),
    ),
    '',
  );
  if ((element.slots ?? []).length > 0) {
    lines.push(
      '## Slots',
      '',
      table(
        ['Slot', 'What goes in it'],
        (element.slots ?? []).map((slot) => [
          slot.name ? code(slot.name) : '(default)',
          slot.description ?? '',
        ]),
      ),
      '',
    );
  }
  lines.push(
    '## About this page',
    '',
    'This page is generated from `custom-elements.json`, the manifest that `npm run build:types`',
    `builds from the element's source, by \`scripts/element-reference.ts\` (\`npm run docs:element\`).`,
    'The package ships the same manifest (`docs-assistant/custom-elements.json`), so editors and',
    'the generated React and Preact JSX types (`docs-assistant/jsx-react`, `docs-assistant/jsx-preact`)',
    'describe exactly the element documented here.',
    '',
  );
  return lines.join('\n');
}

if (import.meta.main) {
  const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as Manifest;
  writeFileSync(PAGE, elementReference(manifest));
  console.log(`${PAGE}: the reference of <${TAG}> from custom-elements.json`);
}
