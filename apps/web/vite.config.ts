import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes /version.json at build time; the running app polls it to offer a refresh (spec §4). */
function versionFile(): Plugin {
  const version = String(Date.now());
  return {
    name: 'rankwise-version',
    config: () => ({ define: { __APP_VERSION__: JSON.stringify(version) } }),
    generateBundle() {
      // The prerender's server build (scripts/prerender.ts) ships no files to browsers.
      if (this.environment.config.consumer === 'server') return;
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version }) });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), versionFile()],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      // zod without its eval probe (src/lib/zod.ts), for the contract's schemas too.
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod.ts') },
    ],
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/version.json': 'http://localhost:3000', '/media': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Read by scripts/prerender.ts (which page chunk each prerendered page preloads), then removed.
    manifest: true,
    // Every browser the app supports has modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page needs, in one file rather than several small shared chunks (one request, one cache entry).
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Loaded on first use (app/toaster.tsx); named so it can be told apart.
            { name: 'sonner', test: /node_modules[\\/]sonner[\\/]/ },
            // The rest of what the entry loads up front (query client, session store...), together.
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
