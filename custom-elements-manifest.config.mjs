/** `npx cem analyze`: custom-elements.json from the element classes' JSDoc (Lit, no decorators). */
export default {
  globs: ['src/widget/**/*.ts'],
  exclude: ['src/widget/**/*.test.ts', 'src/widget/script.ts'],
  outdir: '.',
  litelement: true,
  dependencies: false,
  packagejson: false,
};
