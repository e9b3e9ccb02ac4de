import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';
import { precacheList } from './precacheList';

/**
 * index.html names the modules of the app's start (src/app/startApp.tsx, which src/main.tsx imports after the first
 * paint) with `<link rel="prefetch">`, and its stylesheets: the modules download with the page, at a low priority
 * that leaves the first paint's stylesheet ahead of them on a slow link, and are evaluated only when main.tsx imports
 * them (from the HTTP cache by then). The service worker also keeps what index.html names, so the app opens
 * offline from its first visit.
 */
function preloadAppStart(entry = 'src/app/startApp.tsx'): Plugin {
  return {
    name: 'fsi:preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const start = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.facadeModuleId?.endsWith(entry));
        if (!start) throw new Error(`the build has no chunk for ${entry}`);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || scripts.has(fileName)) return;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) visit(imported);
        };
        visit(start.fileName);
        const named = (file: string) => html.includes(`"/${file}"`);
        const tags: HtmlTagDescriptor[] = [
          ...[...scripts].filter((file) => !named(file)).map((file) => ({ tag: 'link', attrs: { rel: 'prefetch', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          ...[...styles].filter((file) => !named(file)).map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
        ];
        return { html, tags };
      },
    },
  };
}

/**
 * The screens on an inspector's way (and the shell around them), whose JavaScript dependencies are fetched together
 * with the screen's own chunk when it is first opened (Vite's preload list). Other screens (reports, documents,
 * administration) fetch theirs when their chunk runs: one round trip more when one is opened before the idle warm-up
 * (lazyPages.ts) has loaded it, and their lists stay out of the app's start, which otherwise grows with every route.
 */
const SCREENS_WITH_PRELOAD = new Set(['Shell', 'BuildingsPage', 'WalkaboutsPage', 'LocationPage', 'LocationLinkPage', 'WalkaboutEditPage']);

/**
 * In development the gateway runs on its own port; proxying /graphql keeps the
 * browser on one origin, as it is in production where the gateway serves dist/.
 */
export default defineConfig({
  plugins: [react(), preloadAppStart(), precacheList(), precompress()],
  server: {
    proxy: {
      '/graphql': { target: process.env.GATEWAY_URL ?? 'http://localhost:4000', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    modulePreload: {
      // CSS is not in `deps`: a screen's stylesheets still load with it, whatever this answers.
      resolveDependencies(filename, deps) {
        const screen = /(?:^|\/)(\w+Page)-[\w-]+\.js$/.exec(filename)?.[1];
        return screen && !SCREENS_WITH_PRELOAD.has(screen) ? [] : deps;
      },
    },
    sourcemap: true,
    // dist/.vite/manifest.json: each chunk's static and dynamic imports, read by scripts/check-budgets.mjs.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deployments.
        // A group is one chunk, so a library in a group used only after sign-in (the scanner, the date
        // pickers) would land on sign-in's critical path: React is grouped, which sign-in needs, and Apollo
        // Client, which loads behind sign-in (app/ApolloGate.tsx). React first: a group takes the modules its
        // own modules import, and Apollo imports React, which would then drag Apollo onto sign-in's path.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'apollo', test: /node_modules[\\/](@apollo|graphql|@wry|optimism|zen-observable)/, priority: 1 },
          ],
        },
      },
    },
  },
});
