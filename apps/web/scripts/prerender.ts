/**
 * After `vite build`: renders the public pages that need no data (src/app/routes.tsx
 * `prerenderedPaths`) to HTML as a signed-out visitor first sees them, and compresses every
 * text file of the build (brotli and gzip beside it, served by apps/api/src/plugins/web.ts).
 *
 *   dist/index.html            the landing page, prerendered
 *   dist/<path>/index.html     the other prerendered pages (/about, /start, ...)
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
type Entry = { render(path: string): Promise<{ html: string; meta: Meta }>; prerenderedPaths: readonly string[] };

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function fill(shell: string, rendered: string, meta: Meta): string {
  // React puts the resource hints it found (an image's preload) first: they belong in the head.
  const hints = /^(?:<link [^>]*\/?>)+/.exec(rendered)?.[0] ?? '';
  const body = rendered.slice(hints.length);
  const out = shell
    .replace('</head>', `${hints}</head>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(meta.description)}" />`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  if (!out.includes(body) || !out.includes(`<title>${escapeHtml(meta.title)}</title>`))
    throw new Error('index.html lacks the <title>, description or empty root the prerender fills');
  return out;
}

async function prerender(): Promise<string[]> {
  const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
  await build({ root, logLevel: 'warn', build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false, minify: false } });
  const entry = (await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href)) as Entry;
  const written: string[] = [];
  for (const route of entry.prerenderedPaths) {
    const { html, meta } = await entry.render(route);
    if (!html.includes('<h1')) throw new Error(`prerender ${route}: no heading in the rendered page`);
    const file = route === '/' ? path.join(dist, 'index.html') : path.join(dist, route.slice(1), 'index.html');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, fill(shell, html, meta));
    written.push(path.relative(dist, file));
  }
  writeFileSync(path.join(dist, 'shell.html'), shell);
  rmSync(ssrOut, { recursive: true, force: true });
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
