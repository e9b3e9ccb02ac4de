import path from 'node:path';
import type { Plugin } from 'vite';

/** The part of a module's information (rolldown's chunking context) read here. */
type Info = { code: string | null; importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; exports: readonly string[] };
/** What rolldown's `codeSplitting.groups[].name` function is given as its second argument. */
type ModuleGraph = { getModuleInfo(id: string): Info | null };

type Phase = 'start' | 'signed-in';

/** Every name, for an import that takes a whole module (`import * as`, `export *`, a bare `import 'x'` of a barrel). */
const ALL = '*';

/** One `import … from`, `export … from` or bare `import '…'` statement: the specifier and the names it takes. */
type Statement = { keyword: string; specifier: string; names: Set<string>; locals: Map<string, string>; star: boolean };

const STATEMENT = /(?:^|[\n;])[ \t]*(import|export)\s*((?:type\s+)?(?:[\w$]+\s*(?:,\s*)?)?(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})?\s*from\s*)?["']([^"'\n]+)["']/g;

/** The static import and re-export statements of a module's (transformed) code. */
export function statements(code: string): Statement[] {
  const result: Statement[] = [];
  for (const [, keyword, clause = '', specifier] of code.matchAll(STATEMENT)) {
    const names = new Set<string>();
    const locals = new Map<string, string>();
    let star = false;
    const body = clause.replace(/\s*from\s*$/, '').trim();
    if (body.startsWith('type ')) continue;
    if (!body) {
      if (keyword === 'import') star = true; // A side effect import: the module runs whole.
    } else {
      const braces = /\{([^}]*)\}/.exec(body);
      for (const part of braces?.[1]?.split(',') ?? []) {
        const item = part.trim();
        if (!item || item.startsWith('type ')) continue;
        const [imported, local = imported] = item.split(/\s+as\s+/).map((name) => name.trim().replace(/^["']|["']$/g, ''));
        names.add(imported!);
        locals.set(local!, imported!);
      }
      const outside = body.replace(/\{[^}]*\}/, '').split(',').map((part) => part.trim()).filter(Boolean);
      for (const item of outside) {
        if (item.startsWith('*')) {
          star = true;
          const local = /\*\s*as\s+([\w$]+)/.exec(item)?.[1];
          if (local) locals.set(local, ALL);
        } else if (keyword === 'import') {
          names.add('default');
          locals.set(item, 'default');
        }
      }
    }
    result.push({ keyword: keyword!, specifier: specifier!, names, locals, star });
  }
  return result;
}

/**
 * Finds the id among a module's `importedIds` that one of its specifiers names, where the id shows it: a relative path
 * (with or without its extension, or a folder's index), or a package's name or file under node_modules.
 */
type Resolver = (specifier: string) => string | undefined;

export function resolverFor(from: string, importedIds: readonly string[]): Resolver {
  const clean = (id: string) => id.replace(/[?#].*$/, '').replace(/\\/g, '/');
  const keys = new Map<string, string | null>();
  const add = (key: string, id: string) => keys.set(key, keys.has(key) && keys.get(key) !== id ? null : id);
  for (const id of importedIds) {
    const file = clean(id);
    add(file, id);
    add(file.replace(/\.\w+$/, ''), id);
    add(file.replace(/\/index\.\w+$/, ''), id);
    const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)(\/.*)?$/.exec(file);
    if (inPackage) {
      add(`${inPackage[1]}${inPackage[2] ?? ''}`, id);
      add(`${inPackage[1]}${(inPackage[2] ?? '').replace(/\.\w+$/, '')}`, id);
      add(inPackage[1]!, id);
    }
  }
  const folder = path.dirname(clean(from));
  return (specifier) => {
    const key = specifier.startsWith('.') ? path.posix.resolve(folder, specifier) : specifier;
    return keys.get(key) ?? undefined;
  };
}

/**
 * A module whose code is only import and export statements (a package's index, like @mantine/core's), with what each
 * name it exports comes from; null for a module with code of its own.
 */
type Barrel = { exports: Map<string, { id: string; name: string }>; stars: string[]; sideEffects: string[] };

export function barrelOf(id: string, info: Pick<Info, 'code' | 'importedIds'>): Barrel | null {
  if (!info.code) return null;
  const rest = info.code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .replace(STATEMENT, '')
    .replace(/export\s*\{[^}]*\}\s*;?/g, '')
    .replace(/["']use client["']/g, '')
    .replace(/[;\s]/g, '');
  if (rest) return null;
  const exports = new Map<string, { id: string; name: string }>();
  const stars: string[] = [];
  const sideEffects: string[] = [];
  const imported = new Map<string, { id: string; name: string }>();
  const resolve = resolverFor(id, info.importedIds);
  for (const statement of statements(info.code)) {
    const source = resolve(statement.specifier);
    if (!source) return null;
    const isExport = statement.keyword === 'export';
    for (const [local, name] of statement.locals) {
      if (isExport) exports.set(local, { id: source, name });
      else imported.set(local, { id: source, name });
    }
    if (statement.star && statement.locals.size === 0) (isExport ? stars : sideEffects).push(source);
  }
  for (const [, list] of info.code.matchAll(/export\s*\{([^}]*)\}\s*;?(?!\s*from)/g)) {
    for (const part of list!.split(',')) {
      const item = part.trim();
      if (!item) continue;
      const [local, exported = local] = item.split(/\s+as\s+/).map((name) => name.trim());
      const origin = imported.get(local!);
      if (origin) exports.set(exported!, origin);
    }
  }
  return { exports, stars, sideEffects };
}

/**
 * The phases of a page load, each the modules one dynamic import brings (rolldown's chunking context gives the module
 * graph). Left to itself, the build splits what several lazy screens share into one chunk per set of sharers: with
 * Mantine's components, /buildings opened about seventy files. On slow 4G over HTTP/1.1 (six connections, each file a
 * round trip of its own) those round trips, more than the bytes, made the screen's wait: Lighthouse put its largest
 * paint at 4.4 s. Grouped by phase, the page loads a handful:
 *
 * - `start`: what src/app/startApp.tsx imports (React's group apart), which every page opens, sign-in included;
 * - `signed-in`: what the shell and Apollo Client's area import (Apollo's group apart), which every page behind
 *   sign-in opens, and what Buildings, where most visits start, shares with other screens (which the build would
 *   otherwise split into small chunks on Buildings' path). What only one screen imports stays in that screen's chunk.
 *
 * The other screens' shared code is left to the build's own splitting. A module's imports are followed by name
 * through a package's index (a barrel), so that importing Button from @mantine/core brings Button, not all of Mantine.
 */
export function chunkPhases(root: string) {
  const file = (relative: string) => path.resolve(root, relative);
  const entry = file('src/main.tsx');
  const start = file('src/app/startApp.tsx');
  const signedIn = [file('src/app/ApolloArea.tsx'), file('src/app/shell/Shell.tsx')];
  const firstScreens = [file('src/features/buildings/BuildingsPage.tsx')];

  let graph: ModuleGraph | null = null;
  let phases: Map<string, Phase> | null = null;
  const barrels = new Map<string, Barrel | null>();
  const parsed = new Map<string, Statement[]>();

  // Each look-up copies the module's code out of the bundler: once per module and build.
  const infos = new Map<string, Info | null>();
  const info = (id: string): Info | null => {
    if (!infos.has(id)) {
      const moduleInfo = graph!.getModuleInfo(id);
      infos.set(id, moduleInfo && { code: moduleInfo.code, importedIds: moduleInfo.importedIds, dynamicallyImportedIds: moduleInfo.dynamicallyImportedIds, exports: moduleInfo.exports });
    }
    return infos.get(id)!;
  };
  const barrel = (id: string) => {
    if (!barrels.has(id)) {
      const moduleInfo = info(id);
      barrels.set(id, moduleInfo ? barrelOf(id, moduleInfo) : null);
    }
    return barrels.get(id)!;
  };

  /** Whether a module exports a name, itself or through the `export *` of a barrel. */
  const exportsName = (id: string, name: string, seen = new Set<string>()): boolean => {
    if (seen.has(id)) return false;
    seen.add(id);
    const shape = barrel(id);
    if (shape) return shape.exports.has(name) || shape.stars.some((star) => exportsName(star, name, seen));
    return info(id)?.exports.includes(name) ?? false;
  };

  /** The modules `from` brings with its static imports, following barrels by name. */
  const closure = (from: string): Set<string> => {
    const modules = new Set<string>();
    const barrelNames = new Set<string>();
    const stack: Array<{ id: string; names: Set<string> | typeof ALL }> = [{ id: from, names: ALL }];
    while (stack.length) {
      const { id, names } = stack.pop()!;
      const shape = barrel(id);
      if (shape) {
        if (!modules.has(id)) {
          modules.add(id);
          // A bare `import '…'` (a stylesheet) runs whatever is taken from the module.
          for (const effect of shape.sideEffects) stack.push({ id: effect, names: ALL });
        }
        const moduleInfo = info(id)!;
        const wanted = names === ALL ? [...shape.exports.keys(), ...shape.stars.flatMap((star) => info(star)?.exports ?? [])] : [...names];
        if (names === ALL) {
          if (barrelNames.has(`${id}\0${ALL}`)) continue;
          barrelNames.add(`${id}\0${ALL}`);
          for (const star of shape.stars) stack.push({ id: star, names: ALL });
        }
        for (const name of wanted) {
          const key = `${id}\0${name}`;
          if (barrelNames.has(key)) continue;
          barrelNames.add(key);
          const origin = shape.exports.get(name);
          if (origin) stack.push({ id: origin.id, names: origin.name === ALL ? ALL : new Set([origin.name]) });
          else if (names !== ALL) {
            // From an `export *`: the star source that exports it.
            const star = shape.stars.find((candidate) => exportsName(candidate, name));
            if (star) stack.push({ id: star, names: new Set([name]) });
            else for (const imported of moduleInfo.importedIds) stack.push({ id: imported, names: ALL });
          }
        }
        continue;
      }
      if (modules.has(id)) continue;
      modules.add(id);
      const moduleInfo = info(id);
      if (!moduleInfo) continue;
      if (!parsed.has(id)) parsed.set(id, moduleInfo.code ? statements(moduleInfo.code) : []);
      const followed = new Set<string>();
      const unresolved: Statement[] = [];
      const follow = (target: string, statement: Statement) => {
        followed.add(target);
        stack.push({ id: target, names: statement.star ? ALL : statement.names });
      };
      const resolve = resolverFor(id, moduleInfo.importedIds);
      for (const statement of parsed.get(id)!) {
        const target = resolve(statement.specifier);
        if (target) follow(target, statement);
        else unresolved.push(statement);
      }
      // Specifiers the ids do not show (a workspace package, a virtual module): paired in order when as many ids are
      // left, else each left id is taken whole.
      const left = moduleInfo.importedIds.filter((imported) => !followed.has(imported));
      if (left.length === unresolved.length) left.forEach((imported, index) => follow(imported, unresolved[index]!));
      else for (const imported of left) stack.push({ id: imported, names: ALL });
    }
    return modules;
  };

  const compute = (): Map<string, Phase> => {
    // Every chunk entry of the app: main.tsx and each module something imports dynamically.
    const entries = new Set<string>([entry]);
    const seen = new Set<string>();
    const stack = [entry];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const moduleInfo = info(id);
      if (!moduleInfo) continue;
      stack.push(...moduleInfo.importedIds);
      for (const imported of moduleInfo.dynamicallyImportedIds) {
        entries.add(imported);
        stack.push(imported);
      }
    }
    const result = new Map<string, Phase>();
    // What the entry imports itself stays in the entry's chunk (its stylesheets, Vite's preload helper); the phases'
    // own modules stay the facades of their chunks, which the app imports dynamically.
    const inEntry = closure(entry);
    const assign = (id: string, phase: Phase) => {
      if (!result.has(id) && !inEntry.has(id) && id !== start && !signedIn.includes(id)) result.set(id, phase);
    };
    for (const id of closure(start)) assign(id, 'start');
    for (const from of signedIn) for (const id of closure(from)) assign(id, 'signed-in');
    const others = [...entries].filter((id) => id !== entry && id !== start && !signedIn.includes(id) && !firstScreens.includes(id));
    const usedElsewhere = new Set<string>();
    for (const other of others) for (const id of closure(other)) usedElsewhere.add(id);
    for (const screen of firstScreens) {
      for (const id of closure(screen)) if (id !== screen && usedElsewhere.has(id)) assign(id, 'signed-in');
    }
    return result;
  };

  const phaseOf = (id: string): Phase | null => {
    if (!phases) throw new Error('chunk phases: the module graph was not read (the fsi:chunk-phases plugin must run in the build)');
    return phases.get(id) ?? null;
  };

  return {
    /**
     * rolldown's groups, one per phase, the earlier phase first (`priority` is the start's, the signed-in phase's one
     * below; rolldown reads them unsigned, so at least 1): a module the start needs stays in the start's chunk, never
     * in the later phase's, which /signin would then open.
     */
    groups(priority: number) {
      return (['start', 'signed-in'] as const).map((phase, index) => ({
        name: phase,
        test: (id: string) => phaseOf(id) === phase,
        priority: priority - index,
        // Each phase is closed under its imports already, but for what the entry chunk holds (Vite's preload helper,
        // the stylesheets main.tsx imports), which must stay there: taken into a phase, the entry would import the
        // phase's chunk, and /signin wait for it before its first paint.
        includeDependenciesRecursively: false,
      }));
    },
    /** Reads the module graph once it is complete, before the chunks are made. */
    plugin(): Plugin {
      return {
        name: 'fsi:chunk-phases',
        apply: 'build',
        buildStart() {
          phases = null;
        },
        buildEnd(error) {
          if (error) return;
          graph = { getModuleInfo: (id) => this.getModuleInfo(id) };
          infos.clear();
          barrels.clear();
          parsed.clear();
          phases = compute();
          graph = null;
        },
      };
    },
  };
}
