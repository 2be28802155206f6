/**
 * After `vite build`: renders the public pages that need no data (src/app/prerendered-paths.ts) to
 * HTML as a signed-out visitor first sees them, and the results pages' loading frame; then
 * compresses every text file of the build (brotli and gzip beside it, served by
 * apps/api/src/plugins/web.ts). docs/decisions/0015-light-first-load.md.
 *
 *   dist/index.html            the landing page, prerendered (hydrated in the browser)
 *   dist/<path>/index.html     the other prerendered pages (/about, /start, ...)
 *   dist/<path>/shell.html     a results page's loading frame (replaced by the first render)
 *   dist/shell.html            the app with an empty root, for every other route
 *   dist/**\/*.{br,gz}          pre-compressed copies
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
// Inside the package, so the server bundle's bare imports (react, react-router) resolve.
const ssrOut = path.join(root, 'node_modules/.cache/prerender');

type Meta = { title: string; description: string };
type BuildPage = { path: string; module: string };
type Entry = {
  render(url: string): Promise<{ html: string; meta: Meta }>;
  prerenderedPages: BuildPage[];
  placeholderPages: (BuildPage & { url: string })[];
};
type Manifest = Record<string, { file: string; imports?: string[]; isDynamicEntry?: boolean }>;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * modulepreload links for a page's chunk and the chunks it imports, minus those the shell already
 * loads. At low priority: they are needed after the first paint, so they must not hold up the
 * stylesheet (the HTML already shows the page).
 */
function preloads(manifest: Manifest, page: BuildPage, shell: string): string {
  const entry = manifest[page.module];
  if (!entry?.isDynamicEntry) throw new Error(`prerender ${page.path}: ${page.module} is not a page chunk of this build (src/app/prerendered-paths.ts)`);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(page.module);
  return [...files]
    .filter((f) => !shell.includes(`/${f}"`))
    .map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}">`)
    .join('');
}

function fill(shell: string, rendered: string, meta: Meta, head: string, rootAttributes = ''): string {
  // React puts the resource hints it found (an image's preload) first: they belong in the head.
  const hints = /^(?:<link [^>]*\/?>)+/.exec(rendered)?.[0] ?? '';
  const body = rendered.slice(hints.length);
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
  const out = shell
    .replace('</head>', `${hints}${head}</head>`)
    .replace(/<title>[^<]*<\/title>/, title)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, description)
    .replace('<div id="root"></div>', `<div id="root"${rootAttributes}>${body}</div>`);
  if (!out.includes(body) || !out.includes(title) || !out.includes(description))
    throw new Error('index.html lacks the <title>, description or empty root the prerender fills');
  return out;
}

/**
 * The stylesheet first in the head: it blocks the first paint, so it should not queue behind the
 * scripts (Vite writes it last), which the page needs only later.
 */
function styleFirst(html: string): string {
  const css = /\s*<link rel="stylesheet"[^>]*>/.exec(html)?.[0];
  if (!css) return html;
  return html.replace(css, '').replace(/(\s*)<script type="module"/, `${css}$1<script type="module"`);
}

async function prerender(): Promise<string[]> {
  const shell = styleFirst(readFileSync(path.join(dist, 'index.html'), 'utf8'));
  const manifestFile = path.join(dist, '.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  await build({
    root,
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false, minify: false, manifest: false },
  });
  const entry = (await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href)) as Entry;
  const written: string[] = [];
  const write = (file: string, html: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
    written.push(path.relative(dist, file));
  };
  for (const page of entry.prerenderedPages) {
    const { html, meta } = await entry.render(page.path);
    if (!html.includes('<h1')) throw new Error(`prerender ${page.path}: no heading in the rendered page`);
    const file = page.path === '/' ? path.join(dist, 'index.html') : path.join(dist, page.path.slice(1), 'index.html');
    write(file, fill(shell, html, meta, preloads(manifest, page, shell)));
  }
  for (const page of entry.placeholderPages) {
    const { html, meta } = await entry.render(page.url);
    if (!html.includes('<h1')) throw new Error(`prerender ${page.url}: no heading in the rendered frame`);
    write(path.join(dist, page.path.slice(1), 'shell.html'), fill(shell, html, meta, preloads(manifest, page, shell), ' data-placeholder=""'));
  }
  writeFileSync(path.join(dist, 'shell.html'), shell);
  rmSync(ssrOut, { recursive: true, force: true });
  rmSync(path.dirname(manifestFile), { recursive: true, force: true });
  return written;
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|webmanifest|ico)$/;
/** Smaller files are sent as they are: compressing them saves less than the headers cost. */
const MIN_BYTES = 1024;

function compress(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      n += compress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(name) || statSync(file).size < MIN_BYTES) continue;
    const buf = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }));
    writeFileSync(`${file}.gz`, gzipSync(buf, { level: 9 }));
    n++;
  }
  return n;
}

if (!existsSync(path.join(dist, 'index.html'))) throw new Error('run vite build first: no dist/index.html');
const pages = await prerender();
const compressed = compress(dist);
console.log(`prerendered ${pages.length} pages (${pages.join(', ')}); ${compressed} files compressed (.br, .gz)`);
