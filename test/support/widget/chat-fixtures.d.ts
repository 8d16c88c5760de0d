// `import.meta.glob` as Vite provides it in the browser tests (without pulling in all of vite/client).
interface ImportMeta {
  glob<T>(
    pattern: string,
    options: { query?: string; import?: string; eager: true },
  ): Record<string, T>;
}
