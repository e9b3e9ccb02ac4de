import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * In development the gateway runs on its own port; proxying /graphql keeps the
 * browser on one origin, as it is in production where the gateway serves dist/.
 */
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/graphql': { target: process.env.GATEWAY_URL ?? 'http://localhost:4000', changeOrigin: true },
    },
  },
  build: { outDir: 'dist', sourcemap: true },
});
