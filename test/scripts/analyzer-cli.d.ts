/** The manifest analyzer's programmatic CLI (it ships no declaration for this entry). */
declare module '@custom-elements-manifest/analyzer/cli.js' {
  /** Runs `cem <argv>` in `cwd`; with `noWrite` it returns the manifest without writing it. */
  export function cli(options: {
    argv: string[];
    cwd?: string;
    noWrite?: boolean;
  }): Promise<unknown>;
}
