import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const buildId = process.env.BUILD_ID ?? new Date().toISOString().replace(/[-:.TZ]/g, '');

/** Writes builds/latest.json, which running apps poll to offer a reload after a deploy. */
function buildMetadata(): Plugin {
  return {
    name: 'portaal-build-metadata',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: `${JSON.stringify({ build_id: buildId, built_at: new Date().toISOString() })}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single', semicolons: true }),
    react(),
    buildMetadata(),
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: { outDir: 'dist', sourcemap: true, modulePreload: { polyfill: false } },
  server: { proxy: { '/api': 'http://localhost:3000', '/realms': 'http://localhost:3000' } },
});
