import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const here = path.dirname(fileURLToPath(import.meta.url));
const testFile = /\.test\.tsx?$/;

/**
 * Test files that replace a module (vi.mock) or the browser's IndexedDB (fake-indexeddb) for the whole file: each runs
 * with its own modules and window. Every other file shares its worker's modules with the files before it (loading
 * Mantine, Apollo and the app once per worker, not once per file, took the suite from 226 s to about half on this
 * machine); what such a file replaces for a test, a global (vi.stubGlobal) or a method (vi.spyOn), is put back after
 * each test (unstubGlobals, restoreMocks).
 */
const replacing = /\bvi\.(mock|doMock)\b|fake-indexeddb/;
const isolated = readdirSync(path.join(here, 'src'), { recursive: true })
  .map(String)
  .filter((file) => testFile.test(file) && replacing.test(readFileSync(path.join(here, 'src', file), 'utf8')))
  .map((file) => `src/${file.split(path.sep).join('/')}`);

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Mantine's CSS is irrelevant to behaviour in jsdom and slow to process.
    css: false,
    testTimeout: 15_000,
    // vitest's default is one worker fewer than the cores: one, on a two-core machine like CI's. Two files at a time
    // use both cores (and the time a file waits on a database, a server or the file system).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    unstubEnvs: true,
    unstubGlobals: true,
    restoreMocks: true,
    projects: [
      { extends: true, test: { name: 'own modules', include: isolated, isolate: true } },
      { extends: true, test: { name: 'shared modules', include: ['src/**/*.test.{ts,tsx}'], exclude: isolated, isolate: false } },
    ],
  },
});
