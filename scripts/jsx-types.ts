/**
 * Generates the JSX types (dist/jsx/{react,preact}.d.ts) from custom-elements.json, so
 * React and Preact users get typed props for `<docs-assistant>` and they never drift from
 * the element: every attribute in the manifest becomes a prop. Run by `npm run build:types`
 * after `cem analyze`; test/pack.test.ts compiles a TSX file against the output.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

interface ManifestAttribute {
  name: string;
  fieldName?: string;
  description?: string;
  type?: { text: string };
}
interface ManifestMember {
  name: string;
  kind: string;
  privacy?: string;
}
interface ManifestDeclaration {
  name: string;
  tagName?: string;
  customElement?: boolean;
  attributes?: ManifestAttribute[];
  members?: ManifestMember[];
}
interface Manifest {
  modules: { path: string; declarations?: ManifestDeclaration[] }[];
}

/** The public elements: the package's own tags, not internal helpers such as the panel. */
const PUBLIC_TAGS = ['docs-assistant'];

/** What JSX may pass for an attribute of this TypeScript type. */
export function propType(typeText = 'string') {
  const type = typeText.replace(/\s*\|\s*undefined/g, '').trim();
  if (type === 'boolean') return 'boolean';
  if (type === 'number') return 'number | string';
  if (type === 'string' || /^('[^']*'\s*\|?\s*)+$/.test(type)) return type;
  // Arrays and objects: React 19 sets the property; an attribute takes its string form.
  return `${type} | string`;
}

export function jsxTypes(manifest: Manifest) {
  const elements = manifest.modules.flatMap((module) =>
    (module.declarations ?? [])
      .filter((d) => d.tagName && PUBLIC_TAGS.includes(d.tagName))
      .map((declaration) => ({ module: module.path, declaration })),
  );
  const interfaces: string[] = [];
  const tags: [string, string, string, string][] = [];
  for (const { module, declaration } of elements) {
    const hidden = new Set(
      (declaration.members ?? [])
        .filter((m) => m.privacy && m.privacy !== 'public')
        .map((m) => m.name),
    );
    const props = (declaration.attributes ?? [])
      .filter((attribute) => !hidden.has(attribute.fieldName ?? attribute.name))
      .map((attribute) => {
        const doc = attribute.description ? `  /** ${attribute.description} */\n` : '';
        return `${doc}  '${attribute.name}'?: ${propType(attribute.type?.text)};`;
      });
    const name = `${declaration.name}Attributes`;
    interfaces.push(
      `/** Attributes of <${declaration.tagName}>. */\nexport interface ${name} {\n${props.join('\n')}\n}`,
    );
    const from = `../${module.replace(/^src\//, '').replace(/\.ts$/, '.js')}`;
    tags.push([declaration.tagName!, name, declaration.name, from]);
  }
  const header = '// Generated from custom-elements.json by scripts/jsx-types.ts. Do not edit.\n';
  const imports = tags
    .map(([, , cls, from]) => `import type { ${cls} } from '${from}';`)
    .join('\n');
  const attributes = `${header}${interfaces.join('\n\n')}\n`;
  const react = `${header}import type { DetailedHTMLProps, HTMLAttributes } from 'react';
${imports}
import type { ${tags.map(([, n]) => n).join(', ')} } from './attributes.js';

export type { ${tags.map(([, n]) => n).join(', ')} } from './attributes.js';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
${tags.map(([tag, n, cls]) => `      '${tag}': DetailedHTMLProps<HTMLAttributes<${cls}>, ${cls}> & ${n} & { class?: string };`).join('\n')}
    }
  }
}
`;
  const preact = `${header}import type { HTMLAttributes } from 'preact';
${imports}
import type { ${tags.map(([, n]) => n).join(', ')} } from './attributes.js';

export type { ${tags.map(([, n]) => n).join(', ')} } from './attributes.js';

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
${tags.map(([tag, n, cls]) => `      '${tag}': HTMLAttributes<${cls}> & ${n};`).join('\n')}
    }
  }
}
`;
  return { attributes, react, preact };
}

if (import.meta.main) {
  const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as Manifest;
  const files = jsxTypes(manifest);
  mkdirSync('dist/jsx', { recursive: true });
  writeFileSync('dist/jsx/attributes.d.ts', files.attributes);
  writeFileSync('dist/jsx/react.d.ts', files.react);
  writeFileSync('dist/jsx/preact.d.ts', files.preact);
  console.log('dist/jsx: React and Preact JSX types for', PUBLIC_TAGS.join(', '));
}
