import { describe, expect, it } from 'vitest';
import { closestFlag, withFlagHint } from '../../../src/server/cli/flag-hint.ts';
import { ConfigError, loadConfig, serveFlags } from '../../../src/server/config.ts';

const flags = Object.keys(serveFlags);

describe('closestFlag', () => {
  it('names the flag a shortened, lengthened or mistyped one stands for', () => {
    expect(closestFlag('--data', flags)).toBe('data-dir');
    expect(closestFlag('--docs-folder', flags)).toBe('docs');
    expect(closestFlag('--prot', flags)).toBe('port');
    expect(closestFlag('--modle', flags)).toBe('model');
    expect(closestFlag('--trust-proxy-hops', flags)).toBe('trust-proxy');
    expect(closestFlag('--output', ['out', 'docs'])).toBe('out');
  });

  it('compares without case, answering in the known spelling (config fields)', () => {
    expect(closestFlag('siteURL', ['siteUrl', 'docs'])).toBe('siteUrl');
    expect(closestFlag('organisations', ['organizations', 'limits'])).toBe('organizations');
  });

  it('names none when nothing is close', () => {
    expect(closestFlag('--xyz', flags)).toBeUndefined();
    expect(closestFlag('--verbose', flags)).toBeUndefined();
    expect(closestFlag('-q', flags)).toBeUndefined();
  });
});

describe('withFlagHint', () => {
  it('rewrites parseArgs’ unknown-option message and leaves others alone', () => {
    expect(withFlagHint("Unknown option '--prot'", flags)).toBe(
      'unknown option --prot (did you mean --port?); --help lists them all',
    );
    expect(withFlagHint("Unknown option '--zzz'", flags)).toBe(
      'unknown option --zzz; --help lists them all',
    );
    expect(withFlagHint("Option '--port <value>' argument missing", flags)).toBe(
      "Option '--port <value>' argument missing",
    );
  });

  it('reaches serve’s configuration error', async () => {
    const loading = loadConfig(['--docs', '.', '--data', '/tmp/x']);
    await expect(loading).rejects.toThrow(ConfigError);
    await expect(loading).rejects.toThrow('did you mean --data-dir?');
  });
});
