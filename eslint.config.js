import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/generated/**', '**/*.generated.tsx', 'data/**', '**/drizzle/**', 'gateway/playground-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // The arrows point down (shared/STYLE.md): app/ composes features; features use ui/ and lib/ (the
  // platform: session, Apollo client, events, outbox, uploads), never the app's wiring or shell; ui/
  // and lib/ know no feature.
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/app/**', '**/app'], message: 'Features may not import app/ (the wiring and the shell): use ui/ or lib/.' }] },
      ],
    },
  },
  {
    files: ['web/src/ui/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    // A test of the outbox may render the screens that show its work.
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**', '**/features'], message: 'ui/ and lib/ are used by features, never the other way round.' },
            { group: ['**/app/**', '**/app'], message: 'ui/ and lib/ may not import app/ (the wiring and the shell).' },
          ],
        },
      ],
    },
  },
);
