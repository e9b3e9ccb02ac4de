import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Mantine's CSS is irrelevant to behaviour in jsdom and slow to process.
    css: false,
    testTimeout: 15_000,
  },
});
