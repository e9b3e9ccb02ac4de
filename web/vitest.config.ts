import { availableParallelism } from 'node:os';
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
    // vitest's default is one worker fewer than the cores: one, on a two-core machine like CI's. Two files at a time
    // use both cores (and the time a file waits on a database, a server or the file system).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
