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
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deployments.
        codeSplitting: {
          groups: [
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, priority: 3 },
            { name: 'apollo', test: /node_modules[\\/](@apollo|graphql|@wry|optimism|zen-observable)/, priority: 2 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
