/** Vite `?raw` imports (recorded stream bodies in test/fixtures/streams). */
declare module '*?raw' {
  const text: string;
  export default text;
}
