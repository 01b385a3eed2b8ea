import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { record } from '@feedloom/bench-kit';
import { build, type Rollup } from 'vite';

// What a visitor's browser downloads before /login can render: the entry chunk and every chunk it imports
// statically — the <script> and <link rel="modulepreload"> tags of dist/index.html — gzip-compressed. The
// login screen's own chunk (and what only it needs, such as zod and react-hook-form) loads after that, in
// parallel; it is printed as a second figure. Screens are lazy, so adding one should not move the first.
//
// The build is the production build of vite.config.ts, kept in memory (dist/ is left alone).
//
//   pnpm --filter @feedloom/web bench

const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));
const TARGET_KB = 200;
const LOGIN_SCREEN = /[\\/]src[\\/]features[\\/]auth[\\/]login-screen\.tsx$/;

/** Bytes as kB (1 kB = 1000 bytes, as Vite's build report counts them), gzip at zlib's default level. */
const gzipKb = (code: string): number => gzipSync(code).length / 1000;

const outputs = async (): Promise<(Rollup.OutputChunk | Rollup.OutputAsset)[]> => {
  const result = await build({ root: WEB_DIR, logLevel: 'warn', build: { write: false } });
  const list = Array.isArray(result) ? result : [result];
  return list.flatMap((r) => ('output' in r ? r.output : []));
};

const main = async (): Promise<void> => {
  const files = await outputs();
  const chunks = new Map(
    files.filter((f): f is Rollup.OutputChunk => f.type === 'chunk').map((c) => [c.fileName, c]),
  );
  const closure = (fileName: string, into = new Set<string>()): Set<string> => {
    if (into.has(fileName)) return into;
    into.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, into);
    return into;
  };
  const sizeOf = (names: Iterable<string>): number =>
    [...names].reduce((sum, name) => sum + gzipKb(chunks.get(name)?.code ?? ''), 0);

  const entries = [...chunks.values()].filter((c) => c.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  const initial = closure(entries[0]!.fileName);

  // The same set, as the browser sees it: what index.html loads and preloads.
  const html = files.find((f) => f.type === 'asset' && f.fileName === 'index.html');
  const htmlText = html?.type === 'asset' ? String(html.source) : '';
  const fromHtml = new Set(
    [...htmlText.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]!),
  );
  const missing = [...initial].filter((f) => !fromHtml.has(f));
  const extra = [...fromHtml].filter((f) => !initial.has(f));
  if (missing.length > 0 || extra.length > 0) {
    const list = (names: string[]) => names.join(', ') || '—';
    throw new Error(
      `index.html does not load what the entry imports: missing ${list(missing)}, extra ${list(extra)}`,
    );
  }

  const login = [...chunks.values()].find((c) => c.facadeModuleId && LOGIN_SCREEN.test(c.facadeModuleId));
  if (!login)
    throw new Error('no chunk for src/features/auth/login-screen.tsx: is the login screen still lazy?');
  const loginOwn = [...closure(login.fileName)].filter((f) => !initial.has(f));

  const initialKb = sizeOf(initial);
  for (const name of [...initial].sort((a, b) => sizeOf([b]) - sizeOf([a]))) {
    console.info(`  ${name}: ${sizeOf([name]).toFixed(1)} kB`);
  }
  record({
    name: 'web: initial JS on /login, gzip',
    value: initialKb,
    unit: 'kB',
    target: `< ${TARGET_KB}`,
    pass: initialKb < TARGET_KB,
  });
  record({
    name: 'web: the /login screen chunk and what only it needs, gzip',
    value: sizeOf(loginOwn),
    unit: 'kB',
  });
};

await main();
