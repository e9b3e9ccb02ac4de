import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gql } from 'graphql-tag';
import type { DocumentNode } from 'graphql';
import type { Plugin } from 'vite';

/** `export const XDocument = /*#__PURE__*\/ gql`…`;`, as graphql-codegen's typescript-react-apollo writes it. */
const DOCUMENT = /export const (\w+) = \/\*#__PURE__\*\/ gql`([^`]*)`;/g;
const INTERPOLATION = /\$\{(\w+)\}/g;

type Template = { literals: string[]; names: string[] };

/** The documents of every generated file under `root`, by their exported name. */
function readTemplates(root: string): Map<string, Template> {
  const templates = new Map<string, Template>();
  for (const file of readdirSync(root, { recursive: true }).map(String)) {
    if (!file.endsWith('.generated.tsx')) continue;
    for (const [, name, body] of readFileSync(path.join(root, file), 'utf8').matchAll(DOCUMENT)) {
      templates.set(name!, { literals: body!.split(INTERPOLATION).filter((_, index) => index % 2 === 0), names: [...body!.matchAll(INTERPOLATION)].map((match) => match[1]!) });
    }
  }
  return templates;
}

/** A document as graphql-tag makes it at run time, from the template and the documents it interpolates. */
function documentOf(name: string, templates: Map<string, Template>, made: Map<string, DocumentNode>): DocumentNode {
  const existing = made.get(name);
  if (existing) return existing;
  const template = templates.get(name);
  if (!template) throw new Error(`precompileGql: no generated document named ${name}`);
  const document = gql(template.literals, ...template.names.map((interpolated) => documentOf(interpolated, templates, made)));
  made.set(name, document);
  return document;
}

/** Every generated document under `root` as the build writes it, by exported name (for the test that compares them). */
export function precompiledDocuments(root: string): Map<string, unknown> {
  const templates = readTemplates(root);
  const made = new Map<string, DocumentNode>();
  return new Map([...templates.keys()].map((name) => [name, withoutLocation(documentOf(name, templates, made))]));
}

/** The document without `loc` (the source text, which only graphql-tag reads, to interpolate a document into another). */
export function withoutLocation(document: DocumentNode): unknown {
  return JSON.parse(JSON.stringify(document, (key, value: unknown) => (key === 'loc' ? undefined : value)));
}

/**
 * Parses the GraphQL documents of the generated hooks (`*.generated.tsx`, graphql-codegen's `gql` templates) at build
 * time: each becomes the document graphql-tag would make of it, as JSON. At run time the app then parses no GraphQL
 * (parsing a screen's documents as its chunk runs was a long task on a phone: about a hundred milliseconds for the
 * shell's and Buildings'), and neither graphql-tag nor GraphQL's parser is shipped. The documents are the same objects
 * as graphql-tag's, but for `loc` (its source text), which neither Apollo Client nor GraphQL's printer reads: the
 * requests sent are the same. Tests and the dev server keep graphql-tag (this runs in `vite build` only).
 */
export function precompileGql(root: string): Plugin {
  let templates = new Map<string, Template>();
  let made = new Map<string, DocumentNode>();
  return {
    name: 'fsi:precompile-gql',
    apply: 'build',
    // On the generated TypeScript as written, before it is compiled.
    enforce: 'pre',
    buildStart() {
      templates = readTemplates(root);
      made = new Map();
    },
    transform: {
      filter: { id: /\.generated\.tsx$/ },
      handler(code) {
        let replaced = false;
        const output = code.replace(DOCUMENT, (_, name: string) => {
          replaced = true;
          const json = JSON.stringify(withoutLocation(documentOf(name, templates, made)));
          return `export const ${name} = /*#__PURE__*/ JSON.parse(${JSON.stringify(json)});`;
        });
        return replaced ? { code: output, map: null } : undefined;
      },
    },
  };
}
