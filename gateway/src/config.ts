/**
 * The gateway's public developer tools as the environment switches them:
 * both on by default; GRAPHQL_PUBLIC_TOOLS=false turns both off for production,
 * and GRAPHQL_INTROSPECTION / GRAPHQL_PLAYGROUND set one each (they win).
 */
export type PublicTools = { introspection: boolean; playground: boolean };

type Env = Record<string, string | undefined>;

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return !['false', '0', 'off', 'no'].includes(value.trim().toLowerCase());
}

export function publicToolsFromEnv(env: Env): PublicTools {
  const all = flag(env.GRAPHQL_PUBLIC_TOOLS) ?? true;
  return {
    introspection: flag(env.GRAPHQL_INTROSPECTION) ?? all,
    playground: flag(env.GRAPHQL_PLAYGROUND) ?? all,
  };
}
