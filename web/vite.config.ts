// Vite config for the page: built to dist/web with relative paths, so `sudokit serve` (or any
// static server) can host it from any folder; the dev server listens on 127.0.0.1 only.
// The `service-worker` plugin writes sw.js (from web/sw.js) with the list of every built file,
// so the page works offline (see web/sw.js).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const PUBLIC = fileURLToPath(new URL('./public/', import.meta.url));

/** Emit sw.js: the template with the built files (the bundle's and public/'s) and a version made from them. */
function serviceWorker(): Plugin {
  return {
    name: 'service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = ['./', ...Object.keys(bundle).filter((f) => f !== 'index.html'), ...readdirSync(PUBLIC)].sort();
      const hash = createHash('sha256');
      for (const name of files) {
        const item = bundle[name];
        hash.update(name);
        if (item?.type === 'asset') hash.update(item.source);
        else if (item?.type === 'chunk') hash.update(item.code);
      }
      const html = bundle['index.html'];
      if (html?.type === 'asset') hash.update(html.source);
      const source = readFileSync(new URL('./sw.js', import.meta.url), 'utf8')
        .replace('__SUDOKIT_VERSION__', hash.digest('hex').slice(0, 16))
        .replace('__SUDOKIT_PRECACHE__', JSON.stringify(files));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  publicDir: PUBLIC,
  plugins: [serviceWorker()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
  },
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1' },
});
