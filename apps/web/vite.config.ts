import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, modulePreload: { polyfill: false } },
  server: { proxy: { '/api': 'http://localhost:3000', '/realms': 'http://localhost:3000' } },
});
