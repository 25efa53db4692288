import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves dist/public at / (apps/api/src/http/web-app.ts); `npm run dev -w @wfm/web`
// serves the sources with the API of a running `npm start` behind /api.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/public', emptyOutDir: true, assetsDir: 'assets', chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': process.env.WFM_API_ORIGIN ?? 'http://localhost:3000' } },
});
