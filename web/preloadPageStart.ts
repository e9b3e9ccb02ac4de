import { readFileSync } from 'node:fs';
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';
import { ACCESS_TOKEN_KEY, PUBLIC_PATHS } from './src/lib/session/session.ts';

/** The app's start (src/main.tsx imports it), the signed-in app around every screen, and the screens a path opens. */
const START = 'src/app/startApp.tsx';
const SIGNED_IN = ['src/app/ApolloArea.tsx', 'src/app/shell/Shell.tsx'];
/** Buildings, where sign-in leads and most visits start ('/' goes there too). */
const SCREENS: Record<string, string> = { '/': 'src/features/buildings/BuildingsPage.tsx', '/buildings': 'src/features/buildings/BuildingsPage.tsx' };

/**
 * What index.html asks for before any script of the app has run, by the page it opens, so that no part of a page's
 * code waits for another part to arrive and run before it is requested (on slow 4G each such step is a round trip of
 * 150 ms or more, and the app's start runs four times slower on a phone):
 *
 * - Without a session (sign-in, the password screens): the modules of the app's start with `<link rel="prefetch">`,
 *   at a low priority that leaves the first paint's stylesheet ahead of them on a slow link (index.html paints the
 *   sign-in frame before they run, src/main.tsx), and its stylesheets.
 * - With a session, on a page behind sign-in: there is nothing to paint before the app has run, so the start, Apollo
 *   Client and the shell (and the screen, for Buildings) are asked for at once with `<link rel="modulepreload">`, at
 *   the priority of the scripts they are, with their stylesheets as render-blocking ones: the shell's first paint is
 *   styled, and Vite's own loader, finding them, does not ask again.
 *
 * A small script in index.html's head chooses, from the path and whether a token is stored (as src/lib/session does):
 * the build writes the file lists into it. The service worker keeps every file index.html names (public/sw.js), so the
 * app opens offline from its first visit.
 */
export function preloadPageStart(): Plugin {
  return {
    name: 'fsi:preload-page-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        // The entry's stylesheets, which Vite links statically: asked for by the scripts below instead, in their order.
        const entryStyles: string[] = [];
        html = html.replace(/\s*<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_, file: string) => {
          entryStyles.push(file);
          return '';
        });
        const named = (file: string) => html.includes(`"/${file}"`);
        const size = (file: string) => {
          const output = bundle[file];
          return output?.type === 'chunk' ? output.code.length : 0;
        };
        // The largest first: on HTTP/1.1's six connections, what is asked for last ends last.
        const bySize = (files: string[]) => [...files].sort((a, b) => size(b) - size(a));
        const start = filesOf(bundle, [START]);
        const signedIn = filesOf(bundle, SIGNED_IN);
        const startStyles = [...entryStyles, ...start.styles.filter((file) => !entryStyles.includes(file))];
        // Each link the script adds starts its request there and then, which on a phone is not nothing (a
        // millisecond or more each): the largest scripts and the stylesheets are asked for at once, the small scripts
        // a moment later, in a task of their own, so that the large ones (which the first screen waits for longest)
        // leave first.
        const signedInFiles = (screen?: string): Batches => {
          const screenFiles = screen ? filesOf(bundle, [screen]) : { scripts: [], styles: [] };
          const scripts = bySize([...new Set([...start.scripts, ...signedIn.scripts, ...screenFiles.scripts])].filter((file) => !named(file)));
          const styles = [...new Set([...startStyles, ...signedIn.styles, ...screenFiles.styles])];
          return { now: [...scripts.filter((file) => size(file) >= LARGE), ...styles], then: scripts.filter((file) => size(file) < LARGE) };
        };
        const lists: Lists = {
          signedOut: { now: [...startStyles, ...start.scripts.filter((file) => !named(file))], then: [] },
          signedIn: { ...Object.fromEntries(Object.entries(SCREENS).map(([path, screen]) => [path, signedInFiles(screen)])), '*': signedInFiles() },
        };
        // Signed in, first in the head (after the charset): the modules before the stylesheets, the largest files
        // first, since the first paint needs both and on HTTP/1.1's six connections what is asked for last ends last.
        const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
        if (!charset) throw new Error('index.html has no <meta charset> to put the signed-in preloads after');
        const at = charset.index + charset[0].length;
        html = `${html.slice(0, at)}\n    <script>${chooser(lists, true)}</script>${html.slice(at)}`;
        // Signed out, last in the head: the sign-in frame's stylesheets, then the modules' prefetch.
        const tags: HtmlTagDescriptor[] = [{ tag: 'script', children: chooser(lists, false), injectTo: 'head' }];
        return { html: inlineFavicon(html), tags };
      },
    },
  };
}

/** public/favicon.svg written into index.html as a data URL: one request fewer at the start of every page load. */
function inlineFavicon(html: string): string {
  const svg = readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8').trim();
  const link = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />';
  if (!html.includes(link)) throw new Error(`index.html has no ${link} to inline`);
  return html.replace(link, `<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${encodeURIComponent(svg)}" />`);
}

/** The files a set of chunk entries loads: their chunks and, transitively, the chunks they import statically, with the stylesheets of each. */
function filesOf(bundle: Rollup.OutputBundle, entries: string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || scripts.has(fileName)) return;
    scripts.add(fileName);
    for (const imported of chunk.imports) visit(imported);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
  };
  for (const entry of entries) {
    const chunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(entry));
    if (!chunk) throw new Error(`the build has no chunk for ${entry}`);
    visit(chunk.fileName);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/** A script's size, in characters of code, from which it is asked for at once (preloadPageStart). */
const LARGE = 50_000;

/** Files asked for at once, and in a task of their own just after. */
type Batches = { now: string[]; then: string[] };

/** The files to ask for: signed out; signed in, by path ('*' for a path without its screen's files here). */
type Lists = { signedOut: Batches; signedIn: Record<string, Batches> };

/**
 * A script in index.html's head that asks for the files (see preloadPageStart), when a session is stored or when not.
 * A stylesheet it adds blocks the first paint (`blocking="render"`), as one in the page's markup would: nothing shows
 * unstyled.
 */
function chooser(lists: Lists, signedIn: boolean): string {
  const batches = (files: Batches) => JSON.stringify({ now: files.now.map((file) => `/${file}`), then: files.then.map((file) => `/${file}`) });
  const files = signedIn
    ? `(function (lists) { return lists[path] || lists['*']; })({${Object.entries(lists.signedIn).map(([path, files]) => `${JSON.stringify(path)}: ${batches(files)}`).join(', ')}})`
    : batches(lists.signedOut);
  return `
      (function () {
        var path = location.pathname, token = null;
        try { token = localStorage.getItem(${JSON.stringify(ACCESS_TOKEN_KEY)}); } catch (error) {}
        var open = ${JSON.stringify(PUBLIC_PATHS)}.some(function (page) { return path === page || path.indexOf(page + '/') === 0; });
        if ((token !== null && !open) !== ${signedIn}) return;
        var files = ${files};
        function ask(file) {
          var link = document.createElement('link');
          var style = /\\.css$/.test(file);
          link.rel = style ? 'stylesheet' : ${JSON.stringify(signedIn ? 'modulepreload' : 'prefetch')};
          if (style) link.setAttribute('blocking', 'render');
          link.crossOrigin = '';
          link.href = file;
          document.head.appendChild(link);
        }
        files.now.forEach(ask);
        if (files.then.length) setTimeout(function () { files.then.forEach(ask); });
      })();
    `;
}
